// @payd/protocol: the chain data layer of spec 000. Pure model first; the chain adapter builds on it.
export { Decimal, NegativeDecimalError, type Decimalish } from './decimal/Decimal.ts';
export { Difference, type DifferenceSign } from './decimal/Difference.ts';
export { BAD_DECIMAL_FORMAT, parseAmountInput, type ParsedAmountInput } from './decimal/parseAmountInput.ts';
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
export { applyFeeDiscount, borrowingFee } from './model/borrowingFee.ts';
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
  maxRepayment,
  minimumDebtRefusal,
  minimumDebtRule,
  repaymentRefusal,
  repaymentRule,
} from './model/debtLimits.ts';
export {
  englishFigure,
  fillTemplate,
  ruleEnglish,
  ruleMessages,
  ruleTemplate,
  ruleText,
  type RuleFigure,
  type RuleKey,
  type RuleText,
} from './errors/ruleTexts.ts';
export { ETH_GAS_ALLOWANCE, maxEthDeposit, maxRepay } from './model/maxAmounts.ts';
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
export {
  liquidationPrices,
  liquidationReasonOf,
  liquidationVerdict,
  rewardsPoolWithdrawal,
  type LiquidationPrices,
  type LiquidationReason,
  type LiquidationRefusal,
  type LiquidationState,
  type LiquidationVerdict,
  type PoolWithdrawal,
} from './model/liquidation.ts';
export { redemptionMinimum } from './model/redemptionFloor.ts';
export {
  APR_WINDOW_DAYS,
  rewardsApr,
  rewardsPoolHistory,
  type RewardsPoolEvent,
  type RewardsPoolHistory,
} from './model/rewardsPoolHistory.ts';
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
// chain side
export {
  CANONICAL_MULTICALL3,
  SUPPORTED_CHAIN_IDS,
  checkDeployment,
  isSupportedChainId,
  multicallAddress,
  type ProtocolAddresses,
  type ProtocolDeployment,
  type SupportedChainId,
} from './connection/deployment.ts';
export {
  connectReadOnly,
  connectSigner,
  requireFrontendAddress,
  requireSigner,
  requireUserAddress,
  type ConnectReadOnlyParameters,
  type ConnectSignerParameters,
  type ProtocolConnection,
  type ReadOnlyConnection,
  type SignerConnection,
} from './connection/connection.ts';
export { createProtocolClient, type ProtocolClientParameters } from './connection/client.ts';
export { createProtocolReadClient } from './connection/readClient.ts';
export { isTransientReadError, withReadRetry } from './connection/readRetry.ts';
export { StateReader } from './reads/readState.ts';
export { readMarket, type Market } from './reads/readMarket.ts';
export { getCacheBeforeRedistribution, getCaches } from './reads/readCaches.ts';
export { getFrontendStatus } from './reads/readFrontend.ts';
export { getCacheLiquidation, type CacheLiquidation } from './reads/readLiquidation.ts';
export { getRewardsPoolHistory } from './reads/readRewardsPoolHistory.ts';
export {
  readAccountActivity,
  type AccountActivity,
  type ActivityAsset,
  type ActivityKind,
  type ReadAccountActivityParameters,
} from './reads/readAccountActivity.ts';
export {
  CACHE_HOLDINGS_OWNERS_PER_CALL,
  readCacheHoldings,
  type CacheHoldingsSnapshot,
  type OwnerCacheHoldings,
  type ReadCacheHoldingsParameters,
} from './reads/readCacheHoldings.ts';
export {
  readCacheRedemptions,
  type CacheRedemption,
  type ReadCacheRedemptionsParameters,
} from './reads/readCacheRedemptions.ts';
export {
  readPriceHistory,
  type PricePoint,
  type ReadPriceHistoryParameters,
} from './reads/readPriceHistory.ts';
export { getDiscountTiers } from './reads/readDiscountTiers.ts';
export {
  readWalletTokens,
  type ReadWalletTokensParameters,
  type WalletTokens,
} from './reads/readWalletTokens.ts';
export {
  findHints,
  findHintsForNominalCollateralRatio,
  findRedemptionHints,
  type ChainRedemptionHints,
} from './hints/chainHints.ts';
export {
  followTransaction,
  sendContractWrite,
  type ContractWrite,
  type SentTransaction,
} from './writes/sendTransaction.ts';
export type { CacheChangeDetails } from './writes/details.ts';
export {
  adjustCache,
  borrowPAYD,
  claimCollateralSurplus,
  closeCache,
  depositCollateral,
  openCache,
  repayPAYD,
  withdrawCollateral,
  type BorrowingOptions,
} from './writes/cacheWrites.ts';
export {
  depositPAYDInRewardsPool,
  withdrawETHGain,
  withdrawGainsFromRewardsPool,
  withdrawPAYDFromRewardsPool,
} from './writes/rewardsPoolWrites.ts';
export { prepareRedemption, redeemPAYD, type PreparedRedemption } from './writes/redeemPAYD.ts';
export { liquidate, liquidateUpTo } from './writes/liquidate.ts';
export { approveFTXStaking, sendPAYD, stakeFTX, transferFTX, unstakeFTX } from './writes/tokenWrites.ts';
export { setPrice, setFtxPrice } from './writes/setPrice.ts';
export { sendETH } from './writes/paymentWrites.ts';
export {
  readFtxUsdPrice,
  readPaymentTransaction,
  type FtxTransfer,
  type PaymentTransaction,
} from './reads/readPayments.ts';
export { readEthUsdQuote, type EthUsdQuote, type EthUsdRound } from './reads/readEthUsdQuote.ts';
export {
  depositValidatorBatch,
  MULTIPLE_DEPOSIT_ERROR_TEXTS,
  toValidatorBatchDeposit,
  validatorBatchValue,
  type ValidatorBatchDeposit,
  type ValidatorDepositData,
} from './writes/validatorWrites.ts';
export {
  addPoolValidators,
  cancelFETHDeposit,
  claimETH,
  depositFETH,
  depositMultipleValidators,
  markValidatorsExiting,
  poolWithdrawalCredentials,
  removePoolValidator,
  reportPoolRewards,
  settleValidatorExits,
  toValidatorDepositData,
  validatorDepositValue,
  type CancelFETHDepositDetails,
  type ClaimETHDetails,
  type FETHDepositDetails,
  type PoolDepositDetails,
  type RewardsReportDetails,
} from './writes/poolWrites.ts';
export {
  POOL_VALIDATOR_STATUSES,
  poolValidatorStatusFromNumber,
  poolValidatorStatusNumber,
  readPoolState,
  readPoolValidatorId,
  readPoolValidators,
  type PoolState,
  type PoolValidatorKey,
  type PoolValidatorStatus,
} from './reads/readPool.ts';
export { POOL_ERROR_TEXTS, poolErrorText, type ContractRevert } from './errors/poolErrorTexts.ts';
export { contractRevertOf, poolRefusalText } from './errors/poolErrors.ts';
export type { BaseState, FETHQueuePosition, FrontendStatus, StoreState } from './store/storeState.ts';
export { createChainStore, withDerivedState, type ChainStoreParameters } from './store/createChainStore.ts';
export { KYC_STATUSES, getKycStatus, isKycApproved, type KycStatus } from './reads/readKyc.ts';
export { setKycStatus, setKycStatuses } from './writes/kyc.ts';
// Prague predeploys (issue 25): exits, partial withdrawals and consolidations from the wallet.
export {
  CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS,
  ExecutionRequestInputError,
  WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS,
  checkAmountGwei,
  normalizeValidatorPubkey,
  type ConsolidationRequestDetails,
  type WithdrawalRequestDetails,
} from './electra/requestPredeploys.ts';
export {
  readRequestLogs,
  readRequestQueuesEmpty,
  type LoggedExecutionRequest,
  type ReadRequestLogsParameters,
} from './reads/readRequestLogs.ts';
export { depositEvent } from './reads/depositEvents.ts';
export {
  REQUEST_FEE_BUFFER_PERCENT,
  RequestFeeUnavailableError,
  readConsolidationRequestFee,
  readWithdrawalRequestFee,
  type RequestFeeQuote,
} from './reads/readRequestFees.ts';
export {
  requestConsolidation,
  requestExit,
  requestPartialWithdrawal,
  type ExecutionRequestOptions,
} from './writes/executionRequests.ts';
