// The part of the store state computed from the base state without any I/O (spec 000 section 3).
import type { Decimal } from '../decimal/Decimal.ts';
import type { Cache } from './Cache.ts';
import type { CacheWithPendingRedistribution } from './CacheWithPendingRedistribution.ts';
import type { Fees } from './Fees.ts';
import type { UserCache } from './UserCache.ts';

/** What the derived state is computed from. */
export interface DerivationInput {
  price: Decimal;
  /** Totals of the active and default pools. */
  total: Cache;
  /** Collateral and debt redistributed per unit of stake so far. */
  totalRedistributed: Cache;
  /** The user's cache as last written on chain. */
  cacheBeforeRedistribution: CacheWithPendingRedistribution;
  /** The riskiest cache of the list, as last written on chain. */
  riskiestCacheBeforeRedistribution: CacheWithPendingRedistribution;
  /** Fees as read, before recovery mode is known. */
  feesInNormalMode: Fees;
}

export interface DerivedState {
  /** The user's cache with pending redistribution applied. */
  cache: UserCache;
  /** Fees with recovery mode set from the total collateral ratio. */
  fees: Fees;
  borrowingRate: Decimal;
  redemptionRate: Decimal;
  /** The riskiest cache after redistribution is under MCR, so somebody can be liquidated. */
  haveUndercollateralizedCaches: boolean;
}

/** Recovery mode is on when the total collateral ratio at `price` is below the critical ratio. */
export const isRecoveryMode = (total: Cache, price: Decimal): boolean =>
  total.collateralRatioIsBelowCritical(price);

export function deriveState(input: DerivationInput): DerivedState {
  const fees = input.feesInNormalMode.withRecoveryMode(isRecoveryMode(input.total, input.price));
  const riskiest = input.riskiestCacheBeforeRedistribution.compounded(input.totalRedistributed);
  return {
    cache: input.cacheBeforeRedistribution.compounded(input.totalRedistributed),
    fees,
    borrowingRate: fees.borrowingRate(),
    redemptionRate: fees.redemptionRate(),
    haveUndercollateralizedCaches: !riskiest.isEmpty && riskiest.collateralRatioIsBelowMinimum(input.price),
  };
}
