// process_pending_deposits run forward epoch by epoch over the queue the Beacon API serves: when
// each pending deposit is applied, and from which epoch each validator it creates or tops up has
// the MIN_ACTIVATION_BALANCE its activation needs. Assumes the activation churn stays what today's
// total active balance gives, finality keeps its present lag, and the Eth1 bridge deposits are all
// applied (eth1_deposit_index >= deposit_requests_start_index, true since Electra's first weeks).
import { getActivationExitChurnLimit } from '../churn.ts';
import { computeStartSlotAtEpoch } from '../state.ts';
import {
  electraStateOf,
  FAR_FUTURE_EPOCH,
  finalizedEpochAt,
  getCurrentEpoch,
  type QueueSnapshot,
} from './snapshot.ts';

/** The most epochs the simulation looks ahead (mainnet: about 12 years). */
export const MAX_SIMULATED_EPOCHS = 1_000_000n;

export interface PendingDepositsOutcome {
  /** By place in pending_deposits: the epoch whose process_epoch applies it; null beyond the horizon. */
  appliedEpoch: (bigint | null)[];
  /** By pubkey: the epoch at whose end the validator's effective balance reaches MIN_ACTIVATION_BALANCE. */
  readyEpoch: Map<string, bigint>;
  /** By pubkey, for validators the queue creates: their index in the registry. */
  newIndex: Map<string, number>;
}

interface Known {
  exitEpoch: bigint;
  withdrawableEpoch: bigint;
  /** Balance while not yet eligible for the activation queue (null: eligible or active already). */
  balance: bigint | null;
}

function registry(s: QueueSnapshot): Map<string, Known> {
  const known = new Map<string, Known>();
  for (const v of s.validators)
    known.set(v.pubkey, {
      exitEpoch: v.exitEpoch,
      withdrawableEpoch: v.withdrawableEpoch,
      balance: v.activationEligibilityEpoch === FAR_FUTURE_EPOCH ? v.balance : null,
    });
  return known;
}

/** The epoch from which `slot` is finalized at the end of an epoch (finality keeping its lag). */
function firstEpochFinalizing(s: QueueSnapshot, slot: bigint): bigint {
  const needed = (slot + s.config.SLOTS_PER_EPOCH - 1n) / s.config.SLOTS_PER_EPOCH;
  let epoch = needed;
  while (finalizedEpochAt(s, epoch) < needed) epoch++;
  return epoch;
}

/** The queue as process_pending_deposits would apply it, epoch after epoch. */
export function processPendingDeposits(s: QueueSnapshot): PendingDepositsOutcome {
  const { config } = s;
  const deposits = s.pendingDeposits;
  const appliedEpoch: (bigint | null)[] = deposits.map(() => null);
  const readyEpoch = new Map<string, bigint>();
  const newIndex = new Map<string, number>();
  const known = registry(s);
  const churn = getActivationExitChurnLimit(electraStateOf(s));
  const perEpoch = Number(config.MAX_PENDING_DEPOSITS_PER_EPOCH);
  const start = getCurrentEpoch(s);
  for (const v of s.validators)
    if (
      v.activationEligibilityEpoch === FAR_FUTURE_EPOCH &&
      v.effectiveBalance >= config.MIN_ACTIVATION_BALANCE
    )
      readyEpoch.set(v.pubkey, start - 1n);

  const apply = (position: number, epoch: bigint) => {
    const d = deposits[position]!;
    appliedEpoch[position] = epoch;
    let k = known.get(d.pubkey);
    if (!k) {
      k = { exitEpoch: FAR_FUTURE_EPOCH, withdrawableEpoch: FAR_FUTURE_EPOCH, balance: 0n };
      known.set(d.pubkey, k);
      newIndex.set(d.pubkey, s.validators.length + newIndex.size);
    }
    if (k.balance === null) return;
    k.balance += d.amount;
    if (k.balance >= config.MIN_ACTIVATION_BALANCE && !readyEpoch.has(d.pubkey))
      readyEpoch.set(d.pubkey, epoch);
  };

  const queue = deposits.map((_, i) => i);
  let head = 0;
  let balanceToConsume = s.depositBalanceToConsume ?? 0n;
  for (let epoch = start; head < queue.length && epoch - start < MAX_SIMULATED_EPOCHS; epoch++) {
    const nextEpoch = epoch + 1n;
    const available = balanceToConsume + churn;
    const finalizedSlot = computeStartSlotAtEpoch(finalizedEpochAt(s, epoch), config);
    let processed = 0n;
    let count = 0;
    let churnReached = false;
    const postponed: number[] = [];
    while (head < queue.length) {
      const position = queue[head]!;
      const d = deposits[position]!;
      if (d.slot > finalizedSlot || count >= perEpoch) break;
      const k = known.get(d.pubkey);
      if (k && k.withdrawableEpoch < nextEpoch) apply(position, epoch);
      else if (k && k.exitEpoch < FAR_FUTURE_EPOCH) postponed.push(position);
      else {
        churnReached = processed + d.amount > available;
        if (churnReached) break;
        processed += d.amount;
        apply(position, epoch);
      }
      count++;
      head++;
    }
    queue.push(...postponed);
    balanceToConsume = churnReached ? available - processed : 0n;
    // Nothing moved because the next deposit is not finalized yet: go to the epoch that finalizes it.
    if (count === 0 && head < queue.length) {
      const blocked = deposits[queue[head]!]!;
      if (blocked.slot > finalizedSlot) {
        const jump = firstEpochFinalizing(s, blocked.slot) - 1n;
        if (jump > epoch) epoch = jump;
      }
    }
  }
  return { appliedEpoch, readyEpoch, newIndex };
}

/** Whether the deposit waits for its block to be finalized (as of the head). */
export function isAwaitingFinality(s: QueueSnapshot, slot: bigint): boolean {
  return slot > computeStartSlotAtEpoch(s.finalizedEpoch, s.config);
}
