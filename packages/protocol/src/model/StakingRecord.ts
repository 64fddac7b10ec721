// A staking record (LQTYStake in the original protocol): the staked amount and its ETH and PAYD gains.
import { Decimal, type Decimalish } from '../decimal/Decimal.ts';
import { applyStakeChange, whatStakeChanged, type StakeChange } from './stakeChange.ts';

export class StakingRecord {
  /** Amount staked. */
  readonly stakedLQTY: Decimal;
  /** ETH earned and not yet withdrawn. */
  readonly collateralGain: Decimal;
  /** PAYD earned and not yet withdrawn. */
  readonly paydGain: Decimal;

  constructor(stakedLQTY = Decimal.ZERO, collateralGain = Decimal.ZERO, paydGain = Decimal.ZERO) {
    this.stakedLQTY = stakedLQTY;
    this.collateralGain = collateralGain;
    this.paydGain = paydGain;
  }

  get isEmpty(): boolean {
    return this.stakedLQTY.isZero && this.collateralGain.isZero && this.paydGain.isZero;
  }

  equals(that: StakingRecord): boolean {
    return (
      this.stakedLQTY.eq(that.stakedLQTY) &&
      this.collateralGain.eq(that.collateralGain) &&
      this.paydGain.eq(that.paydGain)
    );
  }

  whatChanged(targetStake: Decimalish): StakeChange | undefined {
    return whatStakeChanged(this.stakedLQTY, targetStake);
  }

  /** The staked amount after `change`. */
  apply(change: StakeChange | undefined): Decimal {
    return applyStakeChange(this.stakedLQTY, change);
  }
}
