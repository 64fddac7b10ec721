// The expected date of everything pending for a customer's validators (issue 25 item 7): reads the
// beacon node's Electra queues and registry (BeaconClient.getQueues, kept while the head slot is the
// same), dates every operation by the consensus-specs rules of @payd/consensus/dates, and answers the
// ones of the caller's validators: GetPendingOperations, and SyncValidators' Queue and Exits.
import {
  computePendingDates,
  datesConfigFromSpec,
  FAR_FUTURE_EPOCH,
  type PendingOperation,
  type QueueSnapshot,
  type QueueValidator,
} from '@payd/consensus/dates';
import type {
  ExitEntry,
  ExitState,
  GetPendingOperationsReply,
  PendingOperationEntry,
  QueueEntry,
} from '@payd/schemas';
import type { Address } from 'viem';
import {
  BeaconTime,
  type BeaconClient,
  type BeaconGenesis,
  type BeaconQueues,
  type BeaconSpec,
  type BeaconValidator,
} from './beacon/index.ts';
import { gweiToEth } from './amounts.ts';
import type { DepositLog, DepositLogReader } from './depositLogs.ts';

/** A deposit the execution chain has made that the beacon node does not show yet. */
export interface UnseenDeposit {
  pubkey: string;
  amountGwei: bigint;
}

const epoch = (e: bigint | null): bigint => e ?? FAR_FUTURE_EPOCH;

function toQueueValidator(v: BeaconValidator): QueueValidator {
  return {
    pubkey: v.pubkey,
    withdrawalCredentials: v.withdrawalCredentials,
    balance: v.balanceGwei,
    effectiveBalance: v.effectiveBalanceGwei,
    slashed: v.slashed,
    activationEligibilityEpoch: epoch(v.activationEligibilityEpoch),
    activationEpoch: epoch(v.activationEpoch),
    exitEpoch: epoch(v.exitEpoch),
    withdrawableEpoch: epoch(v.withdrawableEpoch),
  };
}

/**
 * The rules' snapshot of what the node serves. next_withdrawal_validator_index is not served: it is
 * taken as the head block's last withdrawal's validator + 1 (exact when the payload was full, as on
 * mainnet; otherwise at most one payload's sweep behind); with no withdrawal there, the sweep dates
 * are the latest. Deposits the node has not seen yet queue at the end, made at the head slot. The
 * dev node's own sweep cycle (PAYD_WITHDRAWAL_SWEEP_EPOCHS) dates its sweep at the latest.
 */
export function toQueueSnapshot(
  q: BeaconQueues,
  spec: BeaconSpec,
  genesis: BeaconGenesis,
  unseen: readonly UnseenDeposit[] = [],
): QueueSnapshot {
  const validators = q.validators.map(toQueueValidator);
  const known = new Set([...validators.map((v) => v.pubkey), ...q.pendingDeposits.map((d) => d.pubkey)]);
  const last = q.headWithdrawals?.at(-1);
  const extra = unseen.filter((d) => !known.has(d.pubkey));
  const cycle = spec.values.PAYD_WITHDRAWAL_SWEEP_EPOCHS;
  return {
    config: datesConfigFromSpec(spec.values, BigInt(Math.floor(genesis.genesisTime.getTime() / 1000))),
    headSlot: q.headSlot,
    finalizedEpoch: q.finalizedEpoch,
    validators,
    pendingDeposits: [
      ...q.pendingDeposits.map((d) => ({ ...d, amount: d.amountGwei })),
      ...extra.map((d) => ({
        pubkey: d.pubkey,
        withdrawalCredentials: '0x',
        amount: d.amountGwei,
        slot: q.headSlot,
      })),
    ],
    pendingPartialWithdrawals: q.pendingPartialWithdrawals.map((w) => ({
      validatorIndex: Number(w.validatorIndex),
      amount: w.amountGwei,
      withdrawableEpoch: w.withdrawableEpoch,
    })),
    pendingConsolidations: q.pendingConsolidations.map((c) => ({
      sourceIndex: Number(c.sourceIndex),
      targetIndex: Number(c.targetIndex),
    })),
    ...(last && validators.length
      ? { nextWithdrawalValidatorIndex: Number((last.validatorIndex + 1n) % BigInt(validators.length)) }
      : {}),
    ...(cycle && /^\d+$/.test(cycle) ? { sweepCycleSlots: BigInt(cycle) * spec.slotsPerEpoch } : {}),
  };
}

const lastQueues = new WeakMap<BeaconClient, Promise<BeaconQueues>>();

/**
 * Forgets the queues read at the current head: after payd itself submitted a voluntary exit. A node
 * that applies an exit before its head moves (the dev beacon does) would otherwise date the next
 * sync's exit from the queues read before it (no exit, no expected date).
 */
export function forgetQueues(beacon: BeaconClient): void {
  lastQueues.delete(beacon);
}

/** The node's queues, read again only when its head slot moved (one read for every caller of a slot). */
export async function readQueues(beacon: BeaconClient): Promise<BeaconQueues> {
  const [head, cached] = [await beacon.getHeadSlot(), lastQueues.get(beacon)];
  if (cached) {
    const q = await cached.catch(() => null);
    if (q && q.headSlot === head) return q;
  }
  const read = beacon.getQueues();
  lastQueues.set(beacon, read);
  return read;
}

export interface DatedOperations {
  snapshot: QueueSnapshot;
  operations: PendingOperation[];
}

