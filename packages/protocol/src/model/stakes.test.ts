import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal/Decimal.ts';
import { FtxStake, discountTierFor, type DiscountTier } from './FtxStake.ts';
import { StakingRecord } from './StakingRecord.ts';
import { applyStakeChange } from './stakeChange.ts';

const d = (v: string | number) => Decimal.from(v);

describe('StakingRecord', () => {
  it('defaults to zero and is empty only when all three amounts are zero', () => {
    expect(new StakingRecord().isEmpty).toBe(true);
    expect(new StakingRecord(d(0), d(0), d(1)).isEmpty).toBe(false);
  });

  const record = new StakingRecord(d(100), d(1), d(2));

  it('stakes the difference for a higher amount', () => {
    expect(record.whatChanged(150)).toEqual({ stake: d(50) });
    expect(record.apply(record.whatChanged(150)).toString()).toBe('150');
  });

  it('unstakes for a lower amount, all of it at zero', () => {
    expect(record.whatChanged(40)).toEqual({ unstake: d(60), unstakeAll: false });
    expect(record.whatChanged(0)).toEqual({ unstake: d(100), unstakeAll: true });
    expect(record.apply(record.whatChanged(0)).isZero).toBe(true);
  });

  it('has no change for an equal amount', () => {
    expect(record.whatChanged(100)).toBeUndefined();
  });

  it('yields zero when unstaking at least the current stake', () => {
    expect(record.apply({ unstake: d(100), unstakeAll: false }).isZero).toBe(true);
    expect(record.apply({ unstake: d(1000), unstakeAll: false }).isZero).toBe(true);
  });

  it('ignores a change that is neither an increase nor a decrease', () => {
    expect(applyStakeChange(d(5), {} as never).toString()).toBe('5');
  });
});

describe('FtxStake', () => {
  const since = new Date('2026-01-01T00:00:00Z');
  const stake = new FtxStake({
    stakedFTX: d(5000),
    stakedSince: since,
    stakePeriodSeconds: 30 * 86400,
    tier: 2,
    percentage: 10,
  });

  it('is empty only with nothing staked and no start date', () => {
    expect(new FtxStake().isEmpty).toBe(true);
    expect(new FtxStake().tier).toBe(0);
    expect(new FtxStake().percentage).toBe(0);
    expect(new FtxStake({ stakedSince: since }).isEmpty).toBe(false);
    expect(new FtxStake({ stakedFTX: d(1) }).isEmpty).toBe(false);
  });

  it('ends the stake period after its start', () => {
    expect(stake.endDate?.toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(new FtxStake().endDate).toBeUndefined();
    expect(stake.isLocked(new Date('2026-01-30T23:59:59Z'))).toBe(true);
    expect(stake.isLocked(new Date('2026-01-31T00:00:00Z'))).toBe(false);
  });

  it('discounts a PAYD amount divided by two divisors, and an ETH amount divided by one', () => {
    expect(stake.paydDiscount(1000, 2, 5).toString()).toBe('10');
    expect(stake.ethDiscount(3, 2).toString()).toBe('0.15');
    expect(new FtxStake().paydDiscount(1000, 1, 1).isZero).toBe(true);
  });

  it('takes the tier whose [start, end) holds the amount', () => {
    const tiers: DiscountTier[] = [
      { tier: 1, start: d(1000), end: d(5000), percentage: 5 },
      { tier: 2, start: d(5000), end: d(20000), percentage: 10 },
    ];
    expect(discountTierFor(d(999), tiers)).toBeUndefined();
    expect(discountTierFor(d(1000), tiers)?.tier).toBe(1);
    expect(discountTierFor(d(5000), tiers)?.tier).toBe(2);
    expect(discountTierFor(d(20000), tiers)).toBeUndefined();
    const small = new FtxStake({ stakedFTX: d(1500) }).withTierFrom(tiers);
    expect([small.tier, small.percentage]).toEqual([1, 5]);
  });

  it('follows the stake change rule', () => {
    expect(stake.whatChanged(6000)).toEqual({ stake: d(1000) });
    expect(stake.whatChanged(0)).toEqual({ unstake: d(5000), unstakeAll: true });
    expect(stake.whatChanged(5000)).toBeUndefined();
  });
});
