// Server-issued challenges of passkeys and SIWE: stored with their origin and user, valid
// 5 minutes, used at most once (the use is an atomic update).
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { authChallenges } from '../db/schema.ts';
import { invalidField } from '../wire/errors.ts';
import type { ServerConfig } from '../config.ts';

export const AUTH_CHALLENGE_TTL_MS = 5 * 60_000;

export type ChallengeKind = 'webauthn-reg' | 'webauthn-auth' | 'siwe';

export interface StoredChallenge {
  id: string;
  usrId: number | null;
  address: string | null;
  origin: string;
  payloadHash: string;
}

/** The caller's page origin, when it is one this server serves (PUBLIC_URL or ALLOWED_ORIGINS). */
export function allowedOrigin(config: ServerConfig, hostingDomainUrl: string): URL {
  let url: URL;
  try {
    url = new URL(hostingDomainUrl);
  } catch {
    throw invalidField('hostingDomainUrl', 'Unknown hosting domain');
  }
  const allowed = [config.publicUrl, ...config.allowedOrigins].map((o) => new URL(o).origin);
  if (!allowed.includes(url.origin)) throw invalidField('hostingDomainUrl', 'Unknown hosting domain');
  return new URL(url.origin);
}

export class AuthChallenges {
  constructor(private readonly db: Db) {}

  async store(
    kind: ChallengeKind,
    c: { id: string; usrId: number | null; address?: string; origin: string; payloadHash?: string },
    now: Date,
  ): Promise<void> {
    await this.db.insert(authChallenges).values({
      id: c.id,
      kind,
      usrId: c.usrId,
      address: c.address ?? null,
      origin: c.origin,
      payloadHash: c.payloadHash ?? '',
      createdAt: now,
      expiresAt: new Date(now.getTime() + AUTH_CHALLENGE_TTL_MS),
    });
  }

  /** Uses up a live challenge of this kind; null when unknown, expired or already used. */
  async consume(kind: ChallengeKind, id: string, now: Date): Promise<StoredChallenge | null> {
    const rows = await this.db
      .update(authChallenges)
      .set({ usedAt: now })
      .where(and(eq(authChallenges.id, id), eq(authChallenges.kind, kind), isNull(authChallenges.usedAt)))
      .returning();
    const row = rows[0];
    if (!row || row.expiresAt <= now) return null;
    return {
      id: row.id,
      usrId: row.usrId,
      address: row.address,
      origin: row.origin,
      payloadHash: row.payloadHash,
    };
  }
}