/** Every pending operation the node's queues hold, plus the deposits it has not seen yet, dated. */
export async function datePendingOperations(
  beacon: BeaconClient,
  unseen: readonly UnseenDeposit[] = [],
): Promise<DatedOperations> {
  const [queues, spec, genesis] = await Promise.all([
    readQueues(beacon),
    beacon.getSpec(),
    beacon.getGenesis(),
  ]);
  const snapshot = toQueueSnapshot(queues, spec, genesis, unseen);
  return { snapshot, operations: computePendingDates(snapshot) };
}

/** The operations of the validators `pubkeys` (a consolidation also shows on its target's). */
export function operationsOf(d: DatedOperations, pubkeys: ReadonlySet<string>): PendingOperation[] {
  return d.operations.filter(
    (op) =>
      pubkeys.has(op.pubkey) ||
      (op.targetIndex !== null && pubkeys.has(d.snapshot.validators[op.targetIndex]?.pubkey ?? '')),
  );
}

const text = (v: bigint | number | null) => (v === null ? null : v.toString());

/** One operation as GetPendingOperations answers it. */
export function pendingOperationEntry(d: DatedOperations, op: PendingOperation): PendingOperationEntry {
  const queueLength =
    op.kind === 'deposit' || op.kind === 'top-up'
      ? d.snapshot.pendingDeposits.length
      : op.kind === 'partial-withdrawal'
        ? d.snapshot.pendingPartialWithdrawals.length
        : op.kind === 'consolidation'
          ? d.snapshot.pendingConsolidations.length
          : null;
  return {
    Kind: op.kind,
    State: op.state,
    PubKey: op.pubkey,
    ValidatorIndex: text(op.validatorIndex),
    AmountEth: op.amount === null ? null : gweiToEth(op.amount),
    Epoch: text(op.epoch),
    Slot: text(op.slot),
    ExpectedUtc: op.at?.toISOString() ?? null,
    Position: op.position,
    QueueLength: queueLength,
    ExitEpoch: text(op.exitEpoch === FAR_FUTURE_EPOCH ? null : op.exitEpoch),
    WithdrawableEpoch: text(op.withdrawableEpoch === FAR_FUTURE_EPOCH ? null : op.withdrawableEpoch),
    TargetPubKey: op.targetIndex === null ? null : (d.snapshot.validators[op.targetIndex]?.pubkey ?? null),
  };
}

/** A validator waiting for activation as SyncValidators' Queue tells it (web: validatorsRules.ts). */
export function queueEntry(d: DatedOperations, pubkey: string): QueueEntry | null {
  const activation = d.operations.find((op) => op.kind === 'activation' && op.pubkey === pubkey);
  if (!activation || activation.epoch === null || !activation.at) return null;
  const deposit = d.operations.find(
    (op) => (op.kind === 'deposit' || op.kind === 'top-up') && op.pubkey === pubkey,
  );
  return {
    PubKey: pubkey,
    Position: activation.state === 'scheduled' ? null : (deposit?.position ?? null),
    QueueLength: d.snapshot.pendingDeposits.length,
    ActivationEpoch: activation.epoch.toString(),
    Scheduled: activation.state === 'scheduled',
    ActivationUtc: activation.at.toISOString(),
  };
}

const STATE_OF: Partial<Record<BeaconValidator['status'], ExitState>> = {
  active_exiting: 'exiting',
  active_slashed: 'exiting',
  exited_unslashed: 'exited',
  exited_slashed: 'exited',
  withdrawal_possible: 'withdrawable',
  withdrawal_done: 'withdrawn',
};

/** The exit of `v` with the date of its exit operation (null: the dates could not be read); null when none is scheduled. */
export function exitEntry(
  v: BeaconValidator,
  dates: DatedOperations | null,
  time: BeaconTime,
): ExitEntry | null {
  const state = STATE_OF[v.status];
  if (!state || v.exitEpoch === null) return null;
  const op = dates?.operations.find((o) => o.kind === 'exit' && o.pubkey === v.pubkey);
  return {
    PubKey: v.pubkey.toLowerCase(),
    ValidatorIndex: v.index.toString(),
    State: state,
    ExitEpoch: v.exitEpoch.toString(),
    ExitUtc: time.epochStart(v.exitEpoch).toISOString(),
    WithdrawableEpoch: v.withdrawableEpoch?.toString() ?? null,
    WithdrawableUtc: v.withdrawableEpoch === null ? null : time.epochStart(v.withdrawableEpoch).toISOString(),
    EthExpectedUtc: state === 'withdrawn' ? null : (op?.at?.toISOString() ?? null),
  };
}

/**
 * GetPendingOperations for the validators `pubkeys` (the caller's): every pending operation of theirs
 * with its state and expected date. Deposits of theirs the execution chain made and the node does not
 * show yet are dated at the end of the deposit queue. Throws BeaconApiError when the node cannot answer.
 */
export async function pendingOperationsReply(
  beacon: BeaconClient,
  deposits: DepositLogReader | null,
  pubkeys: ReadonlySet<string>,
): Promise<GetPendingOperationsReply> {
  const spec = await beacon.getSpec();
  const logs =
    deposits && pubkeys.size
      ? await deposits.depositsOf(spec.depositContractAddress as Address, pubkeys)
      : [];
  const dates = await datePendingOperations(beacon, unseenDeposits(logs));
  const time = new BeaconTime(await beacon.getGenesis(), spec);
  return {
    BeaconTimeUtc: time.slotStart(dates.snapshot.headSlot).toISOString(),
    Operations: operationsOf(dates, pubkeys).map((op) => pendingOperationEntry(dates, op)),
  };
}

/** The execution chain's deposits (toQueueSnapshot keeps those of keys the node does not know yet). */
export const unseenDeposits = (logs: readonly DepositLog[]): UnseenDeposit[] =>
  logs.map((l) => ({ pubkey: l.pubkey, amountGwei: l.amountGwei }));
