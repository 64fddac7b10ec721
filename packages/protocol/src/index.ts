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
export type { LiquidationDetails, RedemptionDetails } from './model/results.ts';
export {
  detailsOf,
  failedReceipt,
  pendingReceipt,
  succeededReceipt,
  type FailedReceipt,
  type PendingReceipt,
  type SucceededReceipt,
  type TransactionReceipt,
} from './model/receipt.ts';
export {
  defaultMaxBorrowingRate,
  simulateAdjustmentDecay,
  simulateCreationDecay,
  type DecaySimulation,
} from './model/borrowingGuards.ts';
export {
  baseRateUpdateGas,
  borrowingGasLimit,
  withLiquidationHeadroom,
  withListTraversalHeadroom,
} from './model/gasHeadroom.ts';
export { validateCacheListQuery, type CacheListOrder, type CacheListQuery } from './model/cacheListQuery.ts';
export {
  deriveState,
  isRecoveryMode,
  type DerivationInput,
  type DerivedState,
} from './model/derivedState.ts';
export { approxHintTrials } from './hints/approxHintTrials.ts';
export {
  avoidZeroHints,
  findInsertPosition,
  nextRandomSeed,
  sampleApproxHint,
  type ApproxHint,
  type SortedEntry,
} from './hints/sortedList.ts';
export {
  checkRedemptionAmount,
  computeRedemptionHints,
  defaultMaxRedemptionRate,
  type ListedCache,
  type RedemptionAmount,
  type RedemptionHints,
} from './hints/redemptionHints.ts';
export { changedFields, sameValue } from './store/changedFields.ts';
export {
  ProtocolStore,
  type ProtocolStoreParameters,
  type StoreListener,
  type StoreUpdate,
} from './store/ProtocolStore.ts';
