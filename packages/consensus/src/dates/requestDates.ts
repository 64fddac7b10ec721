// The dates of a request sent now, before the beacon chain has processed it: an exit or a partial
// withdrawal (process_withdrawal_request: the exit churn, then MIN_VALIDATOR_WITHDRAWABILITY_DELAY,
// then the sweep) and a consolidation (process_consolidation_request: the consolidation churn, then
// the withdrawability delay, then process_pending_consolidations), behind what is queued already.
import { computeEpochAtSlot, epochStartTime, slotStartTime } from './config.ts';
import {
  churnStateOf,
  computeConsolidationEpochIfAccepted,
  computeExitEpochAndUpdateChurn,
} from './exitChurn.ts';
import type { QueueSnapshot } from './snapshot.ts';
import { getExpectedWithdrawals, sweepSlotFrom } from './withdrawalSweep.ts';

export interface RequestDates {
  exitEpoch: bigint;
  withdrawableEpoch: bigint;
  /** When the request is done: the ETH paid (exit, partial withdrawal), the balance moved (consolidation). */
  epoch: bigint;
  at: Date;
}

/**
 * A full exit (`amount` null) or partial withdrawal of `amount` gwei of validator `index`, requested
 * now (EIP-7002): the epoch its balance leaves in, when it is withdrawable and when it is paid.
 */
export function processWithdrawalRequestDates(
  s: QueueSnapshot,
  index: number,
  amount: bigint | null,
): RequestDates {
  const v = s.validators[index]!;
  const exitEpoch = computeExitEpochAndUpdateChurn(churnStateOf(s), amount ?? v.effectiveBalance);
  const withdrawableEpoch = exitEpoch + s.config.MIN_VALIDATOR_WITHDRAWABILITY_DELAY;
  if (amount !== null)
    return {
      exitEpoch,
      withdrawableEpoch,
      epoch: withdrawableEpoch,
      at: epochStartTime(withdrawableEpoch, s.config),
    };
  const slot = sweepSlotFrom(getExpectedWithdrawals(s), index, withdrawableEpoch, s);
  return {
    exitEpoch,
    withdrawableEpoch,
    epoch: computeEpochAtSlot(slot, s.config),
    at: slotStartTime(slot, s.config),
  };
}

/** A consolidation of validator `source` requested now (EIP-7251); null when it would be ignored for churn. */
export function processConsolidationRequestDates(s: QueueSnapshot, source: number): RequestDates | null {
  const exitEpoch = computeConsolidationEpochIfAccepted(
    churnStateOf(s),
    s.validators[source]!.effectiveBalance,
  );
  if (exitEpoch === null) return null;
  const withdrawableEpoch = exitEpoch + s.config.MIN_VALIDATOR_WITHDRAWABILITY_DELAY;
  // Behind the pending consolidations, each moved at the end of the epoch before its withdrawable one.
  let moved = withdrawableEpoch;
  for (const c of s.pendingConsolidations) {
    const w = s.validators[c.sourceIndex]!.withdrawableEpoch;
    if (w > moved) moved = w;
  }
  return { exitEpoch, withdrawableEpoch, epoch: moved, at: epochStartTime(moved, s.config) };
}
