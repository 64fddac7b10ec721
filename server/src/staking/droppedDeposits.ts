// A new validator's deposit the beacon chain dropped (issue 29, request_ignored with operation
// 'deposit'). Since Electra (EIP-6110) a deposit is in the state's pending_deposits from the block that
// made it; process_pending_deposits applies it once its slot is finalized, and apply_pending_deposit
// adds a validator for a new pubkey only when the deposit's signature verifies: otherwise the deposit
// leaves the queue and nothing is made of it (the ETH stays in the deposit contract, lost). So a
// deposit logged by the deposit contract is dropped when, in one read of the node's queues, its slot is
// finalized, the queue (served by the node) no longer holds it, and the registry holds no validator of
// its pubkey; the caller then reads the pubkey once more (a registry read after the queue's) before it
// believes it, as the node's head may move between the reads.
import type { BeaconQueues, BeaconSpec, BeaconTime } from './beacon/index.ts';
import type { DepositLog } from './depositLogs.ts';

const depositKey = (pubkey: string, amountGwei: bigint, slot: bigint) =>
  `${pubkey.toLowerCase()}:${amountGwei}:${slot}`;

/**
 * The deposits of `logs` the beacon chain processed without making a validator of them, as `q` shows
 * (see the file comment). None when the node does not serve pending_deposits, or for a deposit made
 * before Electra (those came through the Eth1 bridge, which may not have brought them in yet).
 */
export function droppedDeposits(
  q: BeaconQueues,
  spec: Pick<BeaconSpec, 'slotsPerEpoch' | 'values'>,
  time: BeaconTime,
  logs: readonly DepositLog[],
): DepositLog[] {
  const electra = spec.values.ELECTRA_FORK_EPOCH;
  if (!q.pendingDepositsServed || electra === undefined || !/^\d+$/.test(electra)) return [];
  const electraSlot = BigInt(electra) * spec.slotsPerEpoch;
  const finalizedSlot = q.finalizedEpoch * spec.slotsPerEpoch;
  const registered = new Set(q.validators.map((v) => v.pubkey.toLowerCase()));
  // The same deposit may be sent twice in a block: each queue entry accounts for one log.
  const queued = new Map<string, number>();
  for (const d of q.pendingDeposits) {
    const key = depositKey(d.pubkey, d.amountGwei, d.slot);
    queued.set(key, (queued.get(key) ?? 0) + 1);
  }
  return logs.filter((log) => {
    if (registered.has(log.pubkey.toLowerCase())) return false;
    const slot = time.slotAt(log.timestamp);
    if (slot < electraSlot || slot > finalizedSlot || slot > q.headSlot) return false;
    const key = depositKey(log.pubkey, log.amountGwei, slot);
    const left = queued.get(key) ?? 0;
    if (left > 0) {
      queued.set(key, left - 1);
      return false;
    }
    return true;
  });
}
