// One runner of the pool job at a time across server instances: a row in pool_job_lease taken
// with one INSERT ... ON CONFLICT DO UPDATE that succeeds only when the lease is free, expired or
// already the caller's. A row rather than an advisory lock because a run waits on mined
// transactions and the beacon node, and must not keep a connection or a transaction open meanwhile
// (on PGlite that would hold the only connection). A runner that dies leaves the lease to expire.
import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../framework/sqlText.ts';

export const POOL_JOB_LEASE = 'pool_job';

/** Takes the lease for `ms` (database time); false when another holder has it. */
export async function takeLease(
  db: Executor,
  holder: string,
  ms: number,
  name = POOL_JOB_LEASE,
): Promise<boolean> {
  const got = await rows(
    db,
    sql`INSERT INTO pool_job_lease (name, holder, expires_on)
        VALUES (${name}, ${holder}, clock_timestamp() + ${`${ms} milliseconds`}::interval)
        ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_on = excluded.expires_on
          WHERE pool_job_lease.expires_on < clock_timestamp() OR pool_job_lease.holder = excluded.holder
        RETURNING holder`,
  );
  return got.length === 1;
}

/** Gives the lease back (only the holder's own). */
export async function releaseLease(db: Executor, holder: string, name = POOL_JOB_LEASE): Promise<void> {
  await db.execute(
    sql`UPDATE pool_job_lease SET expires_on = '-infinity' WHERE name = ${name} AND holder = ${holder}`,
  );
}
