// The exit and consolidation queues in ETH: compute_exit_epoch_and_update_churn and
// compute_consolidation_epoch_and_update_churn over a churn state. The standard Beacon API does not
// serve earliest_exit_epoch, exit_balance_to_consume, earliest_consolidation_epoch nor
// consolidation_balance_to_consume; when the snapshot lacks them they are rebuilt from what it
// serves: the latest epoch any exit was given (validators' exit epochs, partial withdrawals'
// withdrawable epoch - MIN_VALIDATOR_WITHDRAWABILITY_DELAY; consolidation sources' exit epochs for
// the other queue), and what is left of that epoch's churn once the balances given it are counted.
import { computeActivationExitEpoch, type DatesConfig } from './config.ts';
import {
  FAR_FUTURE_EPOCH,
  getChurnLimits,
  getCurrentEpoch,
  getTotalActiveBalance,
  type QueueSnapshot,
} from './snapshot.ts';

/** The state fields one queue consumes (earliest_*_epoch, *_balance_to_consume). */
export interface ChurnQueue {
  earliestEpoch: bigint;
  balanceToConsume: bigint;
}

/** The exit and consolidation queues of a snapshot, with the per-epoch churns. */
export interface ChurnQueues {
  currentEpoch: bigint;
  exit: ChurnQueue;
  consolidation: ChurnQueue;
  exitChurn: bigint;
  consolidationChurn: bigint;
}

/** The spec's shared step: the epoch `balance` leaves in, and the queue after it (mutated). */
function computeEpochAndUpdateChurn(
  queue: ChurnQueue,
  balance: bigint,
  perEpochChurn: bigint,
  currentEpoch: bigint,
  config: DatesConfig,
): bigint {
  const activationExit = computeActivationExitEpoch(currentEpoch, config);
  let earliest = queue.earliestEpoch > activationExit ? queue.earliestEpoch : activationExit;
  let toConsume = queue.earliestEpoch < earliest ? perEpochChurn : queue.balanceToConsume;
  if (balance > toConsume) {
    const additionalEpochs = (balance - toConsume - 1n) / perEpochChurn + 1n;
    earliest += additionalEpochs;
    toConsume += additionalEpochs * perEpochChurn;
  }
  queue.balanceToConsume = toConsume - balance;
  queue.earliestEpoch = earliest;
  return earliest;
}

/** compute_exit_epoch_and_update_churn: the exit epoch of `exitBalance` requested now. */
export function computeExitEpochAndUpdateChurn(
  q: ChurnQueues,
  exitBalance: bigint,
  config: DatesConfig,
): bigint {
  return computeEpochAndUpdateChurn(q.exit, exitBalance, q.exitChurn, q.currentEpoch, config);
}

/**
 * compute_consolidation_epoch_and_update_churn: the source's exit epoch of a consolidation requested
 * now; null when the consolidation churn is too small for any (process_consolidation_request then
 * ignores the request).
 */
export function computeConsolidationEpochAndUpdateChurn(
  q: ChurnQueues,
  consolidationBalance: bigint,
  config: DatesConfig,
): bigint | null {
  if (q.consolidationChurn <= config.MIN_ACTIVATION_BALANCE) return null;
  return computeEpochAndUpdateChurn(
    q.consolidation,
    consolidationBalance,
    q.consolidationChurn,
    q.currentEpoch,
    config,
  );
}

/** The latest epoch given and what is left of its churn, from the balances given each epoch. */
function rebuild(given: Map<bigint, bigint>, perEpochChurn: bigint): ChurnQueue {
  let earliestEpoch = 0n;
  for (const epoch of given.keys()) if (epoch > earliestEpoch) earliestEpoch = epoch;
  const used = given.get(earliestEpoch) ?? 0n;
  if (used === 0n || perEpochChurn === 0n) return { earliestEpoch, balanceToConsume: 0n };
  const spanned = (used + perEpochChurn - 1n) / perEpochChurn;
  return { earliestEpoch, balanceToConsume: spanned * perEpochChurn - used };
}

const add = (m: Map<bigint, bigint>, epoch: bigint, amount: bigint) =>
  m.set(epoch, (m.get(epoch) ?? 0n) + amount);

/** The snapshot's exit and consolidation queues (served, or rebuilt as the header says). */
export function getChurnQueues(s: QueueSnapshot): ChurnQueues {
  const { config } = s;
  const currentEpoch = getCurrentEpoch(s);
  const churn = getChurnLimits(getTotalActiveBalance(s), config);
  const sources = new Set(s.pendingConsolidations.map((c) => c.sourceIndex));
  const exits = new Map<bigint, bigint>();
  const consolidations = new Map<bigint, bigint>();
  s.validators.forEach((v, i) => {
    if (v.exitEpoch === FAR_FUTURE_EPOCH || v.exitEpoch <= currentEpoch) return;
    add(sources.has(i) ? consolidations : exits, v.exitEpoch, v.effectiveBalance);
  });
  for (const w of s.pendingPartialWithdrawals)
    add(exits, w.withdrawableEpoch - config.MIN_VALIDATOR_WITHDRAWABILITY_DELAY, w.amount);
  const exit = rebuild(exits, churn.activationExit);
  const consolidation = rebuild(consolidations, churn.consolidation);
  return {
    currentEpoch,
    exitChurn: churn.activationExit,
    consolidationChurn: churn.consolidation,
    exit: {
      earliestEpoch: s.earliestExitEpoch ?? exit.earliestEpoch,
      balanceToConsume: s.exitBalanceToConsume ?? exit.balanceToConsume,
    },
    consolidation: {
      earliestEpoch: s.earliestConsolidationEpoch ?? consolidation.earliestEpoch,
      balanceToConsume: s.consolidationBalanceToConsume ?? consolidation.balanceToConsume,
    },
  };
}
