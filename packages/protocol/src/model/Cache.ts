// A cache (collateralised position) as an immutable value: its ratios, what changed between two
// caches, and the cache a change produces. Debt includes the liquidation reserve.
import { Decimal, type Decimalish } from '../decimal/Decimal.ts';
import { CacheParamsError, NetDebtError } from '../errors/errors.ts';
import { borrowingFee } from './borrowingFee.ts';
import {
  CRITICAL_COLLATERAL_RATIO,
  MINIMUM_BORROWING_RATE,
  MINIMUM_COLLATERAL_RATIO,
  PAYD_LIQUIDATION_RESERVE,
} from './constants.ts';
import {
  normalizeCacheAdjustment,
  normalizeCacheCreation,
  type CacheAdjustmentParams,
  type CacheClosureParams,
  type CacheCreationParams,
} from './cacheParams.ts';

/** Why an opening is impossible: the target debt does not even cover the liquidation reserve. */
export type CacheCreationError = 'missingLiquidationReserve';

/** The difference between two caches, in the terms of the transaction that makes it. */
export type CacheChange =
  | { type: 'invalidCreation'; invalidCache: Cache; error: CacheCreationError }
  | { type: 'creation'; params: CacheCreationParams }
  | { type: 'closure'; params: CacheClosureParams }
  | { type: 'adjustment'; params: CacheAdjustmentParams; setToZero?: 'collateral' | 'debt' };

const NOMINAL_RATIO_SCALE = Decimal.from(100);

const withFee = (borrowingRate: Decimalish, amount: Decimal, discountPercent = 0) =>
  amount.add(borrowingFee(amount, borrowingRate, discountPercent));
// Rounded up so that borrowing the result and adding the fee gives back at least `debtIncrease`.
const withoutFee = (borrowingRate: Decimalish, debtIncrease: Decimal) =>
  debtIncrease.divCeil(Decimal.ONE.add(borrowingRate));

export class Cache {
  /** ETH held as collateral. */
  readonly collateral: Decimal;
  /** PAYD owed, liquidation reserve included. */
  readonly debt: Decimal;

  constructor(collateral: Decimal = Decimal.ZERO, debt: Decimal = Decimal.ZERO) {
    this.collateral = collateral;
    this.debt = debt;
  }

  get isEmpty(): boolean {
    return this.collateral.isZero && this.debt.isZero;
  }

  /** PAYD to repay on closing: the debt without the liquidation reserve (refunded on closure). */
  get netDebt(): Decimal {
    if (this.debt.lt(PAYD_LIQUIDATION_RESERVE)) throw new NetDebtError(PAYD_LIQUIDATION_RESERVE);
    return this.debt.sub(PAYD_LIQUIDATION_RESERVE);
  }

  /** collateral x 100 / debt, the price-free ordering key of the sorted list (∞ without debt). */
  get nominalCollateralRatio(): Decimal {
    return this.collateral.mulDiv(NOMINAL_RATIO_SCALE, this.debt);
  }

  /** Collateral value over debt at `price` (PAYD per ETH); ∞ without debt. */
  collateralRatio(price: Decimalish): Decimal {
    return this.collateral.mulDiv(price, this.debt);
  }

  collateralRatioIsBelowMinimum(price: Decimalish): boolean {
    return this.collateralRatio(price).lt(MINIMUM_COLLATERAL_RATIO);
  }

  /** On the system total, this is recovery mode. */
  collateralRatioIsBelowCritical(price: Decimalish): boolean {
    return this.collateralRatio(price).lt(CRITICAL_COLLATERAL_RATIO);
  }

  /** Whether this cache could be opened while the system is in recovery mode. */
  isOpenableInRecoveryMode(price: Decimalish): boolean {
    return this.collateralRatio(price).gte(CRITICAL_COLLATERAL_RATIO);
  }

  equals(that: Cache): boolean {
    return this.collateral.eq(that.collateral) && this.debt.eq(that.debt);
  }

  toString(): string {
    return `{ collateral: ${this.collateral.toString()}, debt: ${this.debt.toString()} }`;
  }

  add(that: Cache): Cache {
    return new Cache(this.collateral.add(that.collateral), this.debt.add(that.debt));
  }

  addCollateral(amount: Decimalish): Cache {
    return new Cache(this.collateral.add(amount), this.debt);
  }

  addDebt(amount: Decimalish): Cache {
    return new Cache(this.collateral, this.debt.add(amount));
  }

  /** Each side floored at zero. */
  subtract(that: Cache): Cache {
    return new Cache(this.collateral.subOrZero(that.collateral), this.debt.subOrZero(that.debt));
  }

  subtractCollateral(amount: Decimalish): Cache {
    return new Cache(this.collateral.subOrZero(amount), this.debt);
  }

  subtractDebt(amount: Decimalish): Cache {
    return new Cache(this.collateral, this.debt.subOrZero(amount));
  }

  multiply(factor: Decimalish): Cache {
    return new Cache(this.collateral.mul(factor), this.debt.mul(factor));
  }

  setCollateral(amount: Decimalish): Cache {
    return new Cache(Decimal.from(amount), this.debt);
  }

  setDebt(amount: Decimalish): Cache {
    return new Cache(this.collateral, Decimal.from(amount));
  }

