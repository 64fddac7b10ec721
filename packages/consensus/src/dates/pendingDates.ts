// Every pending operation of a snapshot with its state and expected epoch (then date): deposits and
// top-ups (process_pending_deposits), activations (process_registry_updates), exits (their exit and
// withdrawable epochs, then the sweep), partial withdrawals (their withdrawable epoch, then
// get_pending_partial_withdrawals), consolidations (the source's withdrawable epoch, then
// process_pending_consolidations). The dates move as the queues in the snapshot move.
import { computeEpochAtSlot, epochStartTime, slotStartTime } from './config.ts';
import { processRegistryUpdates } from './activation.ts';
import {
  isAwaitingFinality,
  processPendingDeposits,
  type PendingDepositsOutcome,
} from './pendingDeposits.ts';
import { FAR_FUTURE_EPOCH, getCurrentEpoch, type QueueSnapshot } from './snapshot.ts';
import { getExpectedWithdrawals, sweepSlotFrom, type SweepOutcome } from './withdrawalSweep.ts';

export const PENDING_OPERATION_KINDS = [
  'deposit',
  'top-up',
  'activation',
  'exit',
  'partial-withdrawal',
  'consolidation',
] as const;
export type PendingOperationKind = (typeof PENDING_OPERATION_KINDS)[number];

/**
 * Where it stands: awaiting_finality (its block is not finalized yet), queued (in pending_deposits or
 * pending_partial_withdrawals),
 * postponed (a deposit to an exiting validator: applied once it is withdrawable), awaiting_deposit
 * (activation: its balance is still being credited), eligible (activation: waiting for finality),
 * scheduled (activation epoch set), exiting (before its exit epoch), exited (before withdrawable),
 * withdrawable (waiting for the sweep).
 */
export const PENDING_OPERATION_STATES = [
  'awaiting_finality',
  'queued',
  'postponed',
  'awaiting_deposit',
  'eligible',
  'scheduled',
  'exiting',
  'exited',
  'withdrawable',
] as const;
export type PendingOperationState = (typeof PENDING_OPERATION_STATES)[number];

export interface PendingOperation {
  kind: PendingOperationKind;
  state: PendingOperationState;
  /** The validator it concerns (a consolidation's source). */
  pubkey: string;
  /** Its index; for a validator a deposit creates, the index it will get. */
  validatorIndex: number | null;
  /** Gwei deposited or withdrawn; an exit or consolidation's effective balance. */
  amount: bigint | null;
  /** Epoch from which it is done (balance credited, active, consolidated); null beyond the horizon. */
  epoch: bigint | null;
  /** For withdrawals, the slot whose payload pays the ETH. */
  slot: bigint | null;
  /** The expected date: the start of `slot`, else of `epoch`. */
  at: Date | null;
  /** 1-based place in its queue (deposits, partial withdrawals, consolidations). */
  position: number | null;
  exitEpoch: bigint | null;
  withdrawableEpoch: bigint | null;
  /** A consolidation's target. */
  targetIndex: number | null;
}

type OperationFields = Partial<Omit<PendingOperation, 'kind' | 'state' | 'pubkey' | 'at'>>;

/** One operation, dated at the start of its slot, else of its epoch. */
function dated(
  s: QueueSnapshot,
  kind: PendingOperationKind,
  state: PendingOperationState,
  pubkey: string,
  f: OperationFields,
): PendingOperation {
  const slot = f.slot ?? null;
  const epoch = f.epoch ?? null;
  const at =
    slot !== null ? slotStartTime(slot, s.config) : epoch !== null ? epochStartTime(epoch, s.config) : null;
  return {
    kind,
    state,
    pubkey,
    validatorIndex: f.validatorIndex ?? null,
    amount: f.amount ?? null,
    epoch,
    slot,
    at,
    position: f.position ?? null,
    exitEpoch: f.exitEpoch ?? null,
    withdrawableEpoch: f.withdrawableEpoch ?? null,
    targetIndex: f.targetIndex ?? null,
  };
}

function depositOperations(s: QueueSnapshot, q: PendingDepositsOutcome, byKey: Map<string, number>) {
  const seen = new Set<string>();
  return s.pendingDeposits.map((d, i) => {
    const index = byKey.get(d.pubkey) ?? q.newIndex.get(d.pubkey) ?? null;
    const existing = byKey.has(d.pubkey) ? s.validators[byKey.get(d.pubkey)!]! : null;
    const postponed = existing !== null && existing.exitEpoch !== FAR_FUTURE_EPOCH;
    const applied = q.appliedEpoch[i];
    // Earlier deposits to the same new key created it: later ones top it up.
    const first = !seen.has(d.pubkey);
    seen.add(d.pubkey);
    return dated(
      s,
      existing || !first ? 'top-up' : 'deposit',
      isAwaitingFinality(s, d.slot) ? 'awaiting_finality' : postponed ? 'postponed' : 'queued',
      d.pubkey,
      {
        validatorIndex: index,
        amount: d.amount,
        epoch: applied === null || applied === undefined ? null : applied + 1n,
        position: i + 1,
      },
    );
  });
}

