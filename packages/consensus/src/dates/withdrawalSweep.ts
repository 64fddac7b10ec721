// The withdrawals of the coming payloads, as get_expected_withdrawals builds them slot after slot:
// first the pending partial withdrawals whose withdrawable epoch has come (get_pending_partial_withdrawals,
// at most MAX_PENDING_PARTIALS_PER_WITHDRAWALS_SWEEP a payload), then the validators sweep from
// next_withdrawal_validator_index (get_validators_sweep_withdrawals: at most
// MAX_VALIDATORS_PER_WITHDRAWALS_SWEEP validators, until the payload holds MAX_WITHDRAWALS_PER_PAYLOAD).
// Every slot is assumed to carry a block, and balances to stay as the snapshot has them. The standard
// Beacon API does not serve next_withdrawal_validator_index: without it, a validator's sweep is dated
// at its latest, one whole cycle after it becomes withdrawable.
import {
  computeStartSlotAtEpoch,
  isFullyWithdrawableValidator,
  isPartiallyWithdrawableValidator,
} from '../state.ts';
import { computeEpochAtSlot } from './config.ts';
import type { QueueSnapshot, QueueValidator } from './snapshot.ts';

export interface SweepOutcome {
  /** By place in pending_partial_withdrawals: the slot whose payload pays it. */
  partialPaidSlot: bigint[];
  /** By validator index: the first slot from the head whose sweep visits it. */
  firstVisit: bigint[];
  /** Slots the sweep takes to visit every validator once. */
  cycleSlots: bigint;
  /** Whether next_withdrawal_validator_index was known (else dates are the latest). */
  positionKnown: boolean;
  firstSlot: bigint;
}

/** get_pending_partial_withdrawals over the coming slots: each one's paying slot, and counts per slot. */
export function getPendingPartialWithdrawals(s: QueueSnapshot): {
  paidSlot: bigint[];
  perSlot: Map<bigint, number>;
} {
  const { config } = s;
  const limit = Math.min(
    Number(config.MAX_PENDING_PARTIALS_PER_WITHDRAWALS_SWEEP),
    Number(config.MAX_WITHDRAWALS_PER_PAYLOAD) - 1,
  );
  const queue = s.pendingPartialWithdrawals;
  const paidSlot: bigint[] = [];
  const perSlot = new Map<bigint, number>();
  let slot = s.headSlot + 1n;
  let i = 0;
  while (i < queue.length) {
    const from = computeStartSlotAtEpoch(queue[i]!.withdrawableEpoch, config);
    if (slot < from) slot = from;
    const epoch = computeEpochAtSlot(slot, config);
    let n = 0;
    while (i < queue.length && n < limit && queue[i]!.withdrawableEpoch <= epoch) {
      paidSlot[i++] = slot;
      n++;
    }
    perSlot.set(slot, n);
    slot++;
  }
  return { paidSlot, perSlot };
}

/** Whether the sweep pays `v` something at `epoch` (is_fully_ or is_partially_withdrawable_validator). */
function isSweptAt(s: QueueSnapshot, v: QueueValidator, epoch: bigint): boolean {
  return (
    isFullyWithdrawableValidator(v, v.balance, epoch) ||
    isPartiallyWithdrawableValidator(v, v.balance, s.config)
  );
}

/** get_validators_sweep_withdrawals over one cycle: the slot that first visits each validator. */
export function getValidatorsSweepWithdrawals(
  s: QueueSnapshot,
  partialsPerSlot: ReadonlyMap<bigint, number>,
): Omit<SweepOutcome, 'partialPaidSlot'> {
  const { config } = s;
  const n = s.validators.length;
  const firstSlot = s.headSlot + 1n;
  const firstVisit: bigint[] = new Array<bigint>(n);
  const positionKnown = s.nextWithdrawalValidatorIndex !== undefined;
  let cursor = (s.nextWithdrawalValidatorIndex ?? 0) % Math.max(n, 1);
  const perPayload = Math.min(n, Number(config.MAX_VALIDATORS_PER_WITHDRAWALS_SWEEP));
  const maxWithdrawals = Number(config.MAX_WITHDRAWALS_PER_PAYLOAD);
  let visited = 0;
  let slot = firstSlot;
  while (visited < n) {
    const epoch = computeEpochAtSlot(slot, config);
    let withdrawals = partialsPerSlot.get(slot) ?? 0;
    for (let v = 0; v < perPayload && withdrawals < maxWithdrawals && visited < n; v++) {
      firstVisit[cursor] = slot;
      if (isSweptAt(s, s.validators[cursor]!, epoch)) withdrawals++;
      cursor = (cursor + 1) % n;
      visited++;
    }
    slot++;
  }
  return { firstVisit, cycleSlots: slot - firstSlot, positionKnown, firstSlot };
}

/** Both sweeps of the coming payloads. */
export function getExpectedWithdrawals(s: QueueSnapshot): SweepOutcome {
  const partials = getPendingPartialWithdrawals(s);
  return { partialPaidSlot: partials.paidSlot, ...getValidatorsSweepWithdrawals(s, partials.perSlot) };
}

/** The slot whose sweep pays validator `index` once it is withdrawable from `epoch` on. */
export function sweepSlotFrom(sweep: SweepOutcome, index: number, epoch: bigint, s: QueueSnapshot): bigint {
  let from = computeStartSlotAtEpoch(epoch, s.config);
  if (from < sweep.firstSlot) from = sweep.firstSlot;
  if (s.sweepCycleSlots !== undefined) return from + s.sweepCycleSlots;
  const cycle = sweep.cycleSlots > 0n ? sweep.cycleSlots : 1n;
  const first = sweep.firstVisit[index];
  if (!sweep.positionKnown || first === undefined) return from + cycle;
  if (first >= from) return first;
  return first + ((from - first + cycle - 1n) / cycle) * cycle;
}
