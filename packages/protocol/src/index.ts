// @payd/protocol: the chain data layer of spec 000. Pure model first; the chain adapter builds on it.
export { Decimal, NegativeDecimalError, type Decimalish } from './decimal/Decimal.ts';
export { Difference, type DifferenceSign } from './decimal/Difference.ts';
export * from './errors/errors.ts';
export * from './model/constants.ts';
export {
  normalizeCacheAdjustment,
  normalizeCacheCreation,
  type CacheAdjustmentParams,
  type CacheClosureParams,
  type CacheCreationParams,
} from './model/cacheParams.ts';
export { Cache, EMPTY_CACHE, type CacheChange, type CacheCreationError } from './model/Cache.ts';
export { UserCache, cacheStatusFromNumber, emptyUserCache, type CacheStatus } from './model/UserCache.ts';
export {
  CacheWithPendingRedistribution,
  requireRedistributionApplied,
} from './model/CacheWithPendingRedistribution.ts';
export {
  StabilityDeposit,
  ZERO_ADDRESS,
  type StabilityDepositChange,
  type StabilityDepositFields,
} from './model/StabilityDeposit.ts';
export { applyStakeChange, whatStakeChanged, type StakeChange } from './model/stakeChange.ts';
export { StakingRecord } from './model/StakingRecord.ts';
export { FtxStake, discountTierFor, type DiscountTier, type FtxStakeFields } from './model/FtxStake.ts';
export { Fees, type FeesFields } from './model/Fees.ts';
