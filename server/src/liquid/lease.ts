// One runner of the pool job at a time across server instances: a row in pool_job_lease taken
// with one INSERT ... ON CONFLICT DO UPDATE that succeeds only when the lease is free, expired or
// already the caller's. A row rather than an advisory lock because a run waits on mined
// transactions and the beacon node, and must not keep a connection or a transaction open meanwhile
// (on PGlite that would hold the only connection). A runner that dies leaves the lease to expire.
import { or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { poolJobLease } from '../db/schema.ts';
import type { Executor } from '../framework/sqlText.ts';

export const POOL_JOB_LEASE = 'pool_job';

/** Takes the lease for `ms` (database time); false when another holder has it. */
export async function takeLease(db: Db, holder: string, ms: number, name = POOL_JOB_LEASE): Promise<boolean> {
  const got = await db
    .insert(poolJobLease)
    .values({ name, holder, expiresOn: sql`clock_timestamp() + ${`${ms} milliseconds`}::interval` })
    .onConflictDoUpdate({
      target: poolJobLease.name,
      set: { holder: sql`excluded.holder`, expiresOn: sql`excluded.expires_on` },
      setWhere: or(
        sql`${poolJobLease.expiresOn} < clock_timestamp()`,
        sql`${poolJobLease.holder} = excluded.holder`,
      ),
    })
    .returning({ holder: poolJobLease.holder });
  return got.length === 1;
}

/** Gives the lease back (only the holder's own). */
export async function releaseLease(db: Executor, holder: string, name = POOL_JOB_LEASE): Promise<void> {
  await db.execute(
    sql`UPDATE pool_job_lease SET expires_on = '-infinity' WHERE name = ${name} AND holder = ${holder}`,
  );
}
