// The part of an Electra BeaconState that payd's rules read and write, and the constants they use
// (consensus-specs presets/mainnet/electra.yaml, configs/mainnet.yaml). A state carries the config
// of its network (`config`, mainnet's when absent); the constants below are mainnet's.
import { MAINNET_CONFIG, type ConsensusConfig } from './config.ts';

export const FAR_FUTURE_EPOCH = 2n ** 64n - 1n;
export const GENESIS_SLOT = 0n;
export const EFFECTIVE_BALANCE_INCREMENT = MAINNET_CONFIG.EFFECTIVE_BALANCE_INCREMENT;
export const MIN_ACTIVATION_BALANCE = MAINNET_CONFIG.MIN_ACTIVATION_BALANCE;
export const MAX_EFFECTIVE_BALANCE_ELECTRA = MAINNET_CONFIG.MAX_EFFECTIVE_BALANCE_ELECTRA;
export const HYSTERESIS_QUOTIENT = MAINNET_CONFIG.HYSTERESIS_QUOTIENT;
export const HYSTERESIS_DOWNWARD_MULTIPLIER = MAINNET_CONFIG.HYSTERESIS_DOWNWARD_MULTIPLIER;
export const HYSTERESIS_UPWARD_MULTIPLIER = MAINNET_CONFIG.HYSTERESIS_UPWARD_MULTIPLIER;
export const MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA = MAINNET_CONFIG.MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA;
export const MAX_PER_EPOCH_ACTIVATION_EXIT_CHURN_LIMIT =
  MAINNET_CONFIG.MAX_PER_EPOCH_ACTIVATION_EXIT_CHURN_LIMIT;
export const CHURN_LIMIT_QUOTIENT = MAINNET_CONFIG.CHURN_LIMIT_QUOTIENT;
export const MAX_PENDING_DEPOSITS_PER_EPOCH = Number(MAINNET_CONFIG.MAX_PENDING_DEPOSITS_PER_EPOCH);
export const SLOTS_PER_EPOCH = MAINNET_CONFIG.SLOTS_PER_EPOCH;
/** COMPOUNDING_WITHDRAWAL_PREFIX and ETH1_ADDRESS_WITHDRAWAL_PREFIX, as hex bytes. */
export const COMPOUNDING_WITHDRAWAL_PREFIX = '02';
export const ETH1_ADDRESS_WITHDRAWAL_PREFIX = '01';

export interface Validator {
  pubkey: string;
  withdrawalCredentials: string;
  effectiveBalance: bigint;
  /** false when absent: payd's chains slash nobody. */
  slashed?: boolean;
  activationEligibilityEpoch: bigint;
  activationEpoch: bigint;
  exitEpoch: bigint;
  withdrawableEpoch: bigint;
}

/** PendingDeposit: what a deposit request (EIP-6110) queues. */
export interface PendingDeposit {
  pubkey: string;
  withdrawalCredentials: string;
  amount: bigint;
  signature: string;
  slot: bigint;
}

/** PendingPartialWithdrawal: what an EIP-7002 partial withdrawal request queues. */
export interface PendingPartialWithdrawal {
  validatorIndex: bigint;
  amount: bigint;
  withdrawableEpoch: bigint;
}

/** PendingConsolidation: what an EIP-7251 consolidation request queues. */
export interface PendingConsolidation {
  sourceIndex: bigint;
  targetIndex: bigint;
}

/**
 * The Electra fields payd reads. The exit and consolidation queues are optional so that a state
 * built only for deposits stays valid: absent lists are empty and absent numbers are 0.
 */
export interface ElectraState {
  slot: bigint;
  validators: Validator[];
  balances: bigint[];
  pendingDeposits: PendingDeposit[];
  depositBalanceToConsume: bigint;
  finalizedEpoch: bigint;
  eth1DepositIndex: bigint;
  depositRequestsStartIndex: bigint;
  pendingPartialWithdrawals?: PendingPartialWithdrawal[];
  pendingConsolidations?: PendingConsolidation[];
  exitBalanceToConsume?: bigint;
  earliestExitEpoch?: bigint;
  consolidationBalanceToConsume?: bigint;
  earliestConsolidationEpoch?: bigint;
  /** The network's constants; mainnet's when absent. */
  config?: ConsensusConfig;
}

