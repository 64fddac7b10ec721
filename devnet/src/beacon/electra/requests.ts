// The execution-layer requests of Electra (consensus-specs electra beacon-chain.md): withdrawal
// requests (EIP-7002: full exits and partial withdrawals) and consolidation requests (EIP-7251,
// including the switch to compounding credentials when source == target). Invalid requests are
// ignored without a trace, as on a real chain: the fee paid to the predeploy is kept.
import {
  computeConsolidationEpochAndUpdateChurn,
  computeExitEpochAndUpdateChurn,
  configOf,
  FAR_FUTURE_EPOCH,
  GENESIS_SLOT,
  getConsolidationChurnLimit,
  getCurrentEpoch,
  getPendingBalanceToWithdraw,
  hasCompoundingWithdrawalCredential,
  hasEth1WithdrawalCredential,
  hasExecutionWithdrawalCredential,
  initiateValidatorExit,
  isActiveValidator,
  withdrawalAddressOf,
  type ElectraState,
} from '@payd/consensus';

/** WithdrawalRequest (EIP-7002), as the system call of a block returns it; amount in gwei. */
export interface WithdrawalRequest {
  sourceAddress: string;
  validatorPubkey: string;
  amount: bigint;
}

/** ConsolidationRequest (EIP-7251), as the system call of a block returns it. */
export interface ConsolidationRequest {
  sourceAddress: string;
  sourcePubkey: string;
  targetPubkey: string;
}

/** G2_POINT_AT_INFINITY: the placeholder signature of deposits the state queues itself. */
export const G2_POINT_AT_INFINITY = `0xc0${'00'.repeat(95)}`;

const indexOfPubkey = (state: ElectraState, pubkey: string): number => {
  const wanted = pubkey.toLowerCase();
  return state.validators.findIndex((v) => v.pubkey.toLowerCase() === wanted);
};

/** process_withdrawal_request */
export function processWithdrawalRequest(state: ElectraState, request: WithdrawalRequest): void {
  const c = configOf(state);
  const amount = request.amount;
  const isFullExitRequest = amount === c.FULL_EXIT_REQUEST_AMOUNT;
  const partials = (state.pendingPartialWithdrawals ??= []);
  // A full queue of partial withdrawals takes only full exits.
  if (BigInt(partials.length) === c.PENDING_PARTIAL_WITHDRAWALS_LIMIT && !isFullExitRequest) return;
  const found = indexOfPubkey(state, request.validatorPubkey);
  if (found < 0) return;
  const index = BigInt(found);
  const validator = state.validators[found]!;
  const balance = state.balances[found]!;
  if (!hasExecutionWithdrawalCredential(validator)) return;
  if (withdrawalAddressOf(validator) !== request.sourceAddress.toLowerCase()) return;
  const currentEpoch = getCurrentEpoch(state);
  if (!isActiveValidator(validator, currentEpoch)) return;
  if (validator.exitEpoch !== FAR_FUTURE_EPOCH) return;
  if (currentEpoch < validator.activationEpoch + c.SHARD_COMMITTEE_PERIOD) return;
  const pendingBalanceToWithdraw = getPendingBalanceToWithdraw(state, index);
  if (isFullExitRequest) {
    // A full exit waits for no partial withdrawal: with one pending it is ignored.
    if (pendingBalanceToWithdraw === 0n) initiateValidatorExit(state, index);
    return;
  }
  const hasSufficientEffectiveBalance = validator.effectiveBalance >= c.MIN_ACTIVATION_BALANCE;
  const hasExcessBalance = balance > c.MIN_ACTIVATION_BALANCE + pendingBalanceToWithdraw;
  // Partial withdrawals only for compounding credentials.
  if (!(hasCompoundingWithdrawalCredential(validator) && hasSufficientEffectiveBalance && hasExcessBalance))
    return;
  const excess = balance - c.MIN_ACTIVATION_BALANCE - pendingBalanceToWithdraw;
  const toWithdraw = excess < amount ? excess : amount;
  const exitQueueEpoch = computeExitEpochAndUpdateChurn(state, toWithdraw);
  partials.push({
    validatorIndex: index,
    amount: toWithdraw,
    withdrawableEpoch: exitQueueEpoch + c.MIN_VALIDATOR_WITHDRAWABILITY_DELAY,
  });
}

