// EthTxHistoryWs GetRewardChart (issue 25 item 10): the dashboard's chart of daily rewards, one row
// per UTC day of the last `days` days (days without rewards included, at 0), for the caller's wallet
// of an address. Amounts are exact decimal strings (18 places) of ETH.
import { z } from 'zod';
import { walletAddressField } from './keyExport.ts';

/** The longest span the chart asks for: a year. */
export const MAX_REWARD_CHART_DAYS = 366;
/** What the dashboard shows: the last 30 days. */
export const REWARD_CHART_DAYS = 30;

export const rewardChartBody = z.object({
  walletAddress: walletAddressField,
  /** How many UTC days, ending with the chain's today. */
  days: z.number().int().min(1).max(MAX_REWARD_CHART_DAYS).default(REWARD_CHART_DAYS),
});
export type RewardChartRequest = z.input<typeof rewardChartBody>;

export const rewardChartRow = z.strictObject({
  /** UTC day, 'YYYY-MM-DD'. */
  Day: z.string(),
  /** Consensus (attestation, sync, proposal) rewards credited to the validators' balances. */
  StakeRewardAmt: z.string(),
  /** Execution-layer priority fees paid to the fee recipient. */
  MiningRewardAmt: z.string(),
  /** MEV paid to the fee recipient. */
  MEVRewardAmt: z.string(),
  TotalRewardAmt: z.string(),
});
export type RewardChartRow = z.output<typeof rewardChartRow>;

export const rewardChartReply = z.strictObject({ Rows: z.array(rewardChartRow) });
export type RewardChartReply = z.output<typeof rewardChartReply>;
