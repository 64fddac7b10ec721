// The churn limits of Electra, counted in gwei, and the exit and consolidation queues they pace
// (consensus-specs electra beacon-chain.md). Limits read the state's config (mainnet's by default).
import {
  computeActivationExitEpoch,
  configOf,
  FAR_FUTURE_EPOCH,
  getCurrentEpoch,
  getTotalActiveBalance,
  type ElectraState,
} from './state.ts';

const max = (a: bigint, b: bigint) => (a > b ? a : b);
const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** get_balance_churn_limit: max(MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA, total active balance / CHURN_LIMIT_QUOTIENT), in whole ETH. */
export function getBalanceChurnLimit(state: ElectraState): bigint {
  const c = configOf(state);
  const churn = max(
    c.MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA,
    getTotalActiveBalance(state) / c.CHURN_LIMIT_QUOTIENT,
  );
  return churn - (churn % c.EFFECTIVE_BALANCE_INCREMENT);
}

/** get_activation_exit_churn_limit: the balance churn, at most MAX_PER_EPOCH_ACTIVATION_EXIT_CHURN_LIMIT. */
export function getActivationExitChurnLimit(state: ElectraState): bigint {
  return min(getBalanceChurnLimit(state), configOf(state).MAX_PER_EPOCH_ACTIVATION_EXIT_CHURN_LIMIT);
}

/** get_consolidation_churn_limit: what the balance churn leaves beyond activations and exits. */
export function getConsolidationChurnLimit(state: ElectraState): bigint {
  return getBalanceChurnLimit(state) - getActivationExitChurnLimit(state);
}

/**
 * compute_exit_epoch_and_update_churn: the epoch at which `exitBalance` more gwei may leave, after
 * what is queued already; consumes that much of the exit churn.
 */
export function computeExitEpochAndUpdateChurn(state: ElectraState, exitBalance: bigint): bigint {
  const stateEarliest = state.earliestExitEpoch ?? 0n;
  let earliestExitEpoch = max(
    stateEarliest,
    computeActivationExitEpoch(getCurrentEpoch(state), configOf(state)),
  );
  const perEpochChurn = getActivationExitChurnLimit(state);
  // A later epoch than the queue's last starts with a whole epoch of churn.
  let exitBalanceToConsume =
    stateEarliest < earliestExitEpoch ? perEpochChurn : (state.exitBalanceToConsume ?? 0n);
  if (exitBalance > exitBalanceToConsume) {
    const additionalEpochs = (exitBalance - exitBalanceToConsume - 1n) / perEpochChurn + 1n;
    earliestExitEpoch += additionalEpochs;
    exitBalanceToConsume += additionalEpochs * perEpochChurn;
  }
  state.exitBalanceToConsume = exitBalanceToConsume - exitBalance;
  state.earliestExitEpoch = earliestExitEpoch;
  return earliestExitEpoch;
}

/** compute_consolidation_epoch_and_update_churn: the same queue for consolidations, with their churn. */
export function computeConsolidationEpochAndUpdateChurn(
  state: ElectraState,
  consolidationBalance: bigint,
): bigint {
  const stateEarliest = state.earliestConsolidationEpoch ?? 0n;
  let earliestConsolidationEpoch = max(
    stateEarliest,
    computeActivationExitEpoch(getCurrentEpoch(state), configOf(state)),
  );
  const perEpochConsolidationChurn = getConsolidationChurnLimit(state);
  let balanceToConsume =
    stateEarliest < earliestConsolidationEpoch
      ? perEpochConsolidationChurn
      : (state.consolidationBalanceToConsume ?? 0n);
  if (consolidationBalance > balanceToConsume) {
    const additionalEpochs = (consolidationBalance - balanceToConsume - 1n) / perEpochConsolidationChurn + 1n;
    earliestConsolidationEpoch += additionalEpochs;
    balanceToConsume += additionalEpochs * perEpochConsolidationChurn;
  }
  state.consolidationBalanceToConsume = balanceToConsume - consolidationBalance;
  state.earliestConsolidationEpoch = earliestConsolidationEpoch;
  return earliestConsolidationEpoch;
}

/** initiate_validator_exit: queues the validator's effective balance in the exit churn (once). */
export function initiateValidatorExit(state: ElectraState, index: bigint): void {
  const validator = state.validators[Number(index)]!;
  if (validator.exitEpoch !== FAR_FUTURE_EPOCH) return;
  validator.exitEpoch = computeExitEpochAndUpdateChurn(state, validator.effectiveBalance);
  validator.withdrawableEpoch = validator.exitEpoch + configOf(state).MIN_VALIDATOR_WITHDRAWABILITY_DELAY;
}
