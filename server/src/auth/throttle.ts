// Password guessing, slowed per account: failed sign-ins of an account name (whether or not the
// account exists) are counted in the database, so every server instance sees them. From the 3rd
// failure a Login needs a solved challenge whose cost doubles with each failure (bounded, so an
// honest browser solves it in about a second); from the 10th the account name is refused for a
// growing time after its last failure (30 s doubling up to 15 min), answered with 429 and
// Retry-After before any password is checked. Passkey and wallet sign-ins and a password reset
// are never held back, and a reset clears the count: an attacker cannot lock the owner out.
import { eq, lt, sql } from 'drizzle-orm';
import { ApiErrorCode, authMessages } from '@payd/schemas';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { loginFailures } from '../db/schema.ts';
import { ApiError } from '../wire/errors.ts';
import { sha256 } from '../secrets.ts';

/** Failures are counted in a window of this length from the first one (a success clears them). */
export const ACCOUNT_FAILURE_WINDOW_MS = 24 * 3600_000;
export const ACCOUNT_FAILURES_BEFORE_CHALLENGE = 3;
export const ACCOUNT_FAILURES_BEFORE_BACKOFF = 10;
export const BACKOFF_FIRST_MS = 30_000;
export const BACKOFF_MAX_MS = 15 * 60_000;
/** The challenge costs at most this many times the configured count (LOGIN_CHALLENGE_COUNT). */
export const CHALLENGE_MAX_FACTOR = 64;

/** Iterations of the challenge for an account with `failures` failures. */
export function challengeCount(base: number, failures: number): number {
  const doublings = Math.min(
    Math.max(failures - ACCOUNT_FAILURES_BEFORE_CHALLENGE, 0),
    Math.log2(CHALLENGE_MAX_FACTOR),
  );
  return base * 2 ** doublings;
}

/** How long after its last failure an account with `failures` failures is refused (0: not). */
export function backoffMs(failures: number): number {
  if (failures < ACCOUNT_FAILURES_BEFORE_BACKOFF) return 0;
  return Math.min(BACKOFF_FIRST_MS * 2 ** (failures - ACCOUNT_FAILURES_BEFORE_BACKOFF), BACKOFF_MAX_MS);
}

export interface ThrottleState {
  failures: number;
  /** > 0 while the account is in its back-off. */
  retryAfterMs: number;
}

/** Seconds to put in Retry-After, per request (the auth plugin's onSend hook sets the header). */
export const retryAfterSeconds = new WeakMap<FastifyRequest, number>();

/** The 429 of an account in its back-off; the same for every account name. */
export function backoffRefusal(request: FastifyRequest, retryAfterMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  retryAfterSeconds.set(request, seconds);
  return new ApiError(429, ApiErrorCode.rateLimited, authMessages.loginBackoff, { retryAfter: seconds });
}

function accountKey(usrName: string): string {
  return sha256(`login:${usrName.trim().toLowerCase()}`);
}

export class LoginThrottle {
  constructor(private readonly db: Db) {}

  async state(usrName: string, now: Date): Promise<ThrottleState> {
    const row = (
      await this.db
        .select()
        .from(loginFailures)
        .where(eq(loginFailures.accountKey, accountKey(usrName)))
    )[0];
    if (!row || row.firstAt.getTime() <= now.getTime() - ACCOUNT_FAILURE_WINDOW_MS)
      return { failures: 0, retryAfterMs: 0 };
    const until = row.lastAt.getTime() + backoffMs(row.failures);
    return { failures: row.failures, retryAfterMs: Math.max(0, until - now.getTime()) };
  }

  /** Counts one failure; returns the account's failures now. */
  async fail(usrName: string, now: Date): Promise<number> {
    const staleBefore = new Date(now.getTime() - ACCOUNT_FAILURE_WINDOW_MS);
    const rows = await this.db
      .insert(loginFailures)
      .values({ accountKey: accountKey(usrName), failures: 1, firstAt: now, lastAt: now })
      .onConflictDoUpdate({
        target: loginFailures.accountKey,
        set: {
          failures: sql`CASE WHEN ${loginFailures.firstAt} <= ${staleBefore} THEN 1 ELSE ${loginFailures.failures} + 1 END`,
          firstAt: sql`CASE WHEN ${loginFailures.firstAt} <= ${staleBefore} THEN ${now} ELSE ${loginFailures.firstAt} END`,
          lastAt: now,
        },
      })
      .returning({ failures: loginFailures.failures });
    return rows[0]?.failures ?? 1;
  }

  /** After a successful sign-in or a password reset. */
  async clear(usrName: string): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.accountKey, accountKey(usrName)));
  }

  /** Drops counts whose window has passed (the hourly purge). */
  async purge(now: Date): Promise<void> {
    await this.db
      .delete(loginFailures)
      .where(lt(loginFailures.lastAt, new Date(now.getTime() - ACCOUNT_FAILURE_WINDOW_MS)));
  }
}