  /**
   * The transaction that turns this cache into `that`, or undefined when they are equal.
   * `borrowingRate` converts a debt increase into the amount to borrow.
   */
  whatChanged(that: Cache, borrowingRate: Decimalish = MINIMUM_BORROWING_RATE): CacheChange | undefined {
    if (this.collateral.eq(that.collateral) && this.debt.eq(that.debt)) return undefined;

    if (this.isEmpty) {
      if (that.debt.lt(PAYD_LIQUIDATION_RESERVE)) {
        return { type: 'invalidCreation', invalidCache: that, error: 'missingLiquidationReserve' };
      }
      return {
        type: 'creation',
        params: { depositCollateral: that.collateral, borrowPAYD: withoutFee(borrowingRate, that.netDebt) },
      };
    }

    if (that.isEmpty) {
      const netDebt = this.netDebt;
      return {
        type: 'closure',
        params: netDebt.isZero
          ? { withdrawCollateral: this.collateral }
          : { withdrawCollateral: this.collateral, repayPAYD: netDebt },
      };
    }

    const params: CacheAdjustmentParams = {};
    if (that.collateral.gt(this.collateral)) params.depositCollateral = that.collateral.sub(this.collateral);
    if (that.collateral.lt(this.collateral)) params.withdrawCollateral = this.collateral.sub(that.collateral);
    if (that.debt.gt(this.debt)) params.borrowPAYD = withoutFee(borrowingRate, that.debt.sub(this.debt));
    if (that.debt.lt(this.debt)) params.repayPAYD = this.debt.sub(that.debt);
    const setToZero = that.debt.isZero ? 'debt' : that.collateral.isZero ? 'collateral' : undefined;
    return setToZero ? { type: 'adjustment', params, setToZero } : { type: 'adjustment', params };
  }

  /**
   * The cache that results from `change`; `borrowingRate` adds the fee to borrowed amounts, less the
   * borrower's FTX discount (`discountPercent`), as BorrowerOperations charges it.
   */
  apply(
    change: CacheChange | undefined,
    borrowingRate: Decimalish = MINIMUM_BORROWING_RATE,
    discountPercent = 0,
  ): Cache {
    if (!change) return this;
    switch (change.type) {
      case 'invalidCreation':
        if (!this.isEmpty) throw new CacheParamsError("Can't create onto existing Cache");
        return change.invalidCache;
      case 'creation': {
        if (!this.isEmpty) throw new CacheParamsError("Can't create onto existing Cache");
        const { depositCollateral, borrowPAYD } = change.params;
        return new Cache(
          depositCollateral,
          PAYD_LIQUIDATION_RESERVE.add(withFee(borrowingRate, borrowPAYD, discountPercent)),
        );
      }
      case 'closure':
        if (this.isEmpty) throw new CacheParamsError("Can't close empty Cache");
        return EMPTY_CACHE;
      case 'adjustment': {
        const { depositCollateral, withdrawCollateral, borrowPAYD, repayPAYD } = change.params;
        const collateralUp = depositCollateral ?? Decimal.ZERO;
        const collateralDown = withdrawCollateral ?? Decimal.ZERO;
        const debtUp = borrowPAYD ? withFee(borrowingRate, borrowPAYD, discountPercent) : Decimal.ZERO;
        const debtDown = repayPAYD ?? Decimal.ZERO;
        // An exact zero target is kept exact, whatever rounding the amounts carry.
        if (change.setToZero === 'collateral') {
          return this.setCollateral(Decimal.ZERO).addDebt(debtUp).subtractDebt(debtDown);
        }
        if (change.setToZero === 'debt') {
          return this.setDebt(Decimal.ZERO).addCollateral(collateralUp).subtractCollateral(collateralDown);
        }
        return this.add(new Cache(collateralUp, debtUp)).subtract(new Cache(collateralDown, debtDown));
      }
    }
  }

  /** The cache an opening with `params` creates at `borrowingRate`, less `discountPercent` of the fee. */
  static create(
    params: CacheCreationParams<Decimalish>,
    borrowingRate?: Decimalish,
    discountPercent = 0,
  ): Cache {
    return EMPTY_CACHE.apply(
      { type: 'creation', params: normalizeCacheCreation(params) },
      borrowingRate,
      discountPercent,
    );
  }

  /** The opening parameters that create `that` at `borrowingRate`. */
  static recreate(that: Cache, borrowingRate?: Decimalish): CacheCreationParams {
    const change = EMPTY_CACHE.whatChanged(that, borrowingRate);
    if (change?.type !== 'creation') throw new CacheParamsError('Cache cannot be created as given');
    return change.params;
  }

  /** The cache an adjustment with `params` produces (`discountPercent` off the borrowing fee). */
  adjust(params: CacheAdjustmentParams<Decimalish>, borrowingRate?: Decimalish, discountPercent = 0): Cache {
    return this.apply(
      { type: 'adjustment', params: normalizeCacheAdjustment(params) },
      borrowingRate,
      discountPercent,
    );
  }

  /** The adjustment parameters that turn this cache into `that`. */
  adjustTo(that: Cache, borrowingRate?: Decimalish): CacheAdjustmentParams {
    const change = this.whatChanged(that, borrowingRate);
    if (change?.type !== 'adjustment') throw new CacheParamsError('Cache cannot be adjusted as given');
    return change.params;
  }
}

/** The cache of an address that has none. */
export const EMPTY_CACHE = new Cache();
