// A validator's effective balance as the server knows it (issue 25, migration 0295), as SQL: the
// charge run, the runway, the low-credit review and the rewards' percentages read it the same way.
//
// The effective balance of a UTC day is the one in force at its 00:00: the latest change the sync
// recorded at or before that instant (eth2_validator_effective, syncValidators.ts). A day before the
// first recorded change (the sync saw the validator after the day began) takes the first one; a
// validator never synced since 0295 takes its deposit, capped by its kind's maximum, which is what a
// new validator starts with (@payd/schemas startingEffectiveGwei).
import { sql, type SQL } from 'drizzle-orm';
import { MAX_EFFECTIVE_GWEI } from '@payd/schemas';

/** Effective balance (gwei) of validator row `v` when nothing was recorded: its deposit, capped. */
export function assumedEffectiveSql(v: string): SQL {
  const t = sql.raw(v);
  return sql`least(${t}.deposit_gwei, CASE WHEN coalesce(${t}.chain_kind, ${t}.withdrawal_kind) = '0x02'
               THEN ${MAX_EFFECTIVE_GWEI['0x02'].toString()}::bigint ELSE ${MAX_EFFECTIVE_GWEI['0x01'].toString()}::bigint END)`;
}

/** Effective balance (gwei) of validator row `v` now: the last sync's, else assumed. */
export function currentEffectiveSql(v: string): SQL {
  return sql`coalesce(${sql.raw(v)}.effective_gwei, ${assumedEffectiveSql(v)})`;
}

/** Effective balance (gwei) of validator row `v` at 00:00 UTC of `day` (a date expression). */
export function effectiveOnDaySql(v: string, day: SQL): SQL {
  const id = sql.raw(`${v}.eth2_validator_id`);
  return sql`coalesce(
      (SELECT e.effective_gwei FROM eth2_validator_effective e
       WHERE e.eth2_validator_id = ${id} AND e.since_utc <= (${day})::timestamp AT TIME ZONE 'UTC'
       ORDER BY e.since_utc DESC LIMIT 1),
      (SELECT e.effective_gwei FROM eth2_validator_effective e
       WHERE e.eth2_validator_id = ${id} ORDER BY e.since_utc LIMIT 1),
      ${currentEffectiveSql(v)})`;
}

/**
 * Effective balance (gwei) validator row `v` earned on: the latest above 0 (a withdrawn validator's
 * is 0, but it earned on the one before), else assumed.
 */
export function earningEffectiveSql(v: string): SQL {
  const id = sql.raw(`${v}.eth2_validator_id`);
  return sql`coalesce(
      (SELECT e.effective_gwei FROM eth2_validator_effective e
       WHERE e.eth2_validator_id = ${id} AND e.effective_gwei > 0 ORDER BY e.since_utc DESC LIMIT 1),
      ${assumedEffectiveSql(v)})`;
}
