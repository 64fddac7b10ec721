// GetRewards (EthTxHistoryWs): the dashboard's rewards card. Sums of the caller's history at one
// wallet address over the last day, week, 30 days and the whole life (LTD), each with its share of
// the staked principal (32 ETH a staked validator); LTD also annualised. Exact numeric in SQL.
import { sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { Caller } from '../framework/definition.ts';
import { rows } from '../framework/sqlText.ts';
import { forbidden } from '../protocol/errors.ts';
import { ETH_PER_VALIDATOR, STAKED_CODES, StakingMessages } from './messages.ts';

const kinds = [
  ['StakeReward', 'stake_reward_amt'],
  ['MEVReward', 'mev_reward_amt'],
  ['MiningReward', 'mining_reward_amt'],
] as const;
const DAY_MS = 86_400_000;
const periods = [
  ['Daily_', DAY_MS],
  ['Weekly_', 7 * DAY_MS],
  ['Monthly_', 30 * DAY_MS],
  ['', null],
] as const;

export async function getRewards(db: Db, clock: Clock, caller: Caller, walletAddress: string) {
  const wallets = await rows(
    db,
    sql`SELECT eth2_wallet_id FROM eth2_wallet
        WHERE usr_id = ${caller.usrId} AND lower(eth1_withdrawal_addr) = lower(${walletAddress})`,
  );
  if (!wallets.length) throw forbidden(StakingMessages.noWallet);
  const ids = sql.join(
    wallets.map((w) => sql`${Number(w.eth2_wallet_id)}`),
    sql`, `,
  );
  const now = clock.now().getTime();
  const parts = [];
  for (const [prefix, span] of periods) {
    const since =
      span === null ? sql`TRUE` : sql`h.time_stamp > ${new Date(now - span).toISOString()}::timestamptz`;
    for (const [name, col] of kinds)
      parts.push(
        sql`coalesce(sum(${sql.raw(`h.${col}`)}) FILTER (WHERE ${since}), 0)::text AS ${sql.raw(`"${prefix}${name}Amt"`)}`,
      );
    parts.push(
      sql`coalesce(sum(h.stake_reward_amt + h.mev_reward_amt + h.mining_reward_amt) FILTER (WHERE ${since}), 0)::text AS ${sql.raw(`"${prefix}TotalRewardAmt"`)}`,
    );
  }
  const [sums] = await rows(
    db,
    sql`SELECT ${sql.join(parts, sql`, `)}, min(h.time_stamp) FILTER (WHERE h.stake_amt > 0) AS first_deposit
        FROM eth_tx_history h WHERE h.usr_id = ${caller.usrId} AND h.eth2_wallet_id IN (${ids})`,
  );
  const [staked] = await rows(
    db,
    sql`SELECT count(*)::int AS n FROM eth2_validator WHERE eth2_wallet_id IN (${ids})
          AND validator_status_cd IN (${sql.join(
            STAKED_CODES.map((c) => sql`${c}`),
            sql`, `,
          )})`,
  );
  const principal = (BigInt(Number(staked!.n)) * ETH_PER_VALIDATOR).toString();
  const firstDeposit = sums!.first_deposit ? new Date(String(sums!.first_deposit)) : null;
  const days = firstDeposit
    ? Math.max(1, Math.ceil((clock.now().getTime() - firstDeposit.getTime()) / 86_400_000))
    : 1;
  // Percentages in SQL numeric as well: amount * 100 / principal, 18 places.
  const names = periods.flatMap(([prefix]) =>
    [...kinds.map(([n]) => n), 'TotalReward'].map((n) => `${prefix}${n}`),
  );
  const pctExprs = names.map(
    (n, i) =>
      sql`CASE WHEN ${principal}::numeric = 0 THEN 0 ELSE round(${String(sums![`${n}Amt`])}::numeric * 100 / ${principal}::numeric, 18) END::text AS ${sql.raw(`"p${i}"`)}`,
  );
  const [pcts] = await rows(db, sql`SELECT ${sql.join(pctExprs, sql`, `)}`);
  const record: Record<string, string> = {};
  names.forEach((n, i) => {
    record[`${n}Amt`] = String(sums![`${n}Amt`]);
    record[`${n}Pct`] = String(pcts![`p${i}`]);
  });
  const annual = [...kinds.map(([n]) => n), 'TotalReward'].map(
    (n, i) => sql`round(${record[`${n}Pct`]}::numeric * 365 / ${days}, 18)::text AS ${sql.raw(`"a${i}"`)}`,
  );
  const [ann] = await rows(db, sql`SELECT ${sql.join(annual, sql`, `)}`);
  [...kinds.map(([n]) => n), 'TotalReward'].forEach((n, i) => {
    record[`${n}PctAnnualized`] = String(ann![`a${i}`]);
  });
  return { Dtl: [record] };
}
