// Every pending operation of one snapshot with its state and date, by the rules the other tests of
// this folder check one by one; the dates stay put as the queue moves ahead as expected and move when
// the queue ahead grows. Mainnet values, 1,000 validators of 32 ETH (128 ETH of churn), head at the
// start of epoch 100 with 98 finalized, the sweep next at validator 0.
import { describe, expect, it } from 'vitest';
import { activeValidator, ETH, pubkeyOf, queueSnapshot, WC02 } from '../testing/queueSnapshot.ts';
import { epochStartTime, slotStartTime } from './config.ts';
import { computePendingDates, type PendingOperation } from './pendingDates.ts';
import type { QueueSnapshot, QueuedDeposit } from './snapshot.ts';

const deposit = (key: number, amount: bigint, slot = 0n): QueuedDeposit => ({
  pubkey: pubkeyOf(key),
  withdrawalCredentials: WC02,
  amount,
  slot,
});

function scenario() {
  const s = queueSnapshot(1000);
  s.nextWithdrawalValidatorIndex = 0;
  s.pendingDeposits = [
    ...Array.from({ length: 8 }, (_, i) => deposit(5000 + i, 32n * ETH)),
    deposit(2, 10n * ETH), // a top-up of validator 2
  ];
  Object.assign(s.validators[5]!, { exitEpoch: 105n, withdrawableEpoch: 361n });
  s.validators[6] = activeValidator(6, 100n * ETH, WC02);
  s.pendingPartialWithdrawals = [{ validatorIndex: 6, amount: 20n * ETH, withdrawableEpoch: 120n }];
  Object.assign(s.validators[7]!, { exitEpoch: 106n, withdrawableEpoch: 362n });
  s.pendingConsolidations = [{ sourceIndex: 7, targetIndex: 6 }];
  return s;
}

const find = (ops: PendingOperation[], kind: PendingOperation['kind'], key: string) =>
  ops.find((o) => o.kind === kind && o.pubkey === key)!;

describe('computePendingDates', () => {
  it('dates deposits, top-ups, activations, exits, partial withdrawals and consolidations', () => {
    const s = scenario();
    const ops = computePendingDates(s);
    const at = (epoch: bigint) => epochStartTime(epoch, s.config);
    // 4 deposits an epoch: 5000-5003 applied at the end of 100 (credited from 101), 5004-5007 of 101.
    expect(find(ops, 'deposit', pubkeyOf(5000))).toMatchObject({
      state: 'queued',
      epoch: 101n,
      at: at(101n),
      position: 1,
    });
    expect(find(ops, 'deposit', pubkeyOf(5004))).toMatchObject({ epoch: 102n, validatorIndex: 1004 });
    expect(find(ops, 'top-up', pubkeyOf(2))).toMatchObject({
      state: 'queued',
      epoch: 103n,
      amount: 10n * ETH,
    });
    // Eligible 102, activated at the end of 103: 103 + 1 + 4.
    expect(find(ops, 'activation', pubkeyOf(5000))).toMatchObject({ state: 'awaiting_deposit', epoch: 108n });
    expect(find(ops, 'activation', pubkeyOf(5004))).toMatchObject({ epoch: 109n });
    // The exit's ETH: nobody else is paid by the sweep (no 32-ETH validator has an excess, the 0x02
    // one is under 2048 ETH), so each payload's sweep passes all 1,000: the first payload of 361.
    const exit = find(ops, 'exit', pubkeyOf(5));
    expect(exit).toMatchObject({
      state: 'exiting',
      exitEpoch: 105n,
      withdrawableEpoch: 361n,
      slot: 361n * 32n,
    });
    expect(exit.at).toEqual(slotStartTime(361n * 32n, s.config));
    expect(find(ops, 'partial-withdrawal', pubkeyOf(6))).toMatchObject({ state: 'queued', slot: 120n * 32n });
    // The source is withdrawable from 362: process_pending_consolidations moves it at the end of 361.
    expect(find(ops, 'consolidation', pubkeyOf(7))).toMatchObject({
      state: 'exiting',
      epoch: 362n,
      targetIndex: 6,
    });
    expect(ops.filter((o) => o.kind === 'exit')).toHaveLength(1); // the source is no exit of its own
  });

  it('keeps the dates as the queue moves as expected, and moves them when the queue ahead grows', () => {
    const s = scenario();
    const before = computePendingDates(s);
    // One epoch later: the first four deposits were applied and their validators are in the registry.
    const next: QueueSnapshot = {
      ...s,
      headSlot: 101n * 32n,
      finalizedEpoch: 99n,
      validators: [
        ...s.validators,
        ...[0, 1, 2, 3].map((i) => ({
          ...activeValidator(5000 + i, 32n * ETH, WC02),
          activationEligibilityEpoch: 2n ** 64n - 1n,
          activationEpoch: 2n ** 64n - 1n,
        })),
      ],
      pendingDeposits: s.pendingDeposits.slice(4),
    };
    const after = computePendingDates(next);
    expect(find(after, 'top-up', pubkeyOf(2)).epoch).toBe(find(before, 'top-up', pubkeyOf(2)).epoch);
    expect(find(after, 'deposit', pubkeyOf(5004)).epoch).toBe(102n);
    expect(find(after, 'activation', pubkeyOf(5000)).epoch).toBe(108n);
    // Eight more deposits ahead of the top-up: two more epochs.
    const longer = {
      ...s,
      pendingDeposits: [
        ...Array.from({ length: 8 }, (_, i) => deposit(6000 + i, 32n * ETH)),
        ...s.pendingDeposits,
      ],
    };
    expect(find(computePendingDates(longer), 'top-up', pubkeyOf(2)).epoch).toBe(105n);
  });
});