/** queue_excess_active_balance: what is above MIN_ACTIVATION_BALANCE goes back through pending_deposits. */
export function queueExcessActiveBalance(state: ElectraState, index: number): void {
  const c = configOf(state);
  const balance = state.balances[index]!;
  if (balance <= c.MIN_ACTIVATION_BALANCE) return;
  state.balances[index] = c.MIN_ACTIVATION_BALANCE;
  const validator = state.validators[index]!;
  // The placeholder signature and GENESIS_SLOT tell it from a deposit request.
  state.pendingDeposits.push({
    pubkey: validator.pubkey,
    withdrawalCredentials: validator.withdrawalCredentials,
    amount: balance - c.MIN_ACTIVATION_BALANCE,
    signature: G2_POINT_AT_INFINITY,
    slot: GENESIS_SLOT,
  });
}

/** switch_to_compounding_validator: 0x01 -> 0x02, with the excess balance queued again. */
export function switchToCompoundingValidator(state: ElectraState, index: number): void {
  const validator = state.validators[index]!;
  const hex = validator.withdrawalCredentials.replace(/^0x/, '');
  validator.withdrawalCredentials = `0x02${hex.slice(2)}`;
  queueExcessActiveBalance(state, index);
}

/** is_valid_switch_to_compounding_request */
export function isValidSwitchToCompoundingRequest(
  state: ElectraState,
  request: ConsolidationRequest,
): boolean {
  if (request.sourcePubkey.toLowerCase() !== request.targetPubkey.toLowerCase()) return false;
  const found = indexOfPubkey(state, request.sourcePubkey);
  if (found < 0) return false;
  const source = state.validators[found]!;
  if (withdrawalAddressOf(source) !== request.sourceAddress.toLowerCase()) return false;
  if (!hasEth1WithdrawalCredential(source)) return false;
  if (!isActiveValidator(source, getCurrentEpoch(state))) return false;
  return source.exitEpoch === FAR_FUTURE_EPOCH;
}

/** process_consolidation_request */
export function processConsolidationRequest(state: ElectraState, request: ConsolidationRequest): void {
  if (isValidSwitchToCompoundingRequest(state, request)) {
    switchToCompoundingValidator(state, indexOfPubkey(state, request.sourcePubkey));
    return;
  }
  // source == target is never a consolidation (it would be an exit).
  if (request.sourcePubkey.toLowerCase() === request.targetPubkey.toLowerCase()) return;
  const c = configOf(state);
  const consolidations = (state.pendingConsolidations ??= []);
  if (BigInt(consolidations.length) === c.PENDING_CONSOLIDATIONS_LIMIT) return;
  if (getConsolidationChurnLimit(state) <= c.MIN_ACTIVATION_BALANCE) return;
  const sourceIndex = indexOfPubkey(state, request.sourcePubkey);
  const targetIndex = indexOfPubkey(state, request.targetPubkey);
  if (sourceIndex < 0 || targetIndex < 0) return;
  const source = state.validators[sourceIndex]!;
  const target = state.validators[targetIndex]!;
  if (!hasExecutionWithdrawalCredential(source)) return;
  if (withdrawalAddressOf(source) !== request.sourceAddress.toLowerCase()) return;
  if (!hasCompoundingWithdrawalCredential(target)) return;
  const currentEpoch = getCurrentEpoch(state);
  if (!isActiveValidator(source, currentEpoch) || !isActiveValidator(target, currentEpoch)) return;
  if (source.exitEpoch !== FAR_FUTURE_EPOCH || target.exitEpoch !== FAR_FUTURE_EPOCH) return;
  if (currentEpoch < source.activationEpoch + c.SHARD_COMMITTEE_PERIOD) return;
  if (getPendingBalanceToWithdraw(state, BigInt(sourceIndex)) > 0n) return;
  source.exitEpoch = computeConsolidationEpochAndUpdateChurn(state, source.effectiveBalance);
  source.withdrawableEpoch = source.exitEpoch + c.MIN_VALIDATOR_WITHDRAWABILITY_DELAY;
  consolidations.push({ sourceIndex: BigInt(sourceIndex), targetIndex: BigInt(targetIndex) });
}