function activationOperations(s: QueueSnapshot, q: PendingDepositsOutcome, byKey: Map<string, number>) {
  const current = getCurrentEpoch(s);
  const keys = new Set<string>();
  s.validators.forEach((v) => {
    if (v.activationEpoch === FAR_FUTURE_EPOCH || v.activationEpoch > current) keys.add(v.pubkey);
  });
  for (const key of q.newIndex.keys()) keys.add(key);
  const ops: PendingOperation[] = [];
  for (const pubkey of keys) {
    const index = byKey.get(pubkey);
    const v = index === undefined ? null : s.validators[index]!;
    if (v && v.exitEpoch !== FAR_FUTURE_EPOCH) continue;
    const a = processRegistryUpdates(s, v, q.readyEpoch.get(pubkey));
    const eligible = v !== null && v.activationEligibilityEpoch !== FAR_FUTURE_EPOCH;
    ops.push(
      dated(
        s,
        'activation',
        a?.scheduled ? 'scheduled' : eligible ? 'eligible' : 'awaiting_deposit',
        pubkey,
        {
          validatorIndex: index ?? q.newIndex.get(pubkey) ?? null,
          amount: v?.effectiveBalance ?? null,
          epoch: a?.activationEpoch ?? null,
        },
      ),
    );
  }
  return ops;
}

function exitState(exitEpoch: bigint, withdrawableEpoch: bigint, current: bigint): PendingOperationState {
  if (current < exitEpoch) return 'exiting';
  return current < withdrawableEpoch ? 'exited' : 'withdrawable';
}

function exitOperations(s: QueueSnapshot, sweep: SweepOutcome, sources: Set<number>) {
  const current = getCurrentEpoch(s);
  const ops: PendingOperation[] = [];
  s.validators.forEach((v, i) => {
    if (v.exitEpoch === FAR_FUTURE_EPOCH || sources.has(i)) return;
    if (v.withdrawableEpoch <= current && v.balance === 0n) return; // withdrawn
    const slot = sweepSlotFrom(sweep, i, v.withdrawableEpoch, s);
    ops.push(
      dated(s, 'exit', exitState(v.exitEpoch, v.withdrawableEpoch, current), v.pubkey, {
        validatorIndex: i,
        amount: v.effectiveBalance,
        epoch: computeEpochAtSlot(slot, s.config),
        slot,
        exitEpoch: v.exitEpoch,
        withdrawableEpoch: v.withdrawableEpoch,
      }),
    );
  });
  return ops;
}

function partialOperations(s: QueueSnapshot, sweep: SweepOutcome) {
  const current = getCurrentEpoch(s);
  return s.pendingPartialWithdrawals.map((w, i) => {
    const slot = sweep.partialPaidSlot[i] ?? null;
    return dated(
      s,
      'partial-withdrawal',
      w.withdrawableEpoch <= current ? 'withdrawable' : 'queued',
      s.validators[w.validatorIndex]?.pubkey ?? '',
      {
        validatorIndex: w.validatorIndex,
        amount: w.amount,
        epoch: slot === null ? null : computeEpochAtSlot(slot, s.config),
        slot,
        position: i + 1,
        withdrawableEpoch: w.withdrawableEpoch,
      },
    );
  });
}

/** process_pending_consolidations, epoch after epoch: each one's balance moves at the end of `epoch - 1`. */
export function processPendingConsolidations(s: QueueSnapshot): PendingOperation[] {
  const current = getCurrentEpoch(s);
  let processedAt = current;
  return s.pendingConsolidations.map((c, i) => {
    const source = s.validators[c.sourceIndex]!;
    // Processed at the end of the first epoch whose next epoch reaches the source's withdrawable epoch.
    const ready = source.slashed ? current : source.withdrawableEpoch - 1n;
    if (ready > processedAt) processedAt = ready;
    return dated(
      s,
      'consolidation',
      exitState(source.exitEpoch, source.withdrawableEpoch, current),
      source.pubkey,
      {
        validatorIndex: c.sourceIndex,
        amount: source.effectiveBalance < source.balance ? source.effectiveBalance : source.balance,
        epoch: processedAt + 1n,
        position: i + 1,
        exitEpoch: source.exitEpoch,
        withdrawableEpoch: source.withdrawableEpoch,
        targetIndex: c.targetIndex,
      },
    );
  });
}

/** Every pending operation of the snapshot, dated. */
export function computePendingDates(s: QueueSnapshot): PendingOperation[] {
  const byKey = new Map(s.validators.map((v, i) => [v.pubkey, i]));
  const deposits = processPendingDeposits(s);
  const sweep = getExpectedWithdrawals(s);
  const sources = new Set(s.pendingConsolidations.map((c) => c.sourceIndex));
  return [
    ...depositOperations(s, deposits, byKey),
    ...activationOperations(s, deposits, byKey),
    ...exitOperations(s, sweep, sources),
    ...partialOperations(s, sweep),
    ...processPendingConsolidations(s),
  ];
}
