// EthTxHistoryWs GetRewardChart (issue 25 item 10): the dashboard's daily rewards over time, read
// from the per-wallet per-day summary eth_tx_daily (migration 0210), one row per UTC day of the last
// `days` days with zeros where nothing was earned. The last day is the later of the server clock's
// and the beacon chain's (the dev chain's clock can run ahead), as GetRewards counts. Exact numeric.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RewardChartReply } from '@payd/schemas';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { Caller } from '../framework/definition.ts';
import { parsedRows } from '../framework/sqlText.ts';
import { callerWalletsAt } from './rewards.ts';

const row = z.object({
  Day: z.string(),
  StakeRewardAmt: z.string(),
  MiningRewardAmt: z.string(),
  MEVRewardAmt: z.string(),
  TotalRewardAmt: z.string(),
});

export async function getRewardChart(
  db: Db,
  clock: Clock,
  caller: Caller,
  walletAddress: string,
  days: number,
): Promise<RewardChartReply> {
  const { ids, now } = await callerWalletsAt(db, clock, caller, walletAddress);
  const today = new Date(now).toISOString().slice(0, 10);
  const amt = (col: string) => sql.raw(`coalesce(sum(s.${col}), 0)::numeric(38, 18)::text`);
  const Rows = await parsedRows(
    db,
    sql`SELECT d::date::text AS "Day",
               ${amt('stake_reward_amt')} AS "StakeRewardAmt",
               ${amt('mining_reward_amt')} AS "MiningRewardAmt",
               ${amt('mev_reward_amt')} AS "MEVRewardAmt",
               coalesce(sum(s.stake_reward_amt + s.mining_reward_amt + s.mev_reward_amt), 0)::numeric(38, 18)::text
                 AS "TotalRewardAmt"
        FROM generate_series(${today}::date - ${days - 1}::int, ${today}::date, interval '1 day') d
        LEFT JOIN eth_tx_daily s ON s.day = d::date AND s.eth2_wallet_id IN (${ids})
        GROUP BY d ORDER BY d`,
    row,
  );
  return { Rows };
}
