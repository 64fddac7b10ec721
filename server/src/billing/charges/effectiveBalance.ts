// The effective balance a day is charged for, and the fee of it, as SQL for the set-based charge run,
// the runway and the low-credit review (issue 25 item 9). The fee rule is @payd/schemas'
// validatorDailyFee (per 32 ETH of effective balance, pro rata, half up to the cent); `dailyFeeSql`
// computes the same figure in numeric and effectiveBalance.test.ts holds the two together.
//
// The effective balance of a UTC day is the one in force at its 00:00 (the day is charged because it
// began with the validator active): the latest change the sync recorded at or before that instant
// (eth2_validator_effective, migration 0295). A day before the first recorded change (the sync saw
// the validator after the day began) takes the first one; a validator never synced since 0295 takes
// its deposit, capped by its kind's maximum, which is what a new validator starts with.
import { sql, type SQL } from 'drizzle-orm';
import { FEE_UNIT_GWEI, MAX_EFFECTIVE_GWEI } from '@payd/schemas';

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
 * Credits (numeric, 2 places) a validator of `effectiveGwei` pays a day at `cr` per 32 ETH: exactly
 * validatorDailyFee, in integer steps (div truncates; every term is positive, so it is floor).
 */
export function dailyFeeSql(cr: string, effectiveGwei: SQL): SQL {
  const unit = FEE_UNIT_GWEI.toString();
  return sql`(div(${cr}::numeric * (${effectiveGwei}) * 100 + ${unit}::numeric / 2, ${unit}::numeric) / 100)::numeric(20, 2)`;
}
