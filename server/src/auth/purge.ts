// Removes what can no longer be used: expired codes, challenges, single-use markers and
// finished sessions, per-IP limit windows that have passed. Idempotent, so every instance may run it.
import { lt, or, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { authChallenges, authCodes, emailCodes, sessions, usedTokens } from '../db/schema.ts';
import { purgeRateLimits } from '../protocol/rateLimitStore.ts';

const DAY = 24 * 3600_000;

export async function purgeExpired(db: Db, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - DAY);
  await db.delete(usedTokens).where(lt(usedTokens.expiresAt, now));
  await db.delete(authChallenges).where(lt(authChallenges.expiresAt, dayAgo));
  await db.delete(authCodes).where(lt(authCodes.expiresAt, dayAgo));
  await db.delete(emailCodes).where(lt(emailCodes.expiresAt, dayAgo));
  // Refresh tokens go with their session (ON DELETE CASCADE).
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), isNotNull(sessions.revokedAt)));
  await purgeRateLimits(db, now);
}
