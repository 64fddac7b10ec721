// The dashboard's chart of daily rewards (issue 25 item 10, EthTxHistoryWs GetRewardChart): the
// rows as the chart plots them (ETH as numbers, for drawing only: every figure a person reads comes
// from the exact strings) and the one-sentence summary assistive technology reads instead.
import { plural, type RewardChartRow } from '@payd/schemas';
import { addDecimals, formatDecimal } from '../../ui/decimal.ts';

export interface ChartPoint {
  /** '28 Nov'. */
  label: string;
  Staking: number;
  Fees: number;
  MEV: number;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11-28' → '28 Nov'. */
export function dayLabel(day: string): string {
  const [, m, d] = day.split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1] ?? ''}`;
}

export function chartPoints(rows: readonly RewardChartRow[]): ChartPoint[] {
  return rows.map((r) => ({
    label: dayLabel(r.Day),
    Staking: Number(r.StakeRewardAmt),
    Fees: Number(r.MiningRewardAmt),
    MEV: Number(r.MEVRewardAmt),
  }));
}

/** ETH to 6 decimals, for the tooltip. */
export const chartEth = (n: number) => `${n.toFixed(6)} ETH`;
/** The axis' ticks (labelled ETH once): 6 decimals. */
export const chartTick = (n: number) => n.toFixed(6);

/**
 * 'Daily rewards over the last 30 days: 0.12345678 ETH in all; the most on 27 Nov, 0.01000000 ETH.'
 * or '... no rewards yet.'.
 */
export function chartSummary(rows: readonly RewardChartRow[]): string {
  const head = `Daily rewards over the last ${plural(rows.length, 'day')}`;
  const total = addDecimals(rows.map((r) => r.TotalRewardAmt));
  if (!rows.length || !/[1-9]/.test(total)) return `${head}: no rewards yet.`;
  const best = rows.reduce((a, r) => (Number(r.TotalRewardAmt) > Number(a.TotalRewardAmt) ? r : a));
  return `${head}: ${formatDecimal(total, 8)} ETH in all; the most on ${dayLabel(best.Day)}, ${formatDecimal(best.TotalRewardAmt, 8)} ETH.`;
}
