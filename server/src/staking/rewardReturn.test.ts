import { describe, expect, it } from 'vitest';
import { annualisedPct, earningBalance, periodPct } from './rewardReturn.ts';
import { fromUnits, toUnits } from './rewards.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 28, 12);
const ago = (days: number) => NOW - days * DAY;
const pct = (rewards: string, from: number | null, spans: Parameters<typeof earningBalance>[0]) => {
  const balance = earningBalance(spans, from, NOW);
  return {
    pct: fromUnits(periodPct(toUnits(rewards), balance)),
    yearly: fromUnits(annualisedPct(toUnits(rewards), balance)),
  };
};

describe('the return on the balance that earned the rewards', () => {
  it('annualises over the time active, not the time since the deposit', () => {
    // Deposited 5 days ago, active for the last day, 0.0096 ETH earned: 0.0096 / 32 = 0.03 % in a
    // day, 0.03 × 365 = 10.95 % a year (counting the 4 days in the queue read 2.19 %).
    expect(pct('0.0096', null, [{ activation: ago(1), exit: null }])).toEqual({
      pct: '0.030000000000000000',
      yearly: '10.950000000000000000',
    });
  });

  it('weighs each validator by how long it ran', () => {
    // A active 40 days; B from 10 to 4 days ago (6 days): 32 × 46 = 1472 ETH-days.
    // 0.2 ETH: 0.2 / 64 = 0.3125 %; 0.2 × 365 × 100 / 1472 = 4.959239130434782608695... %.
    const spans = [
      { activation: ago(40), exit: null },
      { activation: ago(10), exit: ago(4) },
    ];
    expect(pct('0.2', null, spans)).toEqual({ pct: '0.312500000000000000', yearly: '4.959239130434782609' });
    // The week saw both run (64 ETH), the last day only A (32 ETH).
    expect(pct('0.02', ago(7), spans).pct).toBe('0.031250000000000000');
    expect(pct('0.0032', ago(1), spans).pct).toBe('0.010000000000000000');
  });

  it('keeps the figures of the time the validators ran after they exit', () => {
    // Active 30 days, exited 5 days ago: 0.24 / 32 = 0.75 %, × 365 / 30 = 9.125 % a year.
    const spans = [{ activation: ago(35), exit: ago(5) }];
    expect(pct('0.24', null, spans)).toEqual({ pct: '0.750000000000000000', yearly: '9.125000000000000000' });
    // Nothing ran in the last day: no balance earned there.
    expect(pct('0', ago(1), spans).pct).toBe('0.000000000000000000');
  });

  it('measures a 0x02 validator against its effective balance, not 32 ETH', () => {
    // 64 ETH and 32 ETH active for the last day: 0.0288 ETH over 96 ETH = 0.03 %, as one 32-ETH
    // validator earning 0.0096 reads.
    const spans = [
      { activation: ago(1), exit: null, eth: 64n },
      { activation: ago(1), exit: null, eth: 32n },
    ];
    expect(pct('0.0288', null, spans)).toEqual({
      pct: '0.030000000000000000',
      yearly: '10.950000000000000000',
    });
  });

  it('reads 0 before any validator is active', () => {
    expect(pct('0', null, [{ activation: NOW + DAY, exit: null }])).toEqual({
      pct: '0.000000000000000000',
      yearly: '0.000000000000000000',
    });
    expect(pct('0', null, [])).toEqual({ pct: '0.000000000000000000', yearly: '0.000000000000000000' });
  });
});
