// The Total Balance card of /payment (StakeAcctBalanceWs GetBalance; spec 001 'Balance record'):
// Credits, Topups and Charges this month, Remaining days and its text, Validators. The credits
// come from the ledger (stake_payment S minus stake_charge, billing/charges/ledger.ts). Remaining is
// at the validators' daily fee (issue 25): per 32 ETH of each one's effective balance
// (DailyCharge, @payd/schemas validatorDailyFee), not validators × CR.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { remainingDaysAt, remainingText, type BalanceRecord } from '@payd/schemas';
import type { Db } from '../../db/database.ts';
import { parsedRows } from '../../framework/sqlText.ts';
import { creditBalance, monthOf, monthTotals } from '../charges/ledger.ts';
import { currentEffectiveSql, dailyFeeSql } from '../charges/effectiveBalance.ts';

/** Validator status codes that are charged and count as the customer's validators (spec 001 4). */
export const COUNTED_STATUSES = ['1', '2', '3', '4', '7'];

export type { BalanceRecord } from '@payd/schemas';

export interface ValidatorFees {
  validators: number;
  /** Credits a day, 2 decimals. */
  dailyCharge: string;
  effectiveEth: string;
}

/** The customer's counted validators, their daily fee at `cr` and their effective balance. */
export async function validatorFees(db: Db, usrId: number, cr: string): Promise<ValidatorFees> {
  const codes = sql.join(
    COUNTED_STATUSES.map((c) => sql`${c}`),
    sql`, `,
  );
  const [r] = await parsedRows(
    db,
    sql`SELECT count(*)::int AS n,
               coalesce(sum(${dailyFeeSql(cr, currentEffectiveSql('v'))}), 0)::numeric(40, 2)::text AS fee,
               (coalesce(sum(${currentEffectiveSql('v')}), 0) / 1000000000)::bigint::text AS eth
        FROM eth2_validator v WHERE v.usr_id = ${usrId} AND v.validator_status_cd IN (${codes})`,
    z.object({ n: z.number(), fee: z.string(), eth: z.string() }),
  );
  return { validators: r!.n, dailyCharge: r!.fee, effectiveEth: r!.eth };
}

export async function validatorCount(db: Db, usrId: number): Promise<number> {
  return (await validatorFees(db, usrId, '0')).validators;
}

export async function balanceRecord(
  db: Db,
  usrId: number,
  now: Date,
  dailyCharge: string,
): Promise<BalanceRecord> {
  const [credits, month, fees] = await Promise.all([
    creditBalance(db, usrId),
    monthTotals(db, usrId, monthOf(now)),
    validatorFees(db, usrId, dailyCharge),
  ]);
  const days = remainingDaysAt(credits, fees.dailyCharge);
  return {
    Credits: credits,
    Topups: month.topUps,
    Charges: month.charges,
    Remaining: days,
    RemainingText: remainingText(days, fees.validators),
    Validators: fees.validators,
    DailyCharge: fees.dailyCharge,
    EffectiveEth: fees.effectiveEth,
  };
}
