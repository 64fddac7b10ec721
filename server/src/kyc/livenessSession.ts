// What the CynopsisWs methods share (spec 002 section 7): their typed dependencies, limits and
// messages, the per-user hourly counter and the caller's own personal KYC record.
import { eq } from 'drizzle-orm';
import { SELFIE_BODY_LIMIT, staffCompareRoles } from '@payd/schemas';
import { Counters } from '../db/counters.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { kycPerson, type KycPersonRow } from '../db/schema.ts';
import { rateLimited } from '../wire/errors.ts';
import type { AuthUser } from '../wire/method.ts';
import type { LivenessProvider } from './livenessProvider.ts';

/** How long a liveness session (its access token) stays usable. */
export const LIVENESS_SESSION_MS = 10 * 60_000;
/** Liveness sessions one customer may open per hour. */
export const LIVENESS_SESSIONS_PER_HOUR = 20;
/** FaceCompare / DocOCR calls one user may make per hour. */
export const COMPARE_PER_HOUR = 30;
const HOUR_MS = 3_600_000;
/** The largest selfie (and picture URI) and who may compare besides customers: the contracts'. */
export { SELFIE_BODY_LIMIT, staffCompareRoles };

export const LIVENESS_MESSAGES = {
  noRecord: 'Please complete your personal details first.',
  declined: 'Your KYC application was declined.',
  sessionInvalid: 'The liveness session is not valid. Please start the liveness test again.',
  sessionExpired: 'The liveness session has expired. Please start the liveness test again.',
  sessionUsed: 'This liveness session was already used. Please start the liveness test again.',
} as const;

/** What each CynopsisWs method needs. */
export interface CynopsisDeps {
  db: Db;
  clock: Clock;
  provider: LivenessProvider;
  /** Counts one call of `key` by `user` this hour; over `max` answers 429. */
  limit: (key: string, user: AuthUser, max: number) => Promise<void>;
}

export function hourlyLimit(db: Db, clock: Clock): CynopsisDeps['limit'] {
  const counters = new Counters(db);
  return async (key, user, max) => {
    const n = await counters.hit(`liveness:${key}:${user.usrId}`, HOUR_MS, clock.now());
    if (n > max) throw rateLimited();
  };
}

export type OwnPerson = Pick<KycPersonRow, 'kycPersonId' | 'internalStatus' | 'livenessPassed'>;

/** The caller's own personal KYC record (the first, as the pages use it). */
export async function ownPerson(db: Db, user: AuthUser): Promise<OwnPerson | undefined> {
  const found = await db
    .select({
      kycPersonId: kycPerson.kycPersonId,
      internalStatus: kycPerson.internalStatus,
      livenessPassed: kycPerson.livenessPassed,
    })
    .from(kycPerson)
    .where(eq(kycPerson.inputFor, user.usrId))
    .orderBy(kycPerson.kycPersonId)
    .limit(1);
  return found[0];
}

export function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
