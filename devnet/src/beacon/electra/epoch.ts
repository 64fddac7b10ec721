// Epoch and block operations of Electra that move validators through the registry
// (consensus-specs electra beacon-chain.md): process_registry_updates, process_pending_consolidations,
// the checks of process_voluntary_exit, and the withdrawals of get_expected_withdrawals.
import {
  computeActivationExitEpoch,
  configOf,
  FAR_FUTURE_EPOCH,
  getCurrentEpoch,
  getPendingBalanceToWithdraw,
  initiateValidatorExit,
  isActiveValidator,
  isFullyWithdrawableValidator,
  isPartiallyWithdrawableValidator,
  getMaxEffectiveBalance,
  type ElectraState,
  type Validator,
} from '@payd/consensus';

/** is_eligible_for_activation_queue (electra: at least MIN_ACTIVATION_BALANCE effective). */
const isEligibleForActivationQueue = (v: Validator, minActivation: bigint) =>
  v.activationEligibilityEpoch === FAR_FUTURE_EPOCH && v.effectiveBalance >= minActivation;

/** is_eligible_for_activation: queued by a finalized epoch and not activated yet. */
const isEligibleForActivation = (state: ElectraState, v: Validator) =>
  v.activationEligibilityEpoch <= state.finalizedEpoch && v.activationEpoch === FAR_FUTURE_EPOCH;

/** process_registry_updates: queue, eject below EJECTION_BALANCE, activate (no churn here in Electra). */
export function processRegistryUpdates(state: ElectraState): void {
  const c = configOf(state);
  const currentEpoch = getCurrentEpoch(state);
  const activationEpoch = computeActivationExitEpoch(currentEpoch, c);
  state.validators.forEach((validator, index) => {
    if (isEligibleForActivationQueue(validator, c.MIN_ACTIVATION_BALANCE))
      validator.activationEligibilityEpoch = currentEpoch + 1n;
    else if (isActiveValidator(validator, currentEpoch) && validator.effectiveBalance <= c.EJECTION_BALANCE)
      initiateValidatorExit(state, BigInt(index));
    else if (isEligibleForActivation(state, validator)) validator.activationEpoch = activationEpoch;
  });
}

/** process_pending_consolidations: a source's active balance moves to its target once withdrawable. */
export function processPendingConsolidations(state: ElectraState): void {
  const nextEpoch = getCurrentEpoch(state) + 1n;
  const queue = state.pendingConsolidations ?? [];
  let next = 0;
  for (const pending of queue) {
    const source = state.validators[Number(pending.sourceIndex)]!;
    if (source.slashed) {
      next++;
      continue;
    }
    if (source.withdrawableEpoch > nextEpoch) break;
    const sourceBalance = state.balances[Number(pending.sourceIndex)]!;
    const moved = sourceBalance < source.effectiveBalance ? sourceBalance : source.effectiveBalance;
    state.balances[Number(pending.sourceIndex)] = sourceBalance - moved;
    state.balances[Number(pending.targetIndex)] = state.balances[Number(pending.targetIndex)]! + moved;
    next++;
  }
  state.pendingConsolidations = queue.slice(next);
}

/**
 * The checks of process_voluntary_exit apart from the signature: null when the exit is valid, else
 * why not (the Beacon API's 400 reason).
 */
export function voluntaryExitError(state: ElectraState, index: bigint, exitEpoch: bigint): string | null {
  const c = configOf(state);
  const validator = state.validators[Number(index)];
  const currentEpoch = getCurrentEpoch(state);
  if (!validator) return `unknown validator index ${index}`;
  if (validator.exitEpoch !== FAR_FUTURE_EPOCH) return `validator ${index} is already exiting`;
  if (!isActiveValidator(validator, currentEpoch)) return `validator ${index} is not active`;
  if (exitEpoch > currentEpoch) return `exit epoch ${exitEpoch} is after the current epoch ${currentEpoch}`;
  if (currentEpoch < validator.activationEpoch + c.SHARD_COMMITTEE_PERIOD)
    return `validator ${index} has not been active for SHARD_COMMITTEE_PERIOD (${c.SHARD_COMMITTEE_PERIOD} epochs) yet`;
  if (getPendingBalanceToWithdraw(state, index) > 0n)
    return `validator ${index} has pending partial withdrawals`;
  return null;
}

/** process_voluntary_exit once the signature is checked: false (and no change) when it is invalid. */
export function processVoluntaryExit(state: ElectraState, index: bigint, exitEpoch: bigint): boolean {
  if (voluntaryExitError(state, index, exitEpoch) !== null) return false;
  initiateValidatorExit(state, index);
  return true;
}

/** A withdrawal of the payload: validator and gwei. */
export interface ExpectedWithdrawal {
  validatorIndex: bigint;
  amount: bigint;
}

/**
 * The pending-partial part of get_expected_withdrawals and process_withdrawals: pays the queue's
 * withdrawable head (at most MAX_PENDING_PARTIALS_PER_WITHDRAWALS_SWEEP), never below
 * MIN_ACTIVATION_BALANCE and never for an exiting validator, and drops what it processed.
 */
export function processPendingPartialWithdrawals(state: ElectraState): ExpectedWithdrawal[] {
  const c = configOf(state);
  const epoch = getCurrentEpoch(state);
  const queue = state.pendingPartialWithdrawals ?? [];
  const paid: ExpectedWithdrawal[] = [];
  let processed = 0;
  for (const w of queue) {
    if (w.withdrawableEpoch > epoch || BigInt(processed) === c.MAX_PENDING_PARTIALS_PER_WITHDRAWALS_SWEEP)
      break;
    const i = Number(w.validatorIndex);
    const validator = state.validators[i]!;
    const balance = state.balances[i]!;
    const hasSufficientEffectiveBalance = validator.effectiveBalance >= c.MIN_ACTIVATION_BALANCE;
    if (
      validator.exitEpoch === FAR_FUTURE_EPOCH &&
      hasSufficientEffectiveBalance &&
      balance > c.MIN_ACTIVATION_BALANCE
    ) {
      const excess = balance - c.MIN_ACTIVATION_BALANCE;
      const amount = excess < w.amount ? excess : w.amount;
      state.balances[i] = balance - amount;
      paid.push({ validatorIndex: w.validatorIndex, amount });
    }
    processed++;
  }
  state.pendingPartialWithdrawals = queue.slice(processed);
  return paid;
}

/**
 * What the sweep takes from one validator (get_expected_withdrawals' second part): everything once
 * it is withdrawable, else what is above get_max_effective_balance when it is at its maximum
 * (is_partially_withdrawable_validator: nothing below 2048 ETH for 0x02), else nothing.
 */
export function sweepAmount(state: ElectraState, index: number): bigint {
  const validator = state.validators[index]!;
  const balance = state.balances[index]!;
  const c = configOf(state);
  if (isFullyWithdrawableValidator(validator, balance, getCurrentEpoch(state))) return balance;
  if (isPartiallyWithdrawableValidator(validator, balance, c))
    return balance - getMaxEffectiveBalance(validator, c);
  return 0n;
}
