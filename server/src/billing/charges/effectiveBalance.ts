// The fee of a day's effective balance as SQL, for the set-based charge run, the runway and the
// low-credit review (issue 25 item 9). The rule is @payd/schemas' validatorDailyFee (per 32 ETH of
// effective balance, pro rata, half up to the cent); `dailyFeeSql` computes the same figure in
// numeric and effectiveBalance.test.ts holds the two together. Which effective balance a day is
// charged for is the staking feature's (staking/effectiveBalance.ts).
import { sql, type SQL } from 'drizzle-orm';
import { FEE_UNIT_GWEI } from '@payd/schemas';

export { currentEffectiveSql, effectiveOnDaySql } from '../../staking/index.ts';

/**
 * Credits (numeric, 2 places) a validator of `effectiveGwei` pays a day at `cr` per 32 ETH: exactly
 * validatorDailyFee, in integer steps (div truncates; every term is positive, so it is floor).
 */
export function dailyFeeSql(cr: string, effectiveGwei: SQL): SQL {
  const unit = FEE_UNIT_GWEI.toString();
  return sql`(div(${cr}::numeric * (${effectiveGwei}) * 100 + ${unit}::numeric / 2, ${unit}::numeric) / 100)::numeric(20, 2)`;
}