/** The constants a state is processed with. */
export const configOf = (state: Pick<ElectraState, 'config'>): ConsensusConfig =>
  state.config ?? MAINNET_CONFIG;

export const getCurrentEpoch = (state: ElectraState): bigint => state.slot / configOf(state).SLOTS_PER_EPOCH;
/** compute_start_slot_at_epoch; `config` defaults to mainnet's. */
export const computeStartSlotAtEpoch = (epoch: bigint, config: ConsensusConfig = MAINNET_CONFIG): bigint =>
  epoch * config.SLOTS_PER_EPOCH;
/** compute_activation_exit_epoch */
export const computeActivationExitEpoch = (epoch: bigint, config: ConsensusConfig = MAINNET_CONFIG): bigint =>
  epoch + 1n + config.MAX_SEED_LOOKAHEAD;

/** is_active_validator */
export const isActiveValidator = (v: Validator, epoch: bigint): boolean =>
  v.activationEpoch <= epoch && epoch < v.exitEpoch;

const prefixOf = (v: Pick<Validator, 'withdrawalCredentials'>) =>
  v.withdrawalCredentials.replace(/^0x/, '').slice(0, 2);

/** has_compounding_withdrawal_credential */
export const hasCompoundingWithdrawalCredential = (v: Pick<Validator, 'withdrawalCredentials'>): boolean =>
  prefixOf(v) === COMPOUNDING_WITHDRAWAL_PREFIX;

/** has_eth1_withdrawal_credential */
export const hasEth1WithdrawalCredential = (v: Pick<Validator, 'withdrawalCredentials'>): boolean =>
  prefixOf(v) === ETH1_ADDRESS_WITHDRAWAL_PREFIX;

/** has_execution_withdrawal_credential: 0x01 or 0x02. */
export const hasExecutionWithdrawalCredential = (v: Pick<Validator, 'withdrawalCredentials'>): boolean =>
  hasCompoundingWithdrawalCredential(v) || hasEth1WithdrawalCredential(v);

/** The execution address of 0x01/0x02 credentials (withdrawal_credentials[12:]), lower case. */
export const withdrawalAddressOf = (v: Pick<Validator, 'withdrawalCredentials'>): string =>
  `0x${v.withdrawalCredentials.slice(-40).toLowerCase()}`;

/** get_max_effective_balance; `config` defaults to mainnet's. */
export const getMaxEffectiveBalance = (
  v: Pick<Validator, 'withdrawalCredentials'>,
  config: ConsensusConfig = MAINNET_CONFIG,
): bigint =>
  hasCompoundingWithdrawalCredential(v)
    ? config.MAX_EFFECTIVE_BALANCE_ELECTRA
    : config.MIN_ACTIVATION_BALANCE;

/** get_total_active_balance: at least EFFECTIVE_BALANCE_INCREMENT. */
export function getTotalActiveBalance(state: ElectraState): bigint {
  const epoch = getCurrentEpoch(state);
  const total = state.validators.reduce(
    (sum, v) => (isActiveValidator(v, epoch) ? sum + v.effectiveBalance : sum),
    0n,
  );
  const increment = configOf(state).EFFECTIVE_BALANCE_INCREMENT;
  return total > increment ? total : increment;
}

/** get_pending_balance_to_withdraw */
export function getPendingBalanceToWithdraw(state: ElectraState, index: bigint): bigint {
  return (state.pendingPartialWithdrawals ?? []).reduce(
    (sum, w) => (w.validatorIndex === index ? sum + w.amount : sum),
    0n,
  );
}

/** is_fully_withdrawable_validator */
export function isFullyWithdrawableValidator(v: Validator, balance: bigint, epoch: bigint): boolean {
  return hasExecutionWithdrawalCredential(v) && v.withdrawableEpoch <= epoch && balance > 0n;
}

/** is_partially_withdrawable_validator: at its maximum effective balance with more balance than that. */
export function isPartiallyWithdrawableValidator(
  v: Validator,
  balance: bigint,
  config: ConsensusConfig = MAINNET_CONFIG,
): boolean {
  const max = getMaxEffectiveBalance(v, config);
  return hasExecutionWithdrawalCredential(v) && v.effectiveBalance === max && balance > max;
}
