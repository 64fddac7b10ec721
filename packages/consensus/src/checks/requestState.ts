// What a request check reads of the beacon state, in the shapes a Beacon API node serves
// (/eth/v1/beacon/states/{id}/validators, .../pending_partial_withdrawals, .../pending_consolidations,
// /eth/v1/config/spec), and the configuration values the checks use. Amounts are gwei, epochs are
// bigint with FAR_FUTURE_EPOCH for "not set".
import {
  CHURN_LIMIT_QUOTIENT,
  EFFECTIVE_BALANCE_INCREMENT,
  FAR_FUTURE_EPOCH,
  MAX_PER_EPOCH_ACTIVATION_EXIT_CHURN_LIMIT,
  MIN_ACTIVATION_BALANCE,
  MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA,
} from '../state.ts';

/** A validator as the checks read it: the Validator record plus its index and balance. */
export interface RequestValidator {
  index: bigint;
  /** 0x-prefixed 48-byte BLS public key (compared case-insensitively). */
  pubkey: string;
  /** 0x-prefixed 32 bytes. */
  withdrawalCredentials: string;
  effectiveBalance: bigint;
  balance: bigint;
  activationEpoch: bigint;
  exitEpoch: bigint;
}

/** PendingPartialWithdrawal (electra beacon-chain.md). */
export interface QueuedPartialWithdrawal {
  validatorIndex: bigint;
  amount: bigint;
  withdrawableEpoch: bigint;
}

/** PendingConsolidation (electra beacon-chain.md). */
export interface QueuedConsolidation {
  sourceIndex: bigint;
  targetIndex: bigint;
}

/** The part of a BeaconState the request checks read. */
export interface RequestState {
  currentEpoch: bigint;
  /** At least the validators the request names (a pubkey missing here is unknown to the chain). */
  validators: readonly RequestValidator[];
  /** state.pending_partial_withdrawals, the whole list. */
  pendingPartialWithdrawals: readonly QueuedPartialWithdrawal[];
  /** len(state.pending_consolidations). */
  pendingConsolidationCount: number;
  /** get_total_active_balance (only consolidations read it: the consolidation churn). */
  totalActiveBalance: bigint;
}

/**
 * The configuration values (`/eth/v1/config/spec`) the checks depend on, under the spec's names (a
 * subset of any fuller config of the same names, which may be passed instead).
 */
export interface RequestRules {
  SHARD_COMMITTEE_PERIOD: bigint;
  MIN_ACTIVATION_BALANCE: bigint;
  EFFECTIVE_BALANCE_INCREMENT: bigint;
  PENDING_PARTIAL_WITHDRAWALS_LIMIT: bigint;
  PENDING_CONSOLIDATIONS_LIMIT: bigint;
  MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA: bigint;
  MAX_PER_EPOCH_ACTIVATION_EXIT_CHURN_LIMIT: bigint;
  CHURN_LIMIT_QUOTIENT: bigint;
}

/** Mainnet's values (consensus-specs configs/mainnet.yaml and presets/mainnet/electra.yaml). */
export const MAINNET_REQUEST_RULES: RequestRules = {
  SHARD_COMMITTEE_PERIOD: 256n,
  MIN_ACTIVATION_BALANCE,
  EFFECTIVE_BALANCE_INCREMENT,
  PENDING_PARTIAL_WITHDRAWALS_LIMIT: 134_217_728n,
  PENDING_CONSOLIDATIONS_LIMIT: 262_144n,
  MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA,
  MAX_PER_EPOCH_ACTIVATION_EXIT_CHURN_LIMIT,
  CHURN_LIMIT_QUOTIENT,
};

/** The rules from a node's `/eth/v1/config/spec` values; a value the node does not serve is mainnet's. */
export function requestRulesFromSpec(values: Readonly<Record<string, string>>): RequestRules {
  const rules = { ...MAINNET_REQUEST_RULES };
  for (const key of Object.keys(rules) as (keyof RequestRules)[]) {
    const v = values[key];
    if (v !== undefined && /^\d+$/.test(v)) rules[key] = BigInt(v);
  }
  return rules;
}

/** The validator whose pubkey is `pubkey`, or null (the spec's `pubkey not in validator_pubkeys`). */
export function findValidator(state: RequestState, pubkey: string): RequestValidator | null {
  const key = pubkey.toLowerCase();
  return state.validators.find((v) => v.pubkey.toLowerCase() === key) ?? null;
}

/** withdrawal_credentials[12:]: the execution address a 0x01/0x02 validator pays out to, lower case. */
export const withdrawalAddressOf = (v: Pick<RequestValidator, 'withdrawalCredentials'>): string =>
  `0x${v.withdrawalCredentials.replace(/^0x/i, '').slice(24).toLowerCase()}`;

const prefixOf = (v: Pick<RequestValidator, 'withdrawalCredentials'>) =>
  v.withdrawalCredentials.replace(/^0x/i, '').slice(0, 2);

/** has_eth1_withdrawal_credential (0x01). */
export const hasEth1WithdrawalCredential = (v: Pick<RequestValidator, 'withdrawalCredentials'>) =>
  prefixOf(v) === '01';

/** has_execution_withdrawal_credential (0x01 or 0x02). */
export const hasExecutionWithdrawalCredential = (v: Pick<RequestValidator, 'withdrawalCredentials'>) =>
  prefixOf(v) === '01' || prefixOf(v) === '02';

/** is_active_validator */
export const isActive = (v: RequestValidator, epoch: bigint): boolean =>
  v.activationEpoch <= epoch && epoch < v.exitEpoch;

/** exit_epoch != FAR_FUTURE_EPOCH: an exit (or a consolidation away) has been initiated. */
export const exitInitiated = (v: RequestValidator): boolean => v.exitEpoch !== FAR_FUTURE_EPOCH;

/** get_pending_balance_to_withdraw */
export function getPendingBalanceToWithdraw(state: RequestState, index: bigint): bigint {
  return state.pendingPartialWithdrawals.reduce(
    (sum, w) => (w.validatorIndex === index ? sum + w.amount : sum),
    0n,
  );
}

/**
 * get_consolidation_churn_limit from the total active balance and the node's configuration:
 * get_balance_churn_limit (max(MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA, total / CHURN_LIMIT_QUOTIENT),
 * in whole increments) minus get_activation_exit_churn_limit (at most
 * MAX_PER_EPOCH_ACTIVATION_EXIT_CHURN_LIMIT).
 */
export function consolidationChurnLimit(totalActiveBalance: bigint, rules: RequestRules): bigint {
  const byBalance = totalActiveBalance / rules.CHURN_LIMIT_QUOTIENT;
  const floor = rules.MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA;
  const churn = byBalance > floor ? byBalance : floor;
  const balanceChurn = churn - (churn % rules.EFFECTIVE_BALANCE_INCREMENT);
  const cap = rules.MAX_PER_EPOCH_ACTIVATION_EXIT_CHURN_LIMIT;
  return balanceChurn - (balanceChurn < cap ? balanceChurn : cap);
}
