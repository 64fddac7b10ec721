// A deposit of PAYD in the rewards pool (the stability pool): its compounded value, its gains, and
// the deposit or withdrawal that takes it to a new amount.
import { Decimal, type Decimalish } from '../decimal/Decimal.ts';
import { StabilityDepositError } from '../errors/errors.ts';

/** Moving a deposit to a new amount: a deposit, or a withdrawal (of everything when the target is zero). */
export type StabilityDepositChange =
  | { depositPAYD: Decimal; withdrawPAYD?: undefined; withdrawAllPAYD?: undefined }
  | { depositPAYD?: undefined; withdrawPAYD: Decimal; withdrawAllPAYD: boolean };

export interface StabilityDepositFields {
  /** PAYD deposited, as of the last deposit or withdrawal. */
  initialPAYD?: Decimal;
  /** PAYD left after liquidations absorbed part of it; never above initialPAYD. */
  currentPAYD?: Decimal;
  /** ETH earned from liquidations and not yet withdrawn. */
  collateralGain?: Decimal;
  /** ETH rewards accrued to the deposit and not yet withdrawn. */
  accruedCollateralGain?: Decimal;
  /** Rewards already paid out to the depositor. */
  rewardsPaid?: Decimal;
  /** Reward-token amount earned (LQTY-style issuance; zero when the deployment issues none). */
  lqtyReward?: Decimal;
  /** Frontend the deposit was made through (the zero address when none). */
  frontendTag?: string;
}

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

export class StabilityDeposit {
  readonly initialPAYD: Decimal;
  readonly currentPAYD: Decimal;
  readonly collateralGain: Decimal;
  readonly accruedCollateralGain: Decimal;
  readonly rewardsPaid: Decimal;
  readonly lqtyReward: Decimal;
  readonly frontendTag: string;

  constructor(fields: StabilityDepositFields = {}) {
    this.initialPAYD = fields.initialPAYD ?? Decimal.ZERO;
    this.currentPAYD = fields.currentPAYD ?? Decimal.ZERO;
    this.collateralGain = fields.collateralGain ?? Decimal.ZERO;
    this.accruedCollateralGain = fields.accruedCollateralGain ?? Decimal.ZERO;
    this.rewardsPaid = fields.rewardsPaid ?? Decimal.ZERO;
    this.lqtyReward = fields.lqtyReward ?? Decimal.ZERO;
    this.frontendTag = fields.frontendTag ?? ZERO_ADDRESS;
    if (this.currentPAYD.gt(this.initialPAYD)) throw new StabilityDepositError();
  }

  get isEmpty(): boolean {
    return (
      this.initialPAYD.isZero &&
      this.currentPAYD.isZero &&
      this.collateralGain.isZero &&
      this.accruedCollateralGain.isZero &&
      this.lqtyReward.isZero
    );
  }

  equals(that: StabilityDeposit): boolean {
    return (
      this.initialPAYD.eq(that.initialPAYD) &&
      this.currentPAYD.eq(that.currentPAYD) &&
      this.collateralGain.eq(that.collateralGain) &&
      this.accruedCollateralGain.eq(that.accruedCollateralGain) &&
      this.rewardsPaid.eq(that.rewardsPaid) &&
      this.lqtyReward.eq(that.lqtyReward) &&
      this.frontendTag.toLowerCase() === that.frontendTag.toLowerCase()
    );
  }

  /** The change that takes the current deposit to `targetPAYD`; undefined when it is already there. */
  whatChanged(targetPAYD: Decimalish): StabilityDepositChange | undefined {
    const target = Decimal.from(targetPAYD);
    if (target.lt(this.currentPAYD)) {
      return { withdrawPAYD: this.currentPAYD.sub(target), withdrawAllPAYD: target.isZero };
    }
    if (target.gt(this.currentPAYD)) return { depositPAYD: target.sub(this.currentPAYD) };
    return undefined;
  }

  /** The deposited amount after `change`; withdrawing all, or more than there is, leaves zero. */
  apply(change: StabilityDepositChange | undefined): Decimal {
    if (!change) return this.currentPAYD;
    if (change.withdrawPAYD !== undefined) {
      return change.withdrawAllPAYD || this.currentPAYD.lte(change.withdrawPAYD)
        ? Decimal.ZERO
        : this.currentPAYD.sub(change.withdrawPAYD);
    }
    return this.currentPAYD.add(change.depositPAYD);
  }
}
