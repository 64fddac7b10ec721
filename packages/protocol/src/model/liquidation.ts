// Would the cache manager liquidate this cache now, and if not why; the ETH prices under which it
// would in each mode; why a cache was liquidated; whether the rewards pool lets PAYD out. Each
// answer follows CacheManager._liquidateSequence / _liquidateRecoveryMode and
// RewardsPool._requireNoUndercollateralizedCaches to the wei (ratios floored like
// LendingMath.computeCR), so a screen can offer only what the contract will do. No I/O.
import { Decimal } from '../decimal/Decimal.ts';
import type { Cache } from './Cache.ts';
import { CRITICAL_COLLATERAL_RATIO, MINIMUM_COLLATERAL_RATIO } from './constants.ts';
import { isRecoveryMode } from './derivedState.ts';

/** The chain state a liquidation is decided on. */
export interface LiquidationState {
  /** ETH price in PAYD (the price feed's). */
  price: Decimal;
  /** Collateral and debt of all caches (active and default pools). */
  total: Cache;
  /** PAYD deposited in the rewards pool. */
  paydInRewardsPool: Decimal;
  /** Open caches in the system. */
  numberOfCaches: number;
}

/** Why the contract liquidates a cache. */
export type LiquidationReason =
  /** Its ratio is under the minimum of 115% (normal or recovery mode). */
  | 'belowMinimum'
  /** Recovery mode: its ratio is under the total collateral ratio and the pool covers its debt. */
  | 'belowTotalRatio';

/** Why the contract would refuse to liquidate a cache (NothingToLiquidate or CacheNotActive). */
export type LiquidationRefusal =
  /** The cache is not open. */
  | 'notOpen'
  /** It is the only cache left: the last cache in the system cannot be liquidated. */
  | 'lastCache'
  /** Normal mode, ratio at or above 115%. */
  | 'notBelowMinimum'
  /** Recovery mode, ratio at or above 115% and at or above the total collateral ratio. */
  | 'notBelowTotalRatio'
  /** Recovery mode, ratio at or above 115% and under the total ratio, but the pool holds less than its debt. */
  | 'poolTooSmall';

export type LiquidationVerdict = {
  /** The cache's collateral ratio at the price. */
  ratio: Decimal;
  /** The system's total collateral ratio at the price. */
  totalRatio: Decimal;
  recoveryMode: boolean;
} & (
  { liquidatable: true; reason: LiquidationReason } | { liquidatable: false; refusal: LiquidationRefusal }
);

/**
 * Whether `liquidate(owner)` would liquidate `cache` (pending redistribution applied) in `state`,
 * and the contract's reason either way.
 */
export function liquidationVerdict(cache: Cache, state: LiquidationState, open = true): LiquidationVerdict {
  const ratio = cache.collateralRatio(state.price);
  const totalRatio = state.total.collateralRatio(state.price);
  const recoveryMode = isRecoveryMode(state.total, state.price);
  const base = { ratio, totalRatio, recoveryMode };
  const refuse = (refusal: LiquidationRefusal) => ({ ...base, liquidatable: false as const, refusal });
  const accept = (reason: LiquidationReason) => ({ ...base, liquidatable: true as const, reason });
  if (!open || cache.isEmpty) return refuse('notOpen');
  if (state.numberOfCaches <= 1) return refuse('lastCache');
  if (ratio.lt(MINIMUM_COLLATERAL_RATIO)) return accept('belowMinimum');
  if (!recoveryMode) return refuse('notBelowMinimum');
  if (ratio.gte(totalRatio)) return refuse('notBelowTotalRatio');
  if (cache.debt.gt(state.paydInRewardsPool)) return refuse('poolTooSmall');
  return accept('belowTotalRatio');
}

export interface LiquidationPrices {
  /** Normal mode: under this ETH price the ratio is under 115%. */
  normalMode: Decimal;
  /** Under this ETH price the total collateral ratio is under 155%: recovery mode. */
  recoveryModeBelow: Decimal;
  /** The cache's ratio is under the total ratio (at every price: both scale with it). */
  belowTotalRatio: boolean;
  /** The rewards pool holds at least the cache's debt. */
  poolCovers: boolean;
  /**
   * The price under which the contract liquidates the cache, both modes together: in recovery mode a
   * cache under the total ratio whose debt the pool covers goes as soon as recovery mode starts.
   */
  effective: Decimal;
}

/** The ETH prices under which `cache` can be liquidated, for totals `total` (the cache included). */
export function liquidationPrices(cache: Cache, total: Cache, paydInRewardsPool: Decimal): LiquidationPrices {
  const normalMode = cache.collateral.isZero
    ? Decimal.INFINITY
    : cache.debt.mulDiv(MINIMUM_COLLATERAL_RATIO, cache.collateral);
  const recoveryModeBelow = total.collateral.isZero
    ? Decimal.INFINITY
    : total.debt.mulDiv(CRITICAL_COLLATERAL_RATIO, total.collateral);
  // coll / debt < totalColl / totalDebt, without rounding
  const belowTotalRatio = cache.collateral.raw * total.debt.raw < total.collateral.raw * cache.debt.raw;
  const poolCovers = cache.debt.lte(paydInRewardsPool);
  const effective = belowTotalRatio && poolCovers ? Decimal.max(normalMode, recoveryModeBelow) : normalMode;
  return { normalMode, recoveryModeBelow, belowTotalRatio, poolCovers, effective };
}

/** What a CacheLiquidated event and the price of its block say about why the cache went. */
export function liquidationReasonOf(
  liquidated: { debt: Decimal; collateral: Decimal; recoveryMode: boolean },
  price: Decimal,
): LiquidationReason {
  if (!liquidated.recoveryMode) return 'belowMinimum';
  const ratio = liquidated.collateral.mulDiv(price, liquidated.debt);
  return ratio.lt(MINIMUM_COLLATERAL_RATIO) ? 'belowMinimum' : 'belowTotalRatio';
}

export type PoolWithdrawal =
  | { allowed: true }
  | {
      allowed: false;
      /** The riskiest cache's ratio, under 115%. */
      ratio: Decimal;
      /** It is the only cache, so nobody can liquidate it to release the pool. */
      lastCache: boolean;
      /** Over this ETH price the riskiest cache is at 115% again and withdrawals reopen. */
      releasePrice: Decimal;
    };

/**
 * Whether the rewards pool pays out PAYD now: it refuses while the riskiest cache (pending
 * redistribution applied) is under 115%. Withdrawing only the collateral gain is always allowed.
 */
export function rewardsPoolWithdrawal(
  riskiest: Cache,
  price: Decimal,
  numberOfCaches: number,
): PoolWithdrawal {
  if (riskiest.isEmpty) return { allowed: true };
  const ratio = riskiest.collateralRatio(price);
  if (ratio.gte(MINIMUM_COLLATERAL_RATIO)) return { allowed: true };
  return {
    allowed: false,
    ratio,
    lastCache: numberOfCaches <= 1,
    releasePrice: riskiest.debt.mulDiv(MINIMUM_COLLATERAL_RATIO, riskiest.collateral),
  };
}
