// Guards of borrowing writes that need no chain access: the default maximum borrowing rate, and the
// check that the fee decaying while the transaction waits cannot leave the debt under the minimum.
import { Decimal, type Decimalish } from '../decimal/Decimal.ts';
import { DebtBelowMinimumError } from '../errors/errors.ts';
import { Cache } from './Cache.ts';
import type { CacheAdjustmentParams, CacheCreationParams } from './cacheParams.ts';
import {
  DEFAULT_BORROWING_FEE_DECAY_TOLERANCE_MINUTES,
  DEFAULT_BORROWING_RATE_SLIPPAGE_TOLERANCE,
  PAYD_MINIMUM_DEBT,
} from './constants.ts';
import type { Fees } from './Fees.ts';

/** The maximum borrowing rate sent when the caller gives none: the current rate plus 0.5%. */
export function defaultMaxBorrowingRate(currentBorrowingRate: Decimalish): Decimal {
  return Decimal.from(currentBorrowingRate).add(DEFAULT_BORROWING_RATE_SLIPPAGE_TOLERANCE);
}

export interface DecaySimulation {
  /** Borrowing rate now (at the latest block). */
  currentBorrowingRate: Decimal;
  /** Borrowing rate once the tolerance has elapsed. */
  decayedBorrowingRate: Decimal;
  /**
   * The amount to borrow at the current rate that gives the same debt the transaction would get if
   * mined at the decayed rate; the gas estimate is taken for both amounts.
   */
  borrowPAYDSimulatingDecay: Decimal;
}

/**
 * Simulates an opening mined `toleranceMinutes` later, when the fee has decayed. Throws
 * "Cache's debt might fall below 2700 within n minutes" if the debt would then be under the minimum.
 */
export function simulateCreationDecay(
  params: CacheCreationParams,
  fees: Fees,
  toleranceMinutes = DEFAULT_BORROWING_FEE_DECAY_TOLERANCE_MINUTES,
  discountPercent = 0,
): DecaySimulation {
  const now = fees.timeOfLatestBlock.getTime();
  const currentBorrowingRate = fees.borrowingRate();
  const decayedBorrowingRate = fees.borrowingRate(new Date(now + toleranceMinutes * 60_000));
  const decayedCache = Cache.create(params, decayedBorrowingRate, discountPercent);
  if (decayedCache.debt.lt(PAYD_MINIMUM_DEBT))
    throw new DebtBelowMinimumError(PAYD_MINIMUM_DEBT, toleranceMinutes);
  const { borrowPAYD } = Cache.recreate(decayedCache, currentBorrowingRate);
  return { currentBorrowingRate, decayedBorrowingRate, borrowPAYDSimulatingDecay: borrowPAYD };
}

/** The same simulation for an adjustment that borrows; undefined when it does not borrow. */
export function simulateAdjustmentDecay(
  initial: Cache,
  params: CacheAdjustmentParams,
  fees: Fees,
  toleranceMinutes = DEFAULT_BORROWING_FEE_DECAY_TOLERANCE_MINUTES,
  discountPercent = 0,
): DecaySimulation | undefined {
  if (!params.borrowPAYD) return undefined;
  const now = fees.timeOfLatestBlock.getTime();
  const currentBorrowingRate = fees.borrowingRate();
  const decayedBorrowingRate = fees.borrowingRate(new Date(now + toleranceMinutes * 60_000));
  const plain = new Cache(initial.collateral, initial.debt);
  const decayedCache = plain.adjust(params, decayedBorrowingRate, discountPercent);
  if (decayedCache.debt.lt(PAYD_MINIMUM_DEBT))
    throw new DebtBelowMinimumError(PAYD_MINIMUM_DEBT, toleranceMinutes);
  const change = plain.whatChanged(decayedCache, currentBorrowingRate);
  const borrowPAYDSimulatingDecay =
    change?.type === 'adjustment' && change.params.borrowPAYD ? change.params.borrowPAYD : params.borrowPAYD;
  return { currentBorrowingRate, decayedBorrowingRate, borrowPAYDSimulatingDecay };
}
