// The part of an Electra BeaconState that payd's rules read and write, and the constants they use
// (consensus-specs presets/mainnet/electra.yaml, configs/mainnet.yaml).

export const FAR_FUTURE_EPOCH = 2n ** 64n - 1n;
export const GENESIS_SLOT = 0n;
export const EFFECTIVE_BALANCE_INCREMENT = 1_000_000_000n;
export const MIN_ACTIVATION_BALANCE = 32_000_000_000n;
export const MAX_EFFECTIVE_BALANCE_ELECTRA = 2_048_000_000_000n;
export const HYSTERESIS_QUOTIENT = 4n;
export const HYSTERESIS_DOWNWARD_MULTIPLIER = 1n;
export const HYSTERESIS_UPWARD_MULTIPLIER = 5n;
export const MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA = 128_000_000_000n;
export const MAX_PER_EPOCH_ACTIVATION_EXIT_CHURN_LIMIT = 256_000_000_000n;
export const CHURN_LIMIT_QUOTIENT = 65_536n;
export const MAX_PENDING_DEPOSITS_PER_EPOCH = 16;
export const SLOTS_PER_EPOCH = 32n;

export interface Validator {
  pubkey: string;
  withdrawalCredentials: string;
  effectiveBalance: bigint;
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

export interface ElectraState {
  slot: bigint;
  validators: Validator[];
  balances: bigint[];
  pendingDeposits: PendingDeposit[];
  depositBalanceToConsume: bigint;
  finalizedEpoch: bigint;
  eth1DepositIndex: bigint;
  depositRequestsStartIndex: bigint;
}

export const getCurrentEpoch = (state: ElectraState): bigint => state.slot / SLOTS_PER_EPOCH;
export const computeStartSlotAtEpoch = (epoch: bigint): bigint => epoch * SLOTS_PER_EPOCH;

/** is_active_validator */
export const isActiveValidator = (v: Validator, epoch: bigint): boolean =>
  v.activationEpoch <= epoch && epoch < v.exitEpoch;

/** has_compounding_withdrawal_credential */
export const hasCompoundingWithdrawalCredential = (v: Pick<Validator, 'withdrawalCredentials'>): boolean =>
  v.withdrawalCredentials.replace(/^0x/, '').startsWith('02');

/** get_max_effective_balance */
export const getMaxEffectiveBalance = (v: Pick<Validator, 'withdrawalCredentials'>): bigint =>
  hasCompoundingWithdrawalCredential(v) ? MAX_EFFECTIVE_BALANCE_ELECTRA : MIN_ACTIVATION_BALANCE;

/** get_total_active_balance: at least EFFECTIVE_BALANCE_INCREMENT. */
export function getTotalActiveBalance(state: ElectraState): bigint {
  const epoch = getCurrentEpoch(state);
  const total = state.validators.reduce(
    (sum, v) => (isActiveValidator(v, epoch) ? sum + v.effectiveBalance : sum),
    0n,
  );
  return total > EFFECTIVE_BALANCE_INCREMENT ? total : EFFECTIVE_BALANCE_INCREMENT;
}
