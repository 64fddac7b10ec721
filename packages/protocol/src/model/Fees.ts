// The fee calculator: the base rate decays per whole minute since the last fee operation; the
// borrowing and redemption rates add their floors to it (spec 000 section 9).
import { Decimal, type Decimalish } from '../decimal/Decimal.ts';
import { DecayFactorError } from '../errors/errors.ts';
import { borrowingFee } from './borrowingFee.ts';
import { MAXIMUM_BORROWING_RATE, MINIMUM_BORROWING_RATE, MINIMUM_REDEMPTION_RATE } from './constants.ts';

export interface FeesFields {
  /** Base rate as stored at the last fee operation. */
  baseRateWithoutDecay: Decimal;
  /** Factor the base rate is multiplied by per elapsed minute; below 1. */
  minuteDecayFactor: Decimal;
  /** Divisor of the redeemed fraction of supply added to the base rate by a redemption. */
  beta: Decimal;
  lastFeeOperation: Date;
  /** Time of the latest block, the default moment rates are computed for. */
  timeOfLatestBlock: Date;
  /** Whether the system is in recovery mode (borrowing is then free). */
  recoveryMode: boolean;
}

export class Fees {
  readonly baseRateWithoutDecay: Decimal;
  readonly minuteDecayFactor: Decimal;
  readonly beta: Decimal;
  readonly lastFeeOperation: Date;
  readonly timeOfLatestBlock: Date;
  readonly recoveryMode: boolean;

  constructor(fields: FeesFields) {
    if (fields.minuteDecayFactor.gte(Decimal.ONE)) throw new DecayFactorError();
    this.baseRateWithoutDecay = fields.baseRateWithoutDecay;
    this.minuteDecayFactor = fields.minuteDecayFactor;
    this.beta = fields.beta;
    this.lastFeeOperation = fields.lastFeeOperation;
    this.timeOfLatestBlock = fields.timeOfLatestBlock;
    this.recoveryMode = fields.recoveryMode;
  }

  /** The same fees with recovery mode set as given. */
  withRecoveryMode(recoveryMode: boolean): Fees {
    return recoveryMode === this.recoveryMode ? this : new Fees({ ...this, recoveryMode });
  }

  equals(that: Fees): boolean {
    return (
      this.baseRateWithoutDecay.eq(that.baseRateWithoutDecay) &&
      this.minuteDecayFactor.eq(that.minuteDecayFactor) &&
      this.beta.eq(that.beta) &&
      this.lastFeeOperation.getTime() === that.lastFeeOperation.getTime() &&
      this.timeOfLatestBlock.getTime() === that.timeOfLatestBlock.getTime() &&
      this.recoveryMode === that.recoveryMode
    );
  }

  /**
   * The base rate at `when`, decayed once per whole minute since the last fee operation. A moment
   * before the last operation counts as no time elapsed (rates then err on the high side).
   */
  baseRate(when: Date = this.timeOfLatestBlock): Decimal {
    const elapsedMs = Math.max(when.getTime() - this.lastFeeOperation.getTime(), 0);
    const minutes = Math.floor(elapsedMs / 60_000);
    return this.minuteDecayFactor.pow(minutes).mul(this.baseRateWithoutDecay);
  }

  /** Minimum borrowing rate plus the decayed base rate, capped at the maximum; zero in recovery mode. */
  borrowingRate(when?: Date): Decimal {
    if (this.recoveryMode) return Decimal.ZERO;
    return Decimal.min(MINIMUM_BORROWING_RATE.add(this.baseRate(when)), MAXIMUM_BORROWING_RATE);
  }

  /** The fee on borrowing `amount` at `when`'s rate, less `discountPercent` (the FTX stake's tier). */
  borrowingFee(amount: Decimalish, discountPercent = 0, when?: Date): Decimal {
    return borrowingFee(amount, this.borrowingRate(when), discountPercent);
  }

  /**
   * Minimum redemption rate plus the base rate, capped at 1. A redemption of `redeemedFractionOfSupply`
   * of all PAYD first raises the base rate by that fraction divided by beta.
   */
  redemptionRate(redeemedFractionOfSupply: Decimalish = Decimal.ZERO, when?: Date): Decimal {
    const fraction = Decimal.from(redeemedFractionOfSupply);
    let baseRate = this.baseRate(when);
    if (!fraction.isZero) baseRate = baseRate.add(fraction.div(this.beta));
    return Decimal.min(MINIMUM_REDEMPTION_RATE.add(baseRate), Decimal.ONE);
  }

  /** Rate of the ETH-side redemption: minimum borrowing rate plus the base rate, capped at 1. */
  ethRedemptionRate(when?: Date): Decimal {
    return Decimal.min(MINIMUM_BORROWING_RATE.add(this.baseRate(when)), Decimal.ONE);
  }
}
