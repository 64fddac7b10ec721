import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal/Decimal.ts';
import { CacheParamsError, NetDebtError } from '../errors/errors.ts';
import { Cache, EMPTY_CACHE } from './Cache.ts';
import { PAYD_LIQUIDATION_RESERVE } from './constants.ts';

const d = (v: string | number) => Decimal.from(v);
const cache = (collateral: string | number, debt: string | number) => new Cache(d(collateral), d(debt));

describe('Cache values', () => {
  it('has a net debt without the 200 PAYD liquidation reserve', () => {
    expect(cache(10, 3000).netDebt.toString()).toBe('2800');
    expect(cache(10, 200).netDebt.isZero).toBe(true);
  });

  it('refuses a net debt when the debt is under the liquidation reserve', () => {
    expect(() => cache(1, 199).netDebt).toThrow(NetDebtError);
    expect(() => cache(1, 199).netDebt).toThrow('netDebt should not be used when debt < 200');
  });

  it('computes the nominal ratio as collateral x 100 / debt', () => {
    expect(cache(10, 2000).nominalCollateralRatio.toString()).toBe('0.5');
    expect(cache(10, 0).nominalCollateralRatio.isInfinite).toBe(true);
  });

  it('computes the collateral ratio at a price and compares it with MCR and CCR', () => {
    const c = cache(1, 1000); // at price 1200: 120%
    expect(c.collateralRatio(1200).toString()).toBe('1.2');
    expect(c.collateralRatioIsBelowMinimum(1200)).toBe(false);
    expect(c.collateralRatioIsBelowMinimum(1100)).toBe(true);
    expect(c.collateralRatioIsBelowCritical(1200)).toBe(true);
    expect(c.isOpenableInRecoveryMode(1550)).toBe(true);
    expect(c.isOpenableInRecoveryMode(1549)).toBe(false);
  });

  it('adds and subtracts without going below zero', () => {
    expect(cache(1, 100).add(cache(2, 50)).equals(cache(3, 150))).toBe(true);
    expect(cache(1, 100).subtract(cache(2, 50)).equals(cache(0, 50))).toBe(true);
    expect(cache(1, 100).subtractDebt(500).debt.isZero).toBe(true);
    expect(cache(1, 100).multiply(2).equals(cache(2, 200))).toBe(true);
    expect(EMPTY_CACHE.isEmpty).toBe(true);
  });
});

describe('Cache.create and recreate', () => {
  it('adds the liquidation reserve and the borrowing fee to the debt', () => {
    const c = Cache.create({ depositCollateral: 10, borrowPAYD: 2500 }, '0.005');
    expect(c.collateral.toString()).toBe('10');
    expect(c.debt.toString()).toBe('2712.5');
  });

  it('finds the borrow amount that recreates a cache, rounding so the debt is reached', () => {
    const target = cache(10, '2712.5');
    const params = Cache.recreate(target, '0.005');
    expect(params.borrowPAYD.toString()).toBe('2500');
    const odd = cache(5, 3000);
    const again = Cache.create(Cache.recreate(odd, '0.013'), '0.013');
    expect(again.debt.gte(odd.debt)).toBe(true);
    expect(again.debt.sub(odd.debt).lt(d('1e-17'))).toBe(true);
  });

  it('requires depositCollateral and borrowPAYD', () => {
    expect(() => Cache.create({ depositCollateral: 1 } as never)).toThrow(
      "CacheCreationParams: property 'borrowPAYD' missing",
    );
    expect(() => Cache.create({} as never)).toThrow(
      "CacheCreationParams: properties 'depositCollateral', 'borrowPAYD' missing",
    );
  });

  it('rejects unknown properties', () => {
    expect(() => Cache.create({ depositCollateral: 1, borrowPAYD: 2500, repayPAYD: 1 } as never)).toThrow(
      "CacheCreationParams: property 'repayPAYD' not allowed",
    );
  });

  it('accepts an optional stakePAYD without changing the cache', () => {
    const c = Cache.create({ depositCollateral: 10, borrowPAYD: 2500, stakePAYD: 1000 }, 0);
    expect(c.equals(cache(10, 2700))).toBe(true);
  });
});

