// The rewards card of the dashboard (GetRewards' record per period) and its percentages.
import { formatDecimal, isZero } from '../../ui/decimal.ts';

export type RewardPeriod = 'Daily' | 'Weekly' | 'Monthly' | 'LTD';
export const REWARD_PERIODS: readonly RewardPeriod[] = ['Daily', 'Weekly', 'Monthly', 'LTD'];
const prefixOf: Record<RewardPeriod, string> = {
  Daily: 'Daily_',
  Weekly: 'Weekly_',
  Monthly: 'Monthly_',
  LTD: '',
};

export interface RewardLine {
  label: string;
  amount: string;
  pct: string;
}

export interface RewardView {
  total: RewardLine;
  lines: RewardLine[];
  /** LTD only: the total's annualised percentage. */
  annualizedPct: string | null;
  /** True when the period has no rewards (or the record is missing): 'No recent rewards.' */
  empty: boolean;
}

/** The rewards card for one tab, from GetRewards' record (null when the call failed). */
export function rewardView(
  record: Record<string, unknown> | null | undefined,
  period: RewardPeriod,
): RewardView {
  const p = prefixOf[period];
  const get = (k: string) => String(record?.[`${p}${k}`] ?? '0');
  const line = (label: string, name: string): RewardLine => ({
    label,
    amount: get(`${name}Amt`),
    pct: get(`${name}Pct`),
  });
  const total = line('Total Rewards', 'TotalReward');
  return {
    total,
    lines: [
      line('Staking Rewards', 'StakeReward'),
      line('Fees Rewards', 'MiningReward'),
      line('MEV Rewards', 'MEVReward'),
    ],
    annualizedPct: period === 'LTD' ? String(record?.TotalRewardPctAnnualized ?? '0') : null,
    empty: !record || isZero(total.amount),
  };
}

/** A percentage with 2 decimals (cut), e.g. '3.14%'. */
export function formatPct(text: string): string {
  return `${formatDecimal(text, 4)}%`;
}
