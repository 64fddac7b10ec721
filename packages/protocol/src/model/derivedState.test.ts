import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal/Decimal.ts';
import { Cache } from './Cache.ts';
import { CacheWithPendingRedistribution } from './CacheWithPendingRedistribution.ts';
import { deriveState, isRecoveryMode } from './derivedState.ts';
import { Fees } from './Fees.ts';

const d = (v: string | number) => Decimal.from(v);
const t0 = new Date('2026-01-01T00:00:00Z');
const feesInNormalMode = new Fees({
  baseRateWithoutDecay: d('0.01'),
  minuteDecayFactor: d('0.999'),
  beta: d(2),
  lastFeeOperation: t0,
  timeOfLatestBlock: t0,
  recoveryMode: false,
});
const user = '0x00000000000000000000000000000000000000a1';
const mine = new CacheWithPendingRedistribution(user, 'open', d(10), d(5000), d(10), new Cache());
const riskiest = new CacheWithPendingRedistribution(user, 'open', d(6), d(5000), d(6), new Cache());

describe('derived state', () => {
  it('is in recovery mode when the total ratio is below 155%', () => {
    expect(isRecoveryMode(new Cache(d(100), d(100_000)), d(1549))).toBe(true);
    expect(isRecoveryMode(new Cache(d(100), d(100_000)), d(1550))).toBe(false);
  });

  it('applies redistribution to the user cache and sets normal-mode rates', () => {
    const state = deriveState({
      price: d(1000),
      total: new Cache(d(1000), d(100_000)),
      totalRedistributed: new Cache(d('0.1'), d(10)),
      cacheBeforeRedistribution: mine,
      riskiestCacheBeforeRedistribution: riskiest,
      feesInNormalMode,
    });
    expect(state.cache.collateral.toString()).toBe('11');
    expect(state.cache.debt.toString()).toBe('5100');
    expect(state.fees.recoveryMode).toBe(false);
    expect(state.borrowingRate.toString()).toBe('0.015');
    expect(state.redemptionRate.toString()).toBe('0.015');
    // riskiest after redistribution: 6.6 ETH, 5060 debt at 1000 = 130%
    expect(state.haveUndercollateralizedCaches).toBe(false);
  });

  it('makes borrowing free in recovery mode and flags caches under MCR', () => {
    const state = deriveState({
      price: d(900),
      total: new Cache(d(100), d(80_000)),
      totalRedistributed: new Cache(),
      cacheBeforeRedistribution: mine,
      riskiestCacheBeforeRedistribution: riskiest,
      feesInNormalMode,
    });
    expect(state.fees.recoveryMode).toBe(true);
    expect(state.borrowingRate.isZero).toBe(true);
    expect(state.haveUndercollateralizedCaches).toBe(true);
  });
});