describe('Cache.whatChanged', () => {
  it('is nothing between equal caches', () => {
    expect(cache(1, 3000).whatChanged(cache(1, 3000))).toBeUndefined();
  });

  it('is a creation from an empty cache', () => {
    const change = EMPTY_CACHE.whatChanged(cache(10, 2700), 0);
    expect(change).toEqual({ type: 'creation', params: { depositCollateral: d(10), borrowPAYD: d(2500) } });
  });

  it('is an invalid creation when the debt does not cover the liquidation reserve', () => {
    const change = EMPTY_CACHE.whatChanged(cache(10, 100));
    expect(change?.type).toBe('invalidCreation');
    if (change?.type === 'invalidCreation') expect(change.error).toBe('missingLiquidationReserve');
  });

  it('is a closure to an empty cache, repaying the net debt', () => {
    expect(cache(10, 3000).whatChanged(EMPTY_CACHE)).toEqual({
      type: 'closure',
      params: { withdrawCollateral: d(10), repayPAYD: d(2800) },
    });
    expect(cache(10, PAYD_LIQUIDATION_RESERVE.toString()).whatChanged(EMPTY_CACHE)).toEqual({
      type: 'closure',
      params: { withdrawCollateral: d(10) },
    });
  });

  it('is an adjustment otherwise, with the fee taken out of a debt increase', () => {
    expect(cache(10, 3000).whatChanged(cache(12, 3000))).toEqual({
      type: 'adjustment',
      params: { depositCollateral: d(2) },
    });
    expect(cache(10, 3000).whatChanged(cache(9, '4005'), '0.005')).toEqual({
      type: 'adjustment',
      params: { withdrawCollateral: d(1), borrowPAYD: d(1000) },
    });
    expect(cache(10, 3000).whatChanged(cache(10, 2900))).toEqual({
      type: 'adjustment',
      params: { repayPAYD: d(100) },
    });
  });

  it('marks an adjustment that empties one side so it is applied exactly', () => {
    const change = cache(10, 3000).whatChanged(cache(0, 3000));
    expect(change).toEqual({
      type: 'adjustment',
      params: { withdrawCollateral: d(10) },
      setToZero: 'collateral',
    });
  });

  it('round-trips: applying the change to the original gives the target', () => {
    const from = cache(10, 3000);
    for (const to of [cache(11, 3500), cache(9, 2800), EMPTY_CACHE, cache(10, 3000)]) {
      const rate = '0.0123';
      const result = from.apply(from.whatChanged(to, rate), rate);
      expect(result.collateral.eq(to.collateral)).toBe(true);
      expect(result.debt.sub(to.debt).lt(d('1e-16'))).toBe(true);
    }
  });
});

describe('Cache.apply', () => {
  it('cannot create onto an existing cache nor close an empty one', () => {
    const creation = EMPTY_CACHE.whatChanged(cache(10, 3000));
    expect(() => cache(1, 3000).apply(creation)).toThrow(CacheParamsError);
    expect(() => EMPTY_CACHE.apply({ type: 'closure', params: { withdrawCollateral: d(1) } })).toThrow(
      "Can't close empty Cache",
    );
  });

  it('returns the invalid cache of an invalid creation, to show what was wrong', () => {
    const change = EMPTY_CACHE.whatChanged(cache(10, 100));
    expect(EMPTY_CACHE.apply(change).equals(cache(10, 100))).toBe(true);
  });
});

describe('Cache.adjust', () => {
  const c = cache(10, 3000);

  it('applies deposits, withdrawals, borrowing with fee and repayments', () => {
    expect(c.adjust({ depositCollateral: 1, borrowPAYD: 100 }, '0.01').equals(cache(11, 3101))).toBe(true);
    expect(c.adjust({ withdrawCollateral: 1, repayPAYD: 100 }).equals(cache(9, 2900))).toBe(true);
  });

  it('rejects depositCollateral with withdrawCollateral', () => {
    expect(() => c.adjust({ depositCollateral: 1, withdrawCollateral: 1 })).toThrow(
      "CacheAdjustmentParams: 'depositCollateral' and 'withdrawCollateral' cannot be given together",
    );
  });

  it('rejects borrowPAYD with repayPAYD', () => {
    expect(() => c.adjust({ borrowPAYD: 1, repayPAYD: 1 })).toThrow(
      "CacheAdjustmentParams: 'borrowPAYD' and 'repayPAYD' cannot be given together",
    );
  });

  it('rejects stakePAYD with unstakePAYD', () => {
    expect(() => c.adjust({ stakePAYD: 1, unstakePAYD: 1 })).toThrow(
      "CacheAdjustmentParams: 'stakePAYD' and 'unstakePAYD' cannot be given together",
    );
  });

  it('requires at least one non-zero parameter, and ignores zero ones in the conflict check', () => {
    expect(() => c.adjust({})).toThrow('CacheAdjustmentParams: at least one non-zero parameter is required');
    expect(() => c.adjust({ depositCollateral: 0, repayPAYD: '0' })).toThrow(
      'at least one non-zero parameter is required',
    );
    expect(c.adjust({ depositCollateral: 0, withdrawCollateral: 1 }).equals(cache(9, 3000))).toBe(true);
  });

  it('rejects unknown properties', () => {
    expect(() => c.adjust({ depositCollateral: 1, collateral: 1 } as never)).toThrow(
      "CacheAdjustmentParams: property 'collateral' not allowed",
    );
  });

  it('rejects amounts that are not decimals', () => {
    expect(() => c.adjust({ depositCollateral: '-1' })).toThrow('bad decimal format');
  });

  it('finds the adjustment between two caches with adjustTo', () => {
    expect(c.adjustTo(cache(12, 3000))).toEqual({ depositCollateral: d(2) });
    expect(() => c.adjustTo(EMPTY_CACHE)).toThrow(CacheParamsError);
  });
});
