// The Total Balance card of /payment (StakeAcctBalanceWs GetBalance; spec 001 'Balance record'):
// Credits, Topups and Charges this month, Remaining days and its text, Validators. The credits
// come from the ledger (stake_payment S minus stake_charge, billing/charges/ledger.ts).
import { and, count, eq, inArray } from 'drizzle-orm';
import { remainingDays, remainingText } from '@payd/schemas';
import type { Db } from '../../db/database.ts';
import { eth2Validator } from '../../db/schema.ts';
import { creditBalance, monthOf, monthTotals } from '../charges/ledger.ts';

/** Validator status codes that are charged and count as the customer's validators (spec 001 4). */
export const COUNTED_STATUSES = ['1', '2', '3', '4', '7'];

export interface BalanceRecord {
  Credits: string;
  Topups: string;
  Charges: string;
  /** Whole days the credits last at Validators × CR a day. */
  Remaining: number;
  RemainingText: string;
  Validators: number;
}

export async function validatorCount(db: Db, usrId: number): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(eth2Validator)
    .where(and(eq(eth2Validator.usrId, usrId), inArray(eth2Validator.validatorStatusCd, COUNTED_STATUSES)));
  return r?.n ?? 0;
}

export async function balanceRecord(
  db: Db,
  usrId: number,
  now: Date,
  dailyCharge: string,
): Promise<BalanceRecord> {
  const [credits, month, validators] = await Promise.all([
    creditBalance(db, usrId),
    monthTotals(db, usrId, monthOf(now)),
    validatorCount(db, usrId),
  ]);
  const days = remainingDays(credits, validators, dailyCharge);
  return {
    Credits: credits,
    Topups: month.topUps,
    Charges: month.charges,
    Remaining: days,
    RemainingText: remainingText(days, validators),
    Validators: validators,
  };
}
