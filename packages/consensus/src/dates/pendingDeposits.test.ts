// process_pending_deposits (consensus-specs electra beacon-chain.md) run forward: each expected epoch
// below is worked out by hand from the spec's loop. Mainnet values; 1,000 validators of 32 ETH give
// get_activation_exit_churn_limit = max(128 ETH, 32,000 ETH / 65536) = 128 ETH. The head is at the
// start of epoch 100 with epoch 98 finalized, so the process_epoch at the end of epoch F sees F - 1
// finalized.
import { describe, expect, it } from 'vitest';
import { ETH, pubkeyOf, queueSnapshot } from '../testing/queueSnapshot.ts';
import { processRegistryUpdates } from './activation.ts';
import { processPendingDeposits } from './pendingDeposits.ts';
import type { QueuedDeposit } from './snapshot.ts';

const deposit = (key: number, amount: bigint, slot = 0n): QueuedDeposit => ({
  pubkey: pubkeyOf(key),
  withdrawalCredentials: `0x01${'00'.repeat(31)}`,
  amount,
  slot,
});

describe('processPendingDeposits', () => {
  it('applies a full queue of 32-ETH deposits four an epoch within the 128-ETH churn', () => {
    const s = queueSnapshot(1000);
    s.pendingDeposits = Array.from({ length: 40 }, (_, i) => deposit(5000 + i, 32n * ETH));
    const { appliedEpoch, newIndex } = processPendingDeposits(s);
    // 4 x 32 = 128 fits; the 5th would make 160 > 128: is_churn_limit_reached, the epoch ends.
    expect(appliedEpoch).toEqual(Array.from({ length: 40 }, (_, i) => 100n + BigInt(Math.floor(i / 4))));
    expect(newIndex.get(pubkeyOf(5000))).toBe(1000);
    expect(newIndex.get(pubkeyOf(5039))).toBe(1039);
  });

  it('applies at most MAX_PENDING_DEPOSITS_PER_EPOCH (16) an epoch however small', () => {
    const s = queueSnapshot(1000);
    s.pendingDeposits = Array.from({ length: 40 }, (_, i) => deposit(i, 1n * ETH)); // top-ups
    const { appliedEpoch } = processPendingDeposits(s);
    expect(appliedEpoch.slice(14, 18)).toEqual([100n, 100n, 101n, 101n]);
    expect(appliedEpoch[39]).toBe(102n);
  });

  it('carries what was left of the churn over in deposit_balance_to_consume', () => {
    const s = queueSnapshot(1000);
    s.pendingDeposits = Array.from({ length: 6 }, (_, i) => deposit(5000 + i, 100n * ETH));
    // epoch 100: 128 available, 100 applied, 28 carried; 101: 156, 100, 56; 102: 184, 100, 84;
    // 103: 212, two (200), 12; 104: 140, 100.
    expect(processPendingDeposits(s).appliedEpoch).toEqual([100n, 101n, 102n, 103n, 103n, 104n]);
    s.depositBalanceToConsume = 100n * ETH; // as a node that serves it would give
    // epoch 100: 228 available, two (200), 28; 101: 156, one, 56; 102: 184, one, 84; 103: 212, two.
    expect(processPendingDeposits(s).appliedEpoch).toEqual([100n, 100n, 101n, 102n, 103n, 103n]);
  });

  it('waits until the deposit block is finalized, and the queue behind it waits too', () => {
    const s = queueSnapshot(1000);
    // slot 3200 is the head's; finalized_slot >= 3200 needs epoch 100 finalized: the end of epoch 101.
    s.pendingDeposits = [deposit(5000, 32n * ETH, 3200n), deposit(5001, 32n * ETH, 0n)];
    expect(processPendingDeposits(s).appliedEpoch).toEqual([101n, 101n]);
    s.pendingDeposits = [deposit(5000, 32n * ETH, 100n * 32n + 4000n)]; // epoch 225 (slot 7200)
    // finalized epoch >= 225 (slot 7200 is its first): the end of epoch 226.
    expect(processPendingDeposits(s).appliedEpoch).toEqual([226n]);
  });

  it('postpones a top-up of an exiting validator until it is withdrawable, outside the churn', () => {
    const s = queueSnapshot(1000);
    s.validators[7]!.exitEpoch = 105n;
    s.validators[7]!.withdrawableEpoch = 361n;
    s.pendingDeposits = [
      deposit(7, 10n * ETH),
      ...Array.from({ length: 8 }, (_, i) => deposit(5000 + i, 32n * ETH)),
    ];
    const { appliedEpoch } = processPendingDeposits(s);
    // withdrawable_epoch < next_epoch first at the end of epoch 361; the new ones go 4 an epoch.
    expect(appliedEpoch).toEqual([361n, 100n, 100n, 100n, 100n, 101n, 101n, 101n, 101n]);
  });
});

describe('processRegistryUpdates (activation after the deposit)', () => {
  it('makes a new validator eligible the epoch after next and active at compute_activation_exit_epoch', () => {
    const s = queueSnapshot(1000);
    s.pendingDeposits = [deposit(5000, 32n * ETH)];
    const { readyEpoch } = processPendingDeposits(s);
    expect(readyEpoch.get(pubkeyOf(5000))).toBe(100n);
    // registry update at the end of 101: eligibility 102; finalized 102 at the end of 103:
    // activation_epoch = 103 + 1 + MAX_SEED_LOOKAHEAD (4) = 108.
    expect(processRegistryUpdates(s, null, readyEpoch.get(pubkeyOf(5000)))).toEqual({
      activationEligibilityEpoch: 102n,
      activationEpoch: 108n,
      scheduled: false,
    });
  });

  it('counts top-ups until MIN_ACTIVATION_BALANCE, and keeps a scheduled activation epoch', () => {
    const s = queueSnapshot(1000);
    s.pendingDeposits = [deposit(5000, 1n * ETH), deposit(5000, 31n * ETH, 3200n)];
    const { readyEpoch, appliedEpoch } = processPendingDeposits(s);
    expect(appliedEpoch).toEqual([100n, 101n]);
    expect(readyEpoch.get(pubkeyOf(5000))).toBe(101n);
    expect(processRegistryUpdates(s, null, 101n)?.activationEpoch).toBe(109n);
    expect(processRegistryUpdates(s, null, undefined)).toBeNull();
    const queued = { ...s.validators[0]!, activationEligibilityEpoch: 99n, activationEpoch: 104n };
    expect(processRegistryUpdates(s, queued, undefined)).toMatchObject({
      activationEpoch: 104n,
      scheduled: true,
    });
    // eligible at 99, finalized 98 at the head: the end of epoch 100 finalizes 99 -> 100 + 5 = 105.
    const eligible = { ...queued, activationEpoch: 2n ** 64n - 1n };
    expect(processRegistryUpdates(s, eligible, undefined)?.activationEpoch).toBe(105n);
  });
});
