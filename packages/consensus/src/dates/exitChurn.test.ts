// compute_exit_epoch_and_update_churn and compute_consolidation_epoch_and_update_churn
// (consensus-specs electra beacon-chain.md; churn.ts) over a snapshot's queues, served or rebuilt from
// what the Beacon API serves, with the expected epochs worked out by hand from the spec text. Head at epoch 100: compute_activation_exit_epoch(100) = 100 + 1 + 4 = 105.
import { describe, expect, it } from 'vitest';
import { ETH, queueSnapshot } from '../testing/queueSnapshot.ts';
import { getActivationExitChurnLimit, getConsolidationChurnLimit } from '../churn.ts';
import {
  churnStateOf,
  computeConsolidationEpochIfAccepted,
  computeExitEpochAndUpdateChurn,
} from './exitChurn.ts';

const exiting = (s: ReturnType<typeof queueSnapshot>, index: number, exitEpoch: bigint) => {
  s.validators[index]!.exitEpoch = exitEpoch;
  s.validators[index]!.withdrawableEpoch = exitEpoch + 256n;
};

describe('computeExitEpochAndUpdateChurn', () => {
  it('starts a new exit epoch at compute_activation_exit_epoch with the whole churn', () => {
    const s = queueSnapshot(1000); // 128 ETH of exit churn
    const q = churnStateOf(s);
    expect(getActivationExitChurnLimit(q)).toBe(128n * ETH);
    expect(computeExitEpochAndUpdateChurn(q, 32n * ETH)).toBe(105n);
    expect([q.earliestExitEpoch, q.exitBalanceToConsume]).toEqual([105n, 96n * ETH]);
  });

  it('places exits behind an exit queue several epochs deep', () => {
    const s = queueSnapshot(1000);
    // Epoch 105 full (4 x 32 = 128 ETH), 106 holds two (64 ETH): rebuilt earliest_exit_epoch 106 and
    // exit_balance_to_consume 128 - 64 = 64.
    [0, 1, 2, 3].forEach((i) => exiting(s, i, 105n));
    [4, 5].forEach((i) => exiting(s, i, 106n));
    const q = churnStateOf(s);
    expect([q.earliestExitEpoch, q.exitBalanceToConsume]).toEqual([106n, 64n * ETH]);
    expect(computeExitEpochAndUpdateChurn(q, 32n * ETH)).toBe(106n); // 32 left
    expect(computeExitEpochAndUpdateChurn(q, 32n * ETH)).toBe(106n); // 0 left
    // 32 > 0: additional_epochs = (32 - 0 - 1) // 128 + 1 = 1 -> 107, 96 left.
    expect(computeExitEpochAndUpdateChurn(q, 32n * ETH)).toBe(107n);
    // 2048 ETH: (2048 - 96 - 1) // 128 + 1 = 16 more epochs -> 123; 96 + 16 x 128 - 2048 = 96 left.
    expect(computeExitEpochAndUpdateChurn(q, 2048n * ETH)).toBe(123n);
    expect(q.exitBalanceToConsume).toBe(96n * ETH);
  });

  it('counts partial withdrawals in the exit churn at their withdrawable epoch minus the delay', () => {
    const s = queueSnapshot(1000);
    s.pendingPartialWithdrawals = [{ validatorIndex: 9, amount: 100n * ETH, withdrawableEpoch: 110n + 256n }];
    const q = churnStateOf(s);
    expect([q.earliestExitEpoch, q.exitBalanceToConsume]).toEqual([110n, 28n * ETH]);
    // 32 > 28: one more epoch.
    expect(computeExitEpochAndUpdateChurn(q, 32n * ETH)).toBe(111n);
  });

  it('takes earliest_exit_epoch and exit_balance_to_consume as served when a node serves them', () => {
    const s = queueSnapshot(1000);
    s.earliestExitEpoch = 200n;
    s.exitBalanceToConsume = 0n;
    expect(computeExitEpochAndUpdateChurn(churnStateOf(s), 1n * ETH)).toBe(201n);
  });
});

describe('computeConsolidationEpochAndUpdateChurn', () => {
  it('uses what the balance churn leaves beyond activations and exits', () => {
    const s = queueSnapshot(2);
    // 34,000,000 ETH active: balance churn 518 ETH, exits 256, consolidations 262.
    s.validators[0]!.effectiveBalance = 34_000_000n * ETH - 32n * ETH;
    const q = churnStateOf(s);
    expect(getConsolidationChurnLimit(q)).toBe(262n * ETH);
    expect(computeConsolidationEpochIfAccepted(q, 64n * ETH)).toBe(105n); // 198 left
    expect(computeConsolidationEpochIfAccepted(q, 200n * ETH)).toBe(106n); // (200-198-1)//262+1
    expect(q.consolidationBalanceToConsume).toBe(260n * ETH);
  });

  it('rebuilds the consolidation queue from the pending consolidations sources', () => {
    const s = queueSnapshot(3);
    s.validators[0]!.effectiveBalance = 34_000_000n * ETH;
    s.validators[1]!.exitEpoch = 130n;
    s.validators[1]!.withdrawableEpoch = 386n;
    s.pendingConsolidations = [{ sourceIndex: 1, targetIndex: 2 }];
    const q = churnStateOf(s);
    expect([q.earliestConsolidationEpoch, q.consolidationBalanceToConsume]).toEqual([130n, 230n * ETH]);
    expect(q.earliestExitEpoch).toBe(0n); // a consolidation is not an exit of the exit queue
  });

  it('gives none when the consolidation churn is not above MIN_ACTIVATION_BALANCE', () => {
    const s = queueSnapshot(1000); // balance churn 128 ETH, all of it for activations and exits
    expect(computeConsolidationEpochIfAccepted(churnStateOf(s), 32n * ETH)).toBeNull();
  });
});
