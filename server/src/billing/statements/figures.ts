// The figures of a monthly statement, read from the records (spec 001 'Statement lists'). Every sum
// is done by PostgreSQL in numeric and read as text: no amount passes through a float.
//
// Reward statement, per validator with history before the month's end: the balance is what the
// beacon chain holds for it (deposits + consensus rewards and penalties + withdrawals, which are
// negative in eth_tx_history); execution-layer fees and MEV go to the fee recipient, so they are
// rewards of the month but not part of the balance. closing = opening + deposits + consensus
// rewards + withdrawals.
// Account statement: credits from successful top-ups (stake_payment, status S, by paid_on) minus
// the daily charges (stake_charge, by charge_day). closing = opening + top-ups - charges.
import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../framework/sqlText.ts';
import { lastDay, nextMonth } from './months.ts';

export interface ValidatorFigures {
  validatorId: number;
  validatorIndex: string | null;
  pubKey: string;
  withdrawalAddress: string;
  opening: string;
  deposits: string;
  consensusRewards: string;
  executionRewards: string;
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

const s = (v: unknown) => String(v);

export async function rewardFigures(db: Executor, usrId: number, month: string): Promise<RewardFigures> {
  const from = `${month}T00:00:00Z`;
  const to = `${nextMonth(month)}T00:00:00Z`;
  const inMonth = sql`h.time_stamp >= ${from}::timestamptz`;
  const found = await rows(
    db,
    sql`WITH per AS (
          SELECT v.eth2_validator_id AS id, v.validator_index::text AS vi, v.pub_key, w.eth1_withdrawal_addr AS addr,
            coalesce(sum(h.stake_amt + h.stake_reward_amt + h.withdraw_amt)
              FILTER (WHERE h.time_stamp < ${from}::timestamptz), 0) AS opening,
            coalesce(sum(h.stake_amt) FILTER (WHERE ${inMonth}), 0) AS deposits,
            coalesce(sum(h.stake_reward_amt) FILTER (WHERE ${inMonth}), 0) AS consensus,
            coalesce(sum(h.mining_reward_amt + h.mev_reward_amt) FILTER (WHERE ${inMonth}), 0) AS execution,
            coalesce(sum(h.withdraw_amt) FILTER (WHERE ${inMonth}), 0) AS withdrawals,
            sum(h.stake_amt + h.stake_reward_amt + h.withdraw_amt) AS closing
          FROM eth2_validator v
          JOIN eth2_wallet w ON w.eth2_wallet_id = v.eth2_wallet_id
          JOIN eth_tx_history h ON h.eth2_validator_id = v.eth2_validator_id AND h.time_stamp < ${to}::timestamptz
          WHERE v.usr_id = ${usrId}
          GROUP BY v.eth2_validator_id, v.validator_index, v.pub_key, w.eth1_withdrawal_addr)
        SELECT id, vi, pub_key, addr, opening::numeric(38, 18)::text AS opening,
          deposits::numeric(38, 18)::text AS deposits, consensus::numeric(38, 18)::text AS consensus,
          execution::numeric(38, 18)::text AS execution, withdrawals::numeric(38, 18)::text AS withdrawals,
          closing::numeric(38, 18)::text AS closing
        FROM (SELECT * FROM per
              UNION ALL
              SELECT 0, NULL, '', '', coalesce(sum(opening), 0), coalesce(sum(deposits), 0),
                coalesce(sum(consensus), 0), coalesce(sum(execution), 0), coalesce(sum(withdrawals), 0),
                coalesce(sum(closing), 0)
              FROM per) x
        ORDER BY id = 0, id`,
  );
  const all = found.map((r): ValidatorFigures => ({
    validatorId: Number(r.id),
    validatorIndex: r.vi === null ? null : s(r.vi),
    pubKey: s(r.pub_key),
    withdrawalAddress: s(r.addr),
    opening: s(r.opening),
    deposits: s(r.deposits),
    consensusRewards: s(r.consensus),
    executionRewards: s(r.execution),
    withdrawals: s(r.withdrawals),
    closing: s(r.closing),
  }));
  return { month, validators: all.slice(0, -1), total: all[all.length - 1]! };
}

export async function accountFigures(db: Executor, usrId: number, month: string): Promise<AccountFigures> {
  const from = `${month}T00:00:00Z`;
  const to = `${nextMonth(month)}T00:00:00Z`;
  const [t] = await rows(
    db,
    sql`SELECT o.opening::numeric(20, 2)::text AS opening, p.top_ups::numeric(20, 2)::text AS top_ups,
          c.charges::numeric(20, 2)::text AS charges,
          (o.opening + p.top_ups - c.charges)::numeric(20, 2)::text AS closing
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
  );
  const topUpLines = await rows(
    db,
    sql`SELECT paid_on, pmt_type_cd, pmt_amt::text AS pmt_amt, credit_amt::text AS credit_amt
        FROM stake_payment
        WHERE usr_id = ${usrId} AND pmt_status_cd = 'S'
          AND paid_on >= ${from}::timestamptz AND paid_on < ${to}::timestamptz
        ORDER BY paid_on, pmt_id`,
  );
  const chargeLines = await rows(
    db,
    sql`SELECT charge_day::text AS day, count(*)::int AS n, sum(credit_amt)::numeric(20, 2)::text AS credits
        FROM stake_charge
        WHERE usr_id = ${usrId} AND charge_day >= ${month}::date AND charge_day <= ${lastDay(month)}::date
        GROUP BY charge_day ORDER BY charge_day`,
  );
  return {
    month,
    opening: s(t!.opening),
    topUps: s(t!.top_ups),
    charges: s(t!.charges),
    closing: s(t!.closing),
    topUpLines: topUpLines.map((r) => ({
      paidOn: new Date(s(r.paid_on)).toISOString(),
      type: s(r.pmt_type_cd),
      amount: s(r.pmt_amt),
      credits: s(r.credit_amt),
    })),
    chargeLines: chargeLines.map((r) => ({ day: s(r.day), validators: Number(r.n), credits: s(r.credits) })),
  };
}
