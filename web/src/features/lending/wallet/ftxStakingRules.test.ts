import { describe, expect, it } from 'vitest';
import { Decimal, FtxStake, type DiscountTier } from '@payd/protocol';
import { discountedBorrowingFee, lockState, stakeOutcome, tierRows } from './ftxStakingRules.ts';

const tiers: DiscountTier[] = [
  { tier: 1, start: Decimal.from(1000), end: Decimal.from(10000), percentage: 10 },
  { tier: 2, start: Decimal.from(10000), end: Decimal.from(100000), percentage: 25 },
  { tier: 3, start: Decimal.from(100000), end: Decimal.INFINITY, percentage: 50 },
];

describe('tierRows', () => {
  it('lists each tier with its range and marks the one the stake is in', () => {
    const rows = tierRows(tiers, Decimal.from(10000));
    expect(rows.map((r) => r.range)).toEqual([
      '1,000 – 10,000 FTX',
      '10,000 – 100,000 FTX',
      '100,000 FTX or more',
    ]);
    expect(rows.filter((r) => r.current).map((r) => r.tier)).toEqual([2]);
    expect(tierRows(tiers, Decimal.from(999)).some((r) => r.current)).toBe(false);
  });
});

describe('discountedBorrowingFee', () => {
  it('takes the percentage off the fee, cut to the wei like the contract', () => {
    const r = discountedBorrowingFee(Decimal.from(10000), Decimal.from('0.005'), 25);
    expect(r.fee.toString()).toBe('50');
    expect(r.feeAfterDiscount.toString()).toBe('37.5');
    expect(r.discount.toString()).toBe('12.5');
    const tiny = discountedBorrowingFee(Decimal.fromRaw(3n), Decimal.ONE, 50);
    expect(tiny.feeAfterDiscount.raw).toBe(1n);
  });
  it('leaves the fee whole without a tier', () => {
    expect(discountedBorrowingFee(Decimal.from(5000), Decimal.from('0.01'), 0).discount.isZero).toBe(true);
  });
});

describe('stakeOutcome and lockState', () => {
  const since = new Date('2026-01-01T00:00:00Z');
  const stake = new FtxStake({
    stakedFTX: Decimal.from(1500),
    stakedSince: since,
    stakePeriodSeconds: 86400,
  });
  it('gives the tier a stake or unstake reaches', () => {
    expect(stakeOutcome(stake, tiers, 'stake', Decimal.from(8500))).toMatchObject({
      tier: 2,
      percentage: 25,
    });
    expect(stakeOutcome(stake, tiers, 'unstake', Decimal.from(600))).toMatchObject({
      tier: 0,
      percentage: 0,
    });
  });
  it('is locked until the period ends, then unlocked', () => {
    expect(lockState(stake, new Date('2026-01-01T12:00:00Z'))).toEqual({
      kind: 'locked',
      until: new Date('2026-01-02T00:00:00Z'),
    });
    expect(lockState(stake, new Date('2026-01-02T00:00:00Z')).kind).toBe('unlocked');
    expect(lockState(new FtxStake(), since).kind).toBe('none');
  });
});
