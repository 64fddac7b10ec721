// An FTX stake: an amount locked from `stakedSince` for the stake period, and the discount tier it
// earns on borrowing and redemption fees.
import { Decimal, type Decimalish } from '../decimal/Decimal.ts';
import { applyStakeChange, whatStakeChanged, type StakeChange } from './stakeChange.ts';

/** An admin-set discount tier: stakes in [start, end) get `percentage` off their fees. */
export interface DiscountTier {
  /** Tier number, counted from 1 (0 means no tier). */
  tier: number;
  /** Smallest stake of the tier (inclusive). */
  start: Decimal;
  /** First stake above the tier (exclusive). */
  end: Decimal;
  /** Percent taken off fees, e.g. 10 for 10%. */
  percentage: number;
}

export interface FtxStakeFields {
  /** FTX staked. */
  stakedFTX?: Decimal;
  /** When the stake was (last) made; unset when never staked. */
  stakedSince?: Date;
  /** Length of the lock in seconds (the contract's stake period). */
  stakePeriodSeconds?: number;
  /** When the stake was taken out, if it was. */
  unstakedDate?: Date;
  /** Discount tier the stake falls in (0 when none). */
  tier?: number;
  /** Percent off fees that tier gives (0 when none). */
  percentage?: number;
}

/** The tier whose [start, end) holds `amount`, or undefined. */
export function discountTierFor(amount: Decimal, tiers: readonly DiscountTier[]): DiscountTier | undefined {
  return tiers.find((t) => amount.gte(t.start) && amount.lt(t.end));
}

export class FtxStake {
  readonly stakedFTX: Decimal;
  readonly stakedSince: Date | undefined;
  readonly stakePeriodSeconds: number;
  readonly unstakedDate: Date | undefined;
  readonly tier: number;
  readonly percentage: number;

  constructor(fields: FtxStakeFields = {}) {
    this.stakedFTX = fields.stakedFTX ?? Decimal.ZERO;
    this.stakedSince = fields.stakedSince;
    this.stakePeriodSeconds = fields.stakePeriodSeconds ?? 0;
    this.unstakedDate = fields.unstakedDate;
    this.tier = fields.tier ?? 0;
    this.percentage = fields.percentage ?? 0;
  }

  /** Nothing staked and never staked. */
  get isEmpty(): boolean {
    return this.stakedFTX.isZero && this.stakedSince === undefined;
  }

  /** When the lock ends: start plus the stake period; undefined when never staked. */
  get endDate(): Date | undefined {
    if (this.stakedSince === undefined) return undefined;
    return new Date(this.stakedSince.getTime() + this.stakePeriodSeconds * 1000);
  }

  /** Whether the stake is still locked at `now`. */
  isLocked(now: Date): boolean {
    const end = this.endDate;
    return !this.stakedFTX.isZero && end !== undefined && now.getTime() < end.getTime();
  }

  private get discountFraction(): Decimal {
    return Decimal.from(this.percentage).div(100);
  }

  /** Discount on a PAYD amount: the amount divided by both divisors, times percentage / 100. */
  paydDiscount(amount: Decimalish, firstDivisor: Decimalish, secondDivisor: Decimalish): Decimal {
    return Decimal.from(amount).div(firstDivisor).div(secondDivisor).mul(this.discountFraction);
  }

  /** Discount on an ETH amount: the amount divided by the divisor, times percentage / 100. */
  ethDiscount(amount: Decimalish, divisor: Decimalish): Decimal {
    return Decimal.from(amount).div(divisor).mul(this.discountFraction);
  }

  /** This stake with the tier and percentage that `tiers` give its amount. */
  withTierFrom(tiers: readonly DiscountTier[]): FtxStake {
    const found = discountTierFor(this.stakedFTX, tiers);
    return new FtxStake({ ...this.fields(), tier: found?.tier ?? 0, percentage: found?.percentage ?? 0 });
  }

  whatChanged(targetStake: Decimalish): StakeChange | undefined {
    return whatStakeChanged(this.stakedFTX, targetStake);
  }

  /** The staked amount after `change`. */
  apply(change: StakeChange | undefined): Decimal {
    return applyStakeChange(this.stakedFTX, change);
  }

  equals(that: FtxStake): boolean {
    return (
      this.stakedFTX.eq(that.stakedFTX) &&
      this.stakedSince?.getTime() === that.stakedSince?.getTime() &&
      this.stakePeriodSeconds === that.stakePeriodSeconds &&
      this.unstakedDate?.getTime() === that.unstakedDate?.getTime() &&
      this.tier === that.tier &&
      this.percentage === that.percentage
    );
  }

  private fields(): FtxStakeFields {
    return {
      stakedFTX: this.stakedFTX,
      stakedSince: this.stakedSince,
      stakePeriodSeconds: this.stakePeriodSeconds,
      unstakedDate: this.unstakedDate,
      tier: this.tier,
      percentage: this.percentage,
    };
  }
}
