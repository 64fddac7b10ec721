// The figures of a monthly statement, read from the records (spec 001 'Statement lists'). Every sum
// is done by PostgreSQL in numeric and read as text: no amount passes through a float.
//
// Reward statement, per validator with history before the month's end: the balance is what the
// beacon chain holds for it (deposits + consensus rewards and penalties + withdrawals, which are
// negative in eth_tx_history); execution-layer fees and MEV go to the fee recipient, so they are
// rewards of the month but not part of the balance. Fees and MEV are given apart, as the dashboard
// gives them (they are in the history only once paid to the fee recipient on chain). closing = opening + deposits + consensus
// rewards + withdrawals.
// Account statement: credits from successful top-ups (stake_payment, status S, by paid_on) minus
// the daily charges (stake_charge, by charge_day; each day with the effective balance its fees were
// for, as they are per 32 ETH of it). closing = opening + top-ups - charges.
import { and, asc, count, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { stakeCharge, stakePayment } from '../../db/schema.ts';
import { parsedRows, type Executor } from '../../framework/sqlText.ts';
import { lastDay, nextMonth } from './months.ts';

export interface ValidatorFigures {
  validatorId: number;
  validatorIndex: string | null;
  pubKey: string;
  withdrawalAddress: string;
  opening: string;
  deposits: string;
  consensusRewards: string;
  /** Fees plus MEV (kept for statements made before they were given apart). */
  executionRewards: string;
  /** Execution-layer priority fees paid to the fee recipient. */
  feesRewards: string;
  /** MEV (builder payments) paid to the fee recipient. */
  mevRewards: string;
  withdrawals: string;
  closing: string;
}

export interface RewardFigures {
  month: string;
  validators: ValidatorFigures[];
  /** Sums over the validators (validatorId 0). */
  total: ValidatorFigures;
}

export interface TopUpLine {
  paidOn: string;
  type: string;
  amount: string;
  credits: string;
}

export interface ChargeLine {
  day: string;
  validators: number;
  /** The effective balance the day's fees were for, in whole ETH (the fee is per 32 ETH of it). */
  effectiveEth: string;
  credits: string;
}

export interface AccountFigures {
  month: string;
  opening: string;
  topUps: string;
  charges: string;
  closing: string;
  topUpLines: TopUpLine[];
  chargeLines: ChargeLine[];
}

/** A validator's row of the reward statement (id 0: the total); amounts as exact decimal text. */
const validatorRow = z.object({
  id: z.number(),
  vi: z.string().nullable(),
  pub_key: z.string(),
  addr: z.string(),
  opening: z.string(),
  deposits: z.string(),
  consensus: z.string(),
  execution: z.string(),
  fees: z.string(),
  mev: z.string(),
  withdrawals: z.string(),
  closing: z.string(),
});

const accountTotals = z.object({
  opening: z.string(),
  top_ups: z.string(),
  charges: z.string(),
  closing: z.string(),
});

export async function rewardFigures(db: Executor, usrId: number, month: string): Promise<RewardFigures> {
  const from = `${month}T00:00:00Z`;
  const to = `${nextMonth(month)}T00:00:00Z`;
  const inMonth = sql`h.time_stamp >= ${from}::timestamptz`;
  const found = await parsedRows(
    db,
    sql`WITH per AS (
          SELECT v.eth2_validator_id AS id, v.validator_index::text AS vi, v.pub_key, w.eth1_withdrawal_addr AS addr,
            coalesce(sum(h.stake_amt + h.stake_reward_amt + h.withdraw_amt)
              FILTER (WHERE h.time_stamp < ${from}::timestamptz), 0) AS opening,
            coalesce(sum(h.stake_amt) FILTER (WHERE ${inMonth}), 0) AS deposits,
            coalesce(sum(h.stake_reward_amt) FILTER (WHERE ${inMonth}), 0) AS consensus,
            coalesce(sum(h.mining_reward_amt + h.mev_reward_amt) FILTER (WHERE ${inMonth}), 0) AS execution,
            coalesce(sum(h.mining_reward_amt) FILTER (WHERE ${inMonth}), 0) AS fees,
            coalesce(sum(h.mev_reward_amt) FILTER (WHERE ${inMonth}), 0) AS mev,
            coalesce(sum(h.withdraw_amt) FILTER (WHERE ${inMonth}), 0) AS withdrawals,
            sum(h.stake_amt + h.stake_reward_amt + h.withdraw_amt) AS closing
          FROM eth2_validator v
          JOIN eth2_wallet w ON w.eth2_wallet_id = v.eth2_wallet_id
          JOIN eth_tx_history h ON h.eth2_validator_id = v.eth2_validator_id AND h.time_stamp < ${to}::timestamptz
          WHERE v.usr_id = ${usrId}
          GROUP BY v.eth2_validator_id, v.validator_index, v.pub_key, w.eth1_withdrawal_addr)
        SELECT id, vi, pub_key, addr, opening::numeric(38, 18)::text AS opening,
          deposits::numeric(38, 18)::text AS deposits, consensus::numeric(38, 18)::text AS consensus,
          execution::numeric(38, 18)::text AS execution, fees::numeric(38, 18)::text AS fees,
          mev::numeric(38, 18)::text AS mev, withdrawals::numeric(38, 18)::text AS withdrawals,
          closing::numeric(38, 18)::text AS closing
        FROM (SELECT * FROM per
              UNION ALL
              SELECT 0, NULL, '', '', coalesce(sum(opening), 0), coalesce(sum(deposits), 0),
                coalesce(sum(consensus), 0), coalesce(sum(execution), 0), coalesce(sum(fees), 0),
                coalesce(sum(mev), 0), coalesce(sum(withdrawals), 0),
                coalesce(sum(closing), 0)
              FROM per) x
        ORDER BY id = 0, id`,
    validatorRow,
  );
  const all = found.map((r): ValidatorFigures => ({
    validatorId: r.id,
    validatorIndex: r.vi,
    pubKey: r.pub_key,
    withdrawalAddress: r.addr,
    opening: r.opening,
    deposits: r.deposits,
    consensusRewards: r.consensus,
    executionRewards: r.execution,
    feesRewards: r.fees,
    mevRewards: r.mev,
    withdrawals: r.withdrawals,
    closing: r.closing,
  }));
  return { month, validators: all.slice(0, -1), total: all[all.length - 1]! };
}

export async function accountFigures(db: Db, usrId: number, month: string): Promise<AccountFigures> {
  const from = `${month}T00:00:00Z`;
  const to = `${nextMonth(month)}T00:00:00Z`;
  const [t] = await parsedRows(
    db,
    sql`SELECT o.opening::numeric(40, 2)::text AS opening, p.top_ups::numeric(40, 2)::text AS top_ups,
          c.charges::numeric(40, 2)::text AS charges,
          (o.opening + p.top_ups - c.charges)::numeric(40, 2)::text AS closing
        FROM (SELECT
                (SELECT coalesce(sum(credit_amt), 0) FROM stake_payment
                 WHERE usr_id = ${usrId} AND pmt_status_cd = 'S' AND paid_on < ${from}::timestamptz)
              - (SELECT coalesce(sum(credit_amt), 0) FROM stake_charge
                 WHERE usr_id = ${usrId} AND charge_day < ${month}::date) AS opening) o,
             (SELECT coalesce(sum(credit_amt), 0) AS top_ups FROM stake_payment
              WHERE usr_id = ${usrId} AND pmt_status_cd = 'S'
                AND paid_on >= ${from}::timestamptz AND paid_on < ${to}::timestamptz) p,
             (SELECT coalesce(sum(credit_amt), 0) AS charges FROM stake_charge
              WHERE usr_id = ${usrId} AND charge_day >= ${month}::date AND charge_day <= ${lastDay(month)}::date) c`,
    accountTotals,
  );
  const topUpLines = await db
    .select({
      paidOn: stakePayment.paidOn,
      type: stakePayment.pmtTypeCd,
      amount: stakePayment.pmtAmt,
      credits: stakePayment.creditAmt,
    })
    .from(stakePayment)
    .where(
      and(
        eq(stakePayment.usrId, usrId),
        eq(stakePayment.pmtStatusCd, 'S'),
        gte(stakePayment.paidOn, sql`${from}::timestamptz`),
        lt(stakePayment.paidOn, sql`${to}::timestamptz`),
      ),
    )
    .orderBy(asc(stakePayment.paidOn), asc(stakePayment.pmtId));
  const chargeLines = await db
    .select({
      day: stakeCharge.chargeDay,
      validators: count(),
      effectiveEth: sql<string>`(sum(${stakeCharge.effectiveGwei}) / 1000000000)::bigint::text`,
      credits: sql<string>`sum(${stakeCharge.creditAmt})::numeric(40, 2)::text`,
    })
    .from(stakeCharge)
    .where(
      and(
        eq(stakeCharge.usrId, usrId),
        gte(stakeCharge.chargeDay, month),
        lte(stakeCharge.chargeDay, lastDay(month)),
      ),
    )
    .groupBy(stakeCharge.chargeDay)
    .orderBy(asc(stakeCharge.chargeDay));
  return {
    month,
    opening: t!.opening,
    topUps: t!.top_ups,
    charges: t!.charges,
    closing: t!.closing,
    // paid_on is set: the statement's WHERE compares it.
    topUpLines: topUpLines.map((r) => ({ ...r, paidOn: r.paidOn!.toISOString() })),
    chargeLines,
  };
}
