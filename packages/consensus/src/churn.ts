// The churn limits of Electra, counted in gwei (consensus-specs electra beacon-chain.md).
import {
  CHURN_LIMIT_QUOTIENT,
  EFFECTIVE_BALANCE_INCREMENT,
  getTotalActiveBalance,
  MAX_PER_EPOCH_ACTIVATION_EXIT_CHURN_LIMIT,
  MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA,
  type ElectraState,
} from './state.ts';

/** get_balance_churn_limit: max(128 ETH, total active balance / 65536), in whole ETH. */
export function getBalanceChurnLimit(state: ElectraState): bigint {
  const byBalance = getTotalActiveBalance(state) / CHURN_LIMIT_QUOTIENT;
  const churn = byBalance > MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA ? byBalance : MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA;
  return churn - (churn % EFFECTIVE_BALANCE_INCREMENT);
}

/** get_activation_exit_churn_limit: the balance churn, at most 256 ETH an epoch. */
export function getActivationExitChurnLimit(state: ElectraState): bigint {
  const churn = getBalanceChurnLimit(state);
  return churn < MAX_PER_EPOCH_ACTIVATION_EXIT_CHURN_LIMIT
    ? churn
    : MAX_PER_EPOCH_ACTIVATION_EXIT_CHURN_LIMIT;
}

/** get_consolidation_churn_limit: what the balance churn leaves beyond activations and exits. */
export function getConsolidationChurnLimit(state: ElectraState): bigint {
  return getBalanceChurnLimit(state) - getActivationExitChurnLimit(state);
}
