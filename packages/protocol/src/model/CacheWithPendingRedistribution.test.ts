import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal/Decimal.ts';
import { PendingRewardsError } from '../errors/errors.ts';
import { Cache } from './Cache.ts';
import {
  CacheWithPendingRedistribution,
  requireRedistributionApplied,
} from './CacheWithPendingRedistribution.ts';
import { cacheStatusFromNumber, emptyUserCache, UserCache } from './UserCache.ts';

const d = (v: string | number) => Decimal.from(v);
const owner = '0x00000000000000000000000000000000000000a1';

describe('UserCache', () => {
  it('maps backend status numbers and rejects any other value', () => {
    expect([0, 1, 2, 3, 4].map(cacheStatusFromNumber)).toEqual([
      'nonExistent',
      'open',
      'closedByOwner',
      'closedByLiquidation',
      'closedByRedemption',
    ]);
    expect(() => cacheStatusFromNumber(5)).toThrow('invalid cache status 5');
    expect(() => cacheStatusFromNumber(-1)).toThrow('invalid cache status -1');
  });

  it('carries the owner and status, and an empty one for an address without a cache', () => {
    const none = emptyUserCache(owner);
    expect(none.status).toBe('nonExistent');
    expect(none.isEmpty).toBe(true);
    const open = new UserCache(owner, 'open', d(1), d(3000));
    expect(open.equals(new UserCache(owner, 'open', d(1), d(3000)))).toBe(true);
    expect(open.equals(new UserCache(owner, 'closedByOwner', d(1), d(3000)))).toBe(false);
  });
});

describe('CacheWithPendingRedistribution', () => {
  const pending = new CacheWithPendingRedistribution(
    owner,
    'open',
    d(10),
    d(3000),
    d(10),
    new Cache(d('0.1'), d(100)),
  );

  it('computes the redistributed loss since its snapshot, in proportion to its stake', () => {
    const total = new Cache(d('0.15'), d(150));
    const loss = pending.loss(total);
    expect(loss.collateral.toString()).toBe('0.5');
    expect(loss.debt.toString()).toBe('500');
  });

  it('compounds into the cache it really is now, keeping owner and status', () => {
    const now = pending.compounded(new Cache(d('0.15'), d(150)));
    expect(now).toBeInstanceOf(UserCache);
    expect(now).not.toBeInstanceOf(CacheWithPendingRedistribution);
    expect(now.collateral.toString()).toBe('10.5');
    expect(now.debt.toString()).toBe('3500');
    expect(now.ownerAddress).toBe(owner);
  });

  it('is unchanged when nothing was redistributed since the snapshot', () => {
    const now = pending.compounded(new Cache(d('0.1'), d(100)));
    expect(now.equals(new UserCache(owner, 'open', d(10), d(3000)))).toBe(true);
  });

  it('must have its rewards applied before it can be placed in the sorted list', () => {
    expect(() => requireRedistributionApplied(pending)).toThrow(PendingRewardsError);
    expect(() => requireRedistributionApplied(pending)).toThrow('Rewards must be applied to this Cache');
    const compounded = pending.compounded(new Cache());
    expect(requireRedistributionApplied(compounded)).toBe(compounded);
  });
});
