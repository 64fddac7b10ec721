// The daily charge (spec 001 section 9: 'Daily charge per validator ... a day counts as fully
// charged after 00:00 UTC'). Each validator costs the daily fee for every UTC day that begins
// with it active, i.e. whose 00:00 falls between its activation (activation_utc, once the beacon
// chain activated it: codes 3 active, 4 exiting, 6 withdrawn, 7 exited) and its exit (exit_utc).
// The fee is per 32 ETH of the effective balance in force at that 00:00 (issue 25: Rates.CR for
// 32 ETH, twice that for 64; @payd/schemas validatorDailyFee, effectiveBalance.ts); the charge row
// keeps that effective balance.
// So the activation day is free unless the validator was active at its 00:00 (the first charge
// is the first full UTC day), and the exit day is charged when the validator was active at its
// 00:00 (an exit at exactly 00:00 UTC is not charged for that day): a customer pays one day for
// every midnight their validator was live, never for two partial days. A day is charged once it
// has passed, i.e. from 00:00 UTC of the next day. Customers whose wallet is declined or
// terminated (status D) are not charged, and a customer who comes back is not charged later for the
// terminated days either: the validators that ran before the termination stop at its day
// (charges_end_day, staking/comeBack.ts). Statements read these rows, so they follow the same rule.
//
// Set-based: one INSERT ... SELECT per batch of validators, each validator continuing after its
// last charged day, so missed days are caught up after downtime and a run costs nothing for a
// validator already charged up to yesterday. ON CONFLICT DO NOTHING on (validator, day) makes
// several runners (server instances) safe: a validator-day is written once, whoever comes first.
// Each batch is its own statement (atomic): a run killed halfway leaves whole batches, and the
// next run finds the rest. A batch that fails is run again one customer at a time, so that one
// customer whose charges cannot be written costs only their own (reported via onCustomerFailure)
// and every other customer of the batch is charged (issue 24).
import { and, asc, gt, inArray, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { eth2Validator } from '../../db/schema.ts';
import { parsedRows } from '../../framework/sqlText.ts';
import { dailyFeeSql, effectiveOnDaySql } from './effectiveBalance.ts';

export interface ChargeRunOptions {
  /** The instant of the run: every UTC day before its day is due. */
  now: Date;
  /** Credits per 32 ETH of effective balance and day, a decimal string (Rates.CR). */
  dailyCharge: string;
  /** Validators per statement (default 5000). */
  batchSize?: number;
  /** Called after each batch (tests stop a run there). */
  afterBatch?: (charged: number) => void | Promise<void>;
  /** A customer whose charges failed; without it the failure ends the run. */
  onCustomerFailure?: (usrId: number, err: unknown) => void;
}

/** The UTC day of `at` as 'YYYY-MM-DD'. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** 00:00 UTC of the day before `today` ('YYYY-MM-DD'): a validator active by then owes that day. */
const yesterdayStart = (today: string) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString();

/** Charges every due validator-day not yet charged; returns how many charges it wrote. */
export async function chargeValidators(db: Db, o: ChargeRunOptions): Promise<number> {
  const today = utcDay(o.now);
  const lastDue = yesterdayStart(today);
  const batch = o.batchSize ?? 5000;
  let after = 0;
  let total = 0;
  for (;;) {
    const ids = await db
      .select({ id: eth2Validator.eth2ValidatorId })
      .from(eth2Validator)
      .where(
        and(
          gt(eth2Validator.eth2ValidatorId, after),
          lte(eth2Validator.activationUtc, sql`${lastDue}::timestamptz`),
          inArray(eth2Validator.validatorStatusCd, ['3', '4', '6', '7']),
        ),
      )
      .orderBy(asc(eth2Validator.eth2ValidatorId))
      .limit(batch);
    if (!ids.length) return total;
    const from = after;
    after = ids[ids.length - 1]!.id;
    const n = await chargeBatch(db, o, { from, to: after, today, lastDue });
    total += n;
    await o.afterBatch?.(n);
  }
}

interface Range {
  /** Validator ids after `from` up to `to`. */
  from: number;
  to: number;
  today: string;
  /** 00:00 UTC of yesterday: a validator active by then owes that day. */
  lastDue: string;
}

/** Charges one batch; when it fails, each of its customers alone (see the file comment). */
async function chargeBatch(db: Db, o: ChargeRunOptions, r: Range): Promise<number> {
  try {
    return await chargeRange(db, o, r, null);
  } catch (err) {
    if (!o.onCustomerFailure) throw err;
  }
  const customers = await db
    .selectDistinct({ usrId: eth2Validator.usrId })
    .from(eth2Validator)
    .where(and(gt(eth2Validator.eth2ValidatorId, r.from), lte(eth2Validator.eth2ValidatorId, r.to)))
    .orderBy(asc(eth2Validator.usrId));
  let n = 0;
  for (const { usrId } of customers) {
    try {
      n += await chargeRange(db, o, r, usrId);
    } catch (err) {
      o.onCustomerFailure!(usrId, err);
    }
  }
  return n;
}

/** Writes the due charges of the validators in `r` (of one customer when usrId is set). */
async function chargeRange(db: Db, o: ChargeRunOptions, r: Range, usrId: number | null): Promise<number> {
  const { from, to: after, today, lastDue } = r;
  const [written] = await parsedRows(
    db,
    sql`WITH ins AS (INSERT INTO stake_charge (usr_id, eth2_validator_id, charge_day, credit_amt, effective_gwei, charged_on)
        SELECT v.usr_id, v.eth2_validator_id, d::date, f.amt, e.gwei, ${o.now.toISOString()}::timestamptz
        FROM eth2_validator v
        LEFT JOIN LATERAL (SELECT max(c.charge_day) AS last FROM stake_charge c
                           WHERE c.eth2_validator_id = v.eth2_validator_id) l ON true
        CROSS JOIN LATERAL generate_series(
          greatest(((v.activation_utc - interval '1 microsecond') AT TIME ZONE 'UTC')::date + 1, l.last + 1)::timestamp,
          least(${today}::date - 1,
                coalesce(((v.exit_utc - interval '1 microsecond') AT TIME ZONE 'UTC')::date, ${today}::date - 1))::timestamp,
          interval '1 day') d
        CROSS JOIN LATERAL (SELECT ${effectiveOnDaySql('v', sql`d::date`)} AS gwei) e
        CROSS JOIN LATERAL (SELECT ${dailyFeeSql(o.dailyCharge, sql`e.gwei`)} AS amt) f
        WHERE f.amt > 0 AND v.eth2_validator_id > ${from} AND v.eth2_validator_id <= ${after}
          AND (${usrId}::int IS NULL OR v.usr_id = ${usrId}::int)
          AND v.activation_utc <= ${lastDue}::timestamptz
          AND v.validator_status_cd IN ('3', '4', '6', '7')
          AND NOT EXISTS (SELECT 1 FROM stake_wallet_address w
                          WHERE w.usr_id = v.usr_id AND w.stake_wallet_status_cd = 'D')
          AND (v.charges_end_day IS NULL OR d::date < v.charges_end_day)
        ON CONFLICT (eth2_validator_id, charge_day) DO NOTHING
        RETURNING 1)
        SELECT count(*)::int AS n FROM ins`,
    z.object({ n: z.number() }),
  );
  return written!.n;
}
