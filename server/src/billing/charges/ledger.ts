// The credit ledger of a customer (issue 12, spec 001): credits come from successful top-ups
// (stake_payment, status S) and go to the daily charges per validator (stake_charge). Plain
// functions over the database, amounts as exact decimal strings with 2 places ('12.30', '-0.50'):
// the sums are done by PostgreSQL in numeric, never in floating point. A sum is formatted as
// numeric(40, 2), not as the columns' numeric(20, 2): two rows near the column's limit add up past
// 10^18, and a narrower cast failed the whole query ('numeric field overflow', issue 24).
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { parsedRows, type Executor } from '../../framework/sqlText.ts';

/** A UTC calendar month: year and month 1-12. */
export interface Month {
  year: number;
  month: number;
}

export interface MonthTotals {
  /** Credits bought by successful top-ups paid in the month. */
  topUps: string;
  /** Credits charged for the days of the month. */
  charges: string;
}

/** First instant of a UTC month, as an ISO string. */
export function monthStart(m: Month): string {
  return new Date(Date.UTC(m.year, m.month - 1, 1)).toISOString();
}

/** The UTC month that holds `at`. */
export function monthOf(at: Date): Month {
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1 };
}

function nextMonth(m: Month): Month {
  return m.month === 12 ? { year: m.year + 1, month: 1 } : { year: m.year, month: m.month + 1 };
}

/**
 * Credits of `usrId`: successful top-ups paid before `asOf` minus the charges of the days before
 * `asOf` (both: everything when `asOf` is omitted). A string with 2 decimals; may be negative.
 */
export async function creditBalance(db: Executor, usrId: number, asOf?: Date): Promise<string> {
  const at = asOf ? asOf.toISOString() : null;
  const [r] = await parsedRows(
    db,
    sql`SELECT ((SELECT coalesce(sum(credit_amt), 0) FROM stake_payment
                 WHERE usr_id = ${usrId} AND pmt_status_cd = 'S'
                   AND (${at}::timestamptz IS NULL OR paid_on < ${at}::timestamptz))
              - (SELECT coalesce(sum(credit_amt), 0) FROM stake_charge
                 WHERE usr_id = ${usrId}
                   AND (${at}::timestamptz IS NULL OR charge_day < (${at}::timestamptz AT TIME ZONE 'UTC')::date))
             )::numeric(40, 2)::text AS balance`,
    z.object({ balance: z.string() }),
  );
  return r!.balance;
}

/** Top-ups (successful, by paid_on) and charges (by charge_day) of `usrId` in a UTC month. */
export async function monthTotals(db: Executor, usrId: number, month: Month): Promise<MonthTotals> {
  const from = monthStart(month);
  const to = monthStart(nextMonth(month));
  const [r] = await parsedRows(
    db,
    sql`SELECT (SELECT coalesce(sum(credit_amt), 0) FROM stake_payment
                WHERE usr_id = ${usrId} AND pmt_status_cd = 'S'
                  AND paid_on >= ${from}::timestamptz AND paid_on < ${to}::timestamptz)::numeric(40, 2)::text AS top_ups,
               (SELECT coalesce(sum(credit_amt), 0) FROM stake_charge
                WHERE usr_id = ${usrId}
                  AND charge_day >= ${from.slice(0, 10)}::date AND charge_day < ${to.slice(0, 10)}::date)::numeric(40, 2)::text AS charges`,
    z.object({ top_ups: z.string(), charges: z.string() }),
  );
  return { topUps: r!.top_ups, charges: r!.charges };
}
