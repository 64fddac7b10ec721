import { Cache, Decimal } from '@payd/protocol';
import { describe, expect, it } from 'vitest';
import { criticalRatioWarning, liquidatedText, liquidationOutlook } from './liquidationText.ts';

const d = (v: string | number) => Decimal.from(v);

describe('liquidationOutlook', () => {
  it('gives the recovery-mode price when it comes first: a cache under the total ratio goes when recovery mode starts', () => {
    // 15 ETH / 9,000 PAYD: 115% at 690; the system (100 ETH / 50,000) enters recovery mode under 775
    const mine = new Cache(d(15), d(9_000));
    const total = new Cache(d(100), d(50_000));
    const covered = liquidationOutlook(mine, total, d(1000), d(9_000), 5);
    expect(covered.prices.effective.prettify(2)).toBe('775.00');
    expect(covered.lines).toEqual([
      'ETH is at 1,000.00 PAYD today. Under 690.00 PAYD per ETH your cache falls below 115% and can be liquidated.',
      'Your ratio is under the total collateral ratio, so in recovery mode (ETH under 775.00 PAYD, the total ratio under 155%) your cache can be liquidated at once while the rewards pool covers its debt: it can be liquidated under 775.00 PAYD.',
    ]);
    const small = liquidationOutlook(mine, total, d(1000), d(100), 5);
    expect(small.prices.effective.prettify(2)).toBe('690.00');
    expect(small.lines[1]).toMatch(
      /as soon as the rewards pool \(100\.00 PAYD\) covers its debt of 9,000\.00 PAYD\.$/,
    );
    expect(liquidationOutlook(new Cache(d(30), d(9_000)), total, d(1000), d(9_000), 5).lines).toHaveLength(1);
  });
});

describe('criticalRatioWarning', () => {
  it('warns outside recovery mode under 155%, not at or above it', () => {
    expect(criticalRatioWarning(d('1.249'), false)).toBe(
      "At 124.9% your cache would be under the critical ratio of 155%. If the system's total collateral ratio falls under 155% (recovery mode), a cache under the total ratio can be liquidated although it is above 115%.",
    );
    expect(criticalRatioWarning(d('1.55'), false)).toBeUndefined();
    expect(criticalRatioWarning(d('1.249'), true)).toBeUndefined();
  });
});

describe('liquidatedText', () => {
  it('names the total ratio for a cache liquidated above 115% in recovery mode', () => {
    expect(liquidatedText('belowTotalRatio', true)).toMatch(
      /^The system was in recovery mode \(total collateral ratio under 155%\) and your cache's ratio was under the total collateral ratio/,
    );
    expect(liquidatedText('belowMinimum', false)).toMatch(
      /^Its collateral ratio fell under the minimum of 115%/,
    );
    expect(liquidatedText(undefined, false)).toMatch(/^It was liquidated: /);
  });
});
