import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal/Decimal.ts';
import { Cache } from './Cache.ts';
import {
  liquidationPrices,
  liquidationReasonOf,
  liquidationVerdict,
  rewardsPoolWithdrawal,
  type LiquidationState,
} from './liquidation.ts';
import { redemptionMinimum } from './redemptionFloor.ts';

const d = (v: string | number) => Decimal.from(v);
const cache = (collateral: string | number, debt: string | number) => new Cache(d(collateral), d(debt));
const state = (over: Partial<LiquidationState>): LiquidationState => ({
  price: d(1000),
  total: cache(1000, 100_000), // 1000% at 1000: normal mode
  paydInRewardsPool: d(0),
  numberOfCaches: 3,
  ...over,
});
const outcome = (v: ReturnType<typeof liquidationVerdict>) => (v.liquidatable ? v.reason : v.refusal);

describe('liquidationVerdict', () => {
  it('normal mode: liquidates under 115% only, never at exactly 115%', () => {
    const c = cache(23, 20_000); // 23 x 1000 / 20000 = 1.15
    expect(liquidationVerdict(c, state({})).ratio.toString()).toBe('1.15');
    expect(outcome(liquidationVerdict(c, state({})))).toBe('notBelowMinimum');
    expect(outcome(liquidationVerdict(c, state({ price: d('999.999999999999999999') })))).toBe(
      'belowMinimum',
    );
    expect(outcome(liquidationVerdict(c, state({ price: d('1000.000000000000000001') })))).toBe(
      'notBelowMinimum',
    );
  });

  it('recovery mode with a small pool: a cache at 119.8% under the total ratio is refused', () => {
    const c = cache('3.594', 3000); // 119.8% at 1000
    const s = state({ total: cache(140, 100_000), paydInRewardsPool: d(2999) }); // TCR 140%
    const v = liquidationVerdict(c, s);
    expect(v.recoveryMode).toBe(true);
    expect(v.ratio.toPercent()).toBe('119.8%');
    expect(outcome(v)).toBe('poolTooSmall');
    expect(outcome(liquidationVerdict(c, { ...s, paydInRewardsPool: d(3000) }))).toBe('belowTotalRatio');
  });

  it('recovery mode: refuses a cache at or above the total ratio, takes one under 115% even with no pool', () => {
    const s = state({ total: cache(140, 100_000) });
    expect(outcome(liquidationVerdict(cache('4.2', 3000), { ...s, paydInRewardsPool: d(10_000) }))).toBe(
      'notBelowTotalRatio',
    );
    expect(outcome(liquidationVerdict(cache(3, 3000), s))).toBe('belowMinimum');
  });

  it('refuses the last cache in the system, at 107.1%', () => {
    const c = cache('3.213', 3000);
    const v = liquidationVerdict(c, state({ total: c, numberOfCaches: 1, paydInRewardsPool: d(10_000) }));
    expect(v.ratio.toPercent()).toBe('107.1%');
    expect(outcome(v)).toBe('lastCache');
  });

  it('refuses a cache that is not open', () => {
    expect(outcome(liquidationVerdict(cache(1, 3000), state({}), false))).toBe('notOpen');
  });
});

describe('liquidationPrices', () => {
  it('gives the 115% price in normal mode and the recovery-mode start for a cache under the total ratio', () => {
    const c = cache(10, 9_000); // 10/9000 ETH per PAYD, under the total 100/50000
    const total = cache(100, 50_000); // recovery mode under 775 PAYD per ETH
    const covered = liquidationPrices(c, total, d(9_000));
    expect(covered.normalMode.toString()).toBe('1035');
    expect(covered.recoveryModeBelow.toString()).toBe('775');
    expect(covered.belowTotalRatio).toBe(true);
    expect(covered.effective.toString()).toBe('1035');
    const wide = liquidationPrices(cache(15, 9_000), total, d(9_000));
    expect(wide.normalMode.toString()).toBe('690');
    // liquidatable as soon as recovery mode starts, well before 115%
    expect(wide.effective.toString()).toBe('775');
    expect(liquidationPrices(cache(15, 9_000), total, d(8_999)).effective.toString()).toBe('690');
    expect(liquidationPrices(cache(30, 9_000), total, d(9_000)).belowTotalRatio).toBe(false);
    expect(liquidationPrices(cache(1, 0), total, d(0)).normalMode.isZero).toBe(true);
  });
});

describe('liquidationReasonOf', () => {
  it('names the total ratio for a recovery-mode liquidation at or above 115%', () => {
    const at = (recoveryMode: boolean, collateral: string) =>
      liquidationReasonOf({ debt: d(3000), collateral: d(collateral), recoveryMode }, d(1000));
    expect(at(true, '3.594')).toBe('belowTotalRatio');
    expect(at(true, '3.3')).toBe('belowMinimum');
    expect(at(false, '3.3')).toBe('belowMinimum');
  });
});

describe('rewardsPoolWithdrawal', () => {
  it('refuses PAYD out while the riskiest cache is under 115%, naming the last cache and the price that frees it', () => {
    const w = rewardsPoolWithdrawal(cache('3.213', 3000), d(1000), 1);
    expect(w).toMatchObject({ allowed: false, lastCache: true });
    if (w.allowed) throw new Error('unreachable');
    expect(w.ratio.toPercent()).toBe('107.1%');
    expect(w.releasePrice.prettify()).toBe('1,073.76');
    expect(rewardsPoolWithdrawal(cache('3.45', 3000), d(1000), 1)).toEqual({ allowed: true });
    expect(rewardsPoolWithdrawal(new Cache(), d(1000), 0)).toEqual({ allowed: true });
  });
});

describe('redemptionMinimum', () => {
  it("is the first cache's net debt, 2500 without one", () => {
    expect(redemptionMinimum(cache(5, '2700.44')).toString()).toBe('2500.44');
    // rounded up to the cent: anything at or above the net debt redeems the whole cache
    expect(redemptionMinimum(cache(5, '2700.440000000000000001')).toString()).toBe('2500.45');
    expect(redemptionMinimum(undefined).toString()).toBe('2500');
  });
});
