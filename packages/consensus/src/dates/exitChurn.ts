// The exit and consolidation queues in ETH, for an exit, partial withdrawal or consolidation
// requested now: compute_exit_epoch_and_update_churn and compute_consolidation_epoch_and_update_churn
// of churn.ts over the snapshot's state. The standard Beacon API does not serve earliest_exit_epoch,
// exit_balance_to_consume, earliest_consolidation_epoch nor consolidation_balance_to_consume; when
// the snapshot lacks them they are rebuilt from what it serves: the latest epoch any exit was given
// (validators' exit epochs, partial withdrawals' withdrawable epoch - MIN_VALIDATOR_WITHDRAWABILITY_DELAY;
// consolidation sources' exit epochs for the other queue), and what is left of that epoch's churn once
// the balances given it are counted.
import {
  computeConsolidationEpochAndUpdateChurn,
  getActivationExitChurnLimit,
  getConsolidationChurnLimit,
} from '../churn.ts';
import { FAR_FUTURE_EPOCH, type ElectraState } from '../state.ts';
import { electraStateOf, getCurrentEpoch, type QueueSnapshot } from './snapshot.ts';

export { computeExitEpochAndUpdateChurn, computeConsolidationEpochAndUpdateChurn } from '../churn.ts';

/** The latest epoch given and what is left of its churn, from the balances given each epoch. */
function rebuild(given: Map<bigint, bigint>, perEpochChurn: bigint): [bigint, bigint] {
  let earliest = 0n;
  for (const epoch of given.keys()) if (epoch > earliest) earliest = epoch;
  const used = given.get(earliest) ?? 0n;
  if (used === 0n || perEpochChurn === 0n) return [earliest, 0n];
  const spanned = (used + perEpochChurn - 1n) / perEpochChurn;
  return [earliest, spanned * perEpochChurn - used];
}

const add = (m: Map<bigint, bigint>, epoch: bigint, amount: bigint) =>
  m.set(epoch, (m.get(epoch) ?? 0n) + amount);

/** The snapshot's state with its exit and consolidation queues (served, or rebuilt as the header says). */
export function churnStateOf(s: QueueSnapshot): ElectraState {
  const state = electraStateOf(s);
  const currentEpoch = getCurrentEpoch(s);
  const sources = new Set(s.pendingConsolidations.map((c) => c.sourceIndex));
  const exits = new Map<bigint, bigint>();
  const consolidations = new Map<bigint, bigint>();
  s.validators.forEach((v, i) => {
    if (v.exitEpoch === FAR_FUTURE_EPOCH || v.exitEpoch <= currentEpoch) return;
    add(sources.has(i) ? consolidations : exits, v.exitEpoch, v.effectiveBalance);
  });
  for (const w of s.pendingPartialWithdrawals)
    add(exits, w.withdrawableEpoch - s.config.MIN_VALIDATOR_WITHDRAWABILITY_DELAY, w.amount);
  const [exitEpoch, exitLeft] = rebuild(exits, getActivationExitChurnLimit(state));
  const [consolidationEpoch, consolidationLeft] = rebuild(consolidations, getConsolidationChurnLimit(state));
  state.earliestExitEpoch = s.earliestExitEpoch ?? exitEpoch;
  state.exitBalanceToConsume = s.exitBalanceToConsume ?? exitLeft;
  state.earliestConsolidationEpoch = s.earliestConsolidationEpoch ?? consolidationEpoch;
  state.consolidationBalanceToConsume = s.consolidationBalanceToConsume ?? consolidationLeft;
  return state;
}

/**
 * The source's exit epoch of a consolidation requested now; null when process_consolidation_request
 * would ignore it for too little consolidation churn (at most MIN_ACTIVATION_BALANCE).
 */
export function computeConsolidationEpochIfAccepted(
  state: ElectraState,
  consolidationBalance: bigint,
): bigint | null {
  if (getConsolidationChurnLimit(state) <= (state.config?.MIN_ACTIVATION_BALANCE ?? 32_000_000_000n))
    return null;
  return computeConsolidationEpochAndUpdateChurn(state, consolidationBalance);
}
