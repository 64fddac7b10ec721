import { describe, expect, it } from 'vitest';
import { chartPoints, chartSummary, dayLabel } from './rewardChartRules.ts';

const row = (Day: string, stake: string, fees = '0', mev = '0', total = stake) => ({
  Day,
  StakeRewardAmt: stake,
  MiningRewardAmt: fees,
  MEVRewardAmt: mev,
  TotalRewardAmt: total,
});

describe('the daily rewards chart', () => {
  it('plots each day by kind, labelled by its date', () => {
    expect(dayLabel('2026-11-05')).toBe('5 Nov');
    expect(chartPoints([row('2026-11-28', '0.01', '0.002', '0.003', '0.015')])).toEqual([
      { label: '28 Nov', Staking: 0.01, Fees: 0.002, MEV: 0.003 },
    ]);
  });

  it('says in a sentence what the chart shows', () => {
    const rows = [row('2026-11-27', '0.010000000000000001'), row('2026-11-28', '0.002')];
    expect(chartSummary(rows)).toBe(
      'Daily rewards over the last 2 days: 0.01200000 ETH in all; the most on 27 Nov, 0.01000000 ETH.',
    );
    expect(chartSummary([row('2026-11-28', '0')])).toBe('Daily rewards over the last 1 day: no rewards yet.');
  });
});
