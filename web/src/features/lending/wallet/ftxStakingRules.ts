// What the FTX staking page shows, as plain functions: the tier table, the tier a stake change
// would reach, when the stake unlocks, and the discount a tier takes off the next borrowing fee
// (the contract's rule: fee x (100 - percentage) / 100, cut to the wei).
import { Decimal, discountTierFor, type DiscountTier, type FtxStake } from '@payd/protocol';

export interface TierRow {
  tier: number;
  /** '1,000 – 10,000 FTX' or '100,000 FTX or more'. */
  range: string;
  percentage: number;
  /** The person's stake falls in this tier. */
  current: boolean;
}

const whole = (d: Decimal) => d.prettify(0);

export function tierRows(tiers: readonly DiscountTier[], staked: Decimal): TierRow[] {
  const current = discountTierFor(staked, tiers)?.tier;
  return tiers.map((t) => ({
    tier: t.tier,
    range: t.end.isInfinite ? `${whole(t.start)} FTX or more` : `${whole(t.start)} – ${whole(t.end)} FTX`,
    percentage: t.percentage,
    current: t.tier === current,
  }));
}

/** The borrowing fee on `borrow` PAYD at `rate`, and what a `percentage` discount leaves of it. */
export function discountedBorrowingFee(
  borrow: Decimal,
  rate: Decimal,
  percentage: number,
): { fee: Decimal; discount: Decimal; feeAfterDiscount: Decimal } {
  const fee = borrow.mul(rate);
  const pct = Math.min(Math.max(Math.trunc(percentage), 0), 100);
  const feeAfterDiscount = fee.mul(100 - pct).div(100);
  return { fee, discount: fee.sub(feeAfterDiscount), feeAfterDiscount };
}

export interface StakeOutcome {
  staked: Decimal;
  tier: number;
  percentage: number;
}

/** The stake, tier and discount after staking (`kind` 'stake') or unstaking `amount`. */
export function stakeOutcome(
  stake: FtxStake,
  tiers: readonly DiscountTier[],
  kind: 'stake' | 'unstake',
  amount: Decimal,
): StakeOutcome {
  const staked = kind === 'stake' ? stake.stakedFTX.add(amount) : stake.stakedFTX.subOrZero(amount);
  const t = discountTierFor(staked, tiers);
  return { staked, tier: t?.tier ?? 0, percentage: t?.percentage ?? 0 };
}

export type LockState =
  { kind: 'none' } | { kind: 'locked'; until: Date } | { kind: 'unlocked'; since: Date };

/** Whether the stake may be taken out at `now` (the chain's latest block time). */
export function lockState(stake: FtxStake, now: Date): LockState {
  const end = stake.endDate;
  if (stake.stakedFTX.isZero || !end) return { kind: 'none' };
  return stake.isLocked(now) ? { kind: 'locked', until: end } : { kind: 'unlocked', since: end };
}

/** A date and time the way the page shows it, in the person's locale and time zone. */
export function formatWhen(d: Date): string {
  return d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
