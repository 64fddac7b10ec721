// Removes what can no longer be used: expired codes, challenges, single-use markers and
// finished sessions, per-IP limit windows that have passed. Every instance runs it hourly; an
// advisory lock lets one purge at a time (two at once would do the same deletes twice, and
// overlapping deletes in different orders can deadlock), the other skips that round.
import { lt, or, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { authChallenges, authCodes, emailCodes, sessions, usedTokens } from '../db/schema.ts';
import { purgeRateLimits } from '../wire/rateLimitStore.ts';
import { parsedRows } from '../framework/sqlText.ts';
import { LoginThrottle } from './throttle.ts';

const DAY = 24 * 3600_000;
/** pg advisory lock key of the purge (migrations use 727384). */
export const PURGE_LOCK = 727385;

/** Purges; false when another instance was purging (nothing done). */
export async function purgeExpired(db: Db, now: Date): Promise<boolean> {
  const dayAgo = new Date(now.getTime() - DAY);
  return db.transaction(async (tx) => {
    const [lock] = await parsedRows(
      tx,
      sql`SELECT pg_try_advisory_xact_lock(${PURGE_LOCK}) AS got`,
      z.object({ got: z.boolean() }),
    );
    if (!lock?.got) return false;
    await tx.delete(usedTokens).where(lt(usedTokens.expiresAt, now));
    await tx.delete(authChallenges).where(lt(authChallenges.expiresAt, dayAgo));
    await tx.delete(authCodes).where(lt(authCodes.expiresAt, dayAgo));
    await tx.delete(emailCodes).where(lt(emailCodes.expiresAt, dayAgo));
    // Refresh tokens go with their session (ON DELETE CASCADE).
    await tx.delete(sessions).where(or(lt(sessions.expiresAt, now), isNotNull(sessions.revokedAt)));
    await purgeRateLimits(tx, now);
    await new LoginThrottle(tx).purge(now);
    return true;
  });
}
