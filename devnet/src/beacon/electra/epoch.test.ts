// The epoch processing and withdrawals of Electra against consensus-specs' rules. Cases follow
// tests/core/pyspec/eth2spec/test/electra/epoch_processing/test_process_pending_consolidations.py,
// test_process_registry_updates.py and block_processing/test_process_withdrawals.py (named in the
// titles), on this folder's states (mainnet config, epoch 300), with values worked out by hand.
import { describe, expect, it } from 'vitest';
import { FAR_FUTURE_EPOCH, MAINNET_CONFIG } from '@payd/consensus';
import {
  processPendingConsolidations,
  processPendingPartialWithdrawals,
  processRegistryUpdates,
  processVoluntaryExit,
  sweepAmount,
  voluntaryExitError,
} from './epoch.ts';
import { compounding, credentials, electraState, EPOCH, ETH, snapshot } from './testState.ts';

describe('process_pending_consolidations', () => {
  /** Validator 1 (0x01, 32 ETH) consolidating into validator 2 (0x02), withdrawable at `withdrawable`. */
  function consolidating(withdrawable: bigint) {
    const s = electraState();
    compounding(s, 2, 32n * ETH);
    s.validators[1]!.exitEpoch = withdrawable - 256n;
    s.validators[1]!.withdrawableEpoch = withdrawable;
    s.pendingConsolidations = [{ sourceIndex: 1n, targetIndex: 2n }];
    return s;
  }

  it('test_basic_pending_consolidation: the source balance moves to the target once withdrawable', () => {
    const s = consolidating(EPOCH + 1n);
    processPendingConsolidations(s);
    expect(s.balances.slice(1, 3)).toEqual([0n, 64n * ETH]);
    expect(s.pendingConsolidations).toEqual([]);
  });

  it('test_consolidation_not_yet_withdrawable_validator: waits, and so does everything behind it', () => {
    const s = consolidating(EPOCH + 2n);
    s.pendingConsolidations!.push({ sourceIndex: 3n, targetIndex: 2n });
    const before = snapshot(s);
    processPendingConsolidations(s);
    expect(snapshot(s)).toBe(before);
  });

  it('test_skip_consolidation_when_source_slashed: dropped without moving anything', () => {
    const s = consolidating(EPOCH + 50n);
    s.validators[1]!.slashed = true;
    processPendingConsolidations(s);
    expect(s.balances.slice(1, 3)).toEqual([32n * ETH, 32n * ETH]);
    expect(s.pendingConsolidations).toEqual([]);
  });

  it('test_pending_consolidation_source_balance_greater_than_max_effective: the excess stays to be swept', () => {
    const s = consolidating(EPOCH);
    s.balances[1] = 33n * ETH;
    processPendingConsolidations(s);
    expect(s.balances.slice(1, 3)).toEqual([ETH, 64n * ETH]);
  });

  it('test_pending_consolidation_source_balance_less_than_max_effective: moves only the balance', () => {
    const s = consolidating(EPOCH);
    s.balances[1] = 31n * ETH + ETH / 2n;
    processPendingConsolidations(s);
    expect(s.balances.slice(1, 3)).toEqual([0n, 63n * ETH + ETH / 2n]);
  });
});

describe('process_registry_updates (electra)', () => {
  it('test_activation_queue_eligibility__min_activation_balance: queues 32 ETH, not 31', () => {
    const s = electraState();
    for (const i of [1, 2]) {
      s.validators[i]!.activationEligibilityEpoch = FAR_FUTURE_EPOCH;
      s.validators[i]!.activationEpoch = FAR_FUTURE_EPOCH;
    }
    s.validators[2]!.effectiveBalance = 31n * ETH;
    processRegistryUpdates(s);
    expect(s.validators[1]!.activationEligibilityEpoch).toBe(EPOCH + 1n);
    expect(s.validators[2]!.activationEligibilityEpoch).toBe(FAR_FUTURE_EPOCH);
  });

  it('test_activation_queue_activation_and_ejection: activates all finalized eligibles, ejects at 16 ETH', () => {
    const s = electraState(12);
    for (const i of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
      s.validators[i]!.activationEligibilityEpoch = EPOCH - 2n;
      s.validators[i]!.activationEpoch = FAR_FUTURE_EPOCH;
    }
    s.validators[11]!.effectiveBalance = 16n * ETH;
    processRegistryUpdates(s);
    // No activation churn in Electra's registry updates: the deposits were churned already.
    expect(s.validators.slice(1, 11).map((v) => v.activationEpoch)).toEqual(
      Array<bigint>(10).fill(EPOCH + 5n),
    );
    expect(s.validators[11]!.exitEpoch).toBe(EPOCH + 5n);
  });
});

describe('process_voluntary_exit (electra)', () => {
  it('test_invalid_validator_has_pending_withdrawal: refused while a partial withdrawal is queued', () => {
    const s = electraState();
    compounding(s, 1, 40n * ETH);
    s.pendingPartialWithdrawals = [{ validatorIndex: 1n, amount: ETH, withdrawableEpoch: 500n }];
    expect(voluntaryExitError(s, 1n, EPOCH)).toBe('validator 1 has pending partial withdrawals');
    expect(processVoluntaryExit(s, 1n, EPOCH)).toBe(false);
  });

  it('test_basic_exit and the exit churn: 32 ETH each, 256 ETH an epoch', () => {
    const s = electraState(12);
    for (let i = 1; i <= 9; i++) expect(processVoluntaryExit(s, BigInt(i), EPOCH)).toBe(true);
    expect(s.validators[8]!.exitEpoch).toBe(EPOCH + 5n);
    expect(s.validators[9]!.exitEpoch).toBe(EPOCH + 6n);
    expect(voluntaryExitError(s, 1n, EPOCH)).toBe('validator 1 is already exiting');
    expect(voluntaryExitError(s, 10n, EPOCH + 1n)).toBe('exit epoch 301 is after the current epoch 300');
  });
});

describe('withdrawals (get_expected_withdrawals of electra)', () => {
  it('test_pending_withdrawals_one_skipped_one_effective: pays the withdrawable head of the queue', () => {
    const s = electraState();
    compounding(s, 1, 40n * ETH);
    compounding(s, 2, 40n * ETH);
    s.validators[2]!.exitEpoch = 400n; // exiting: its partial withdrawal is dropped, unpaid
    s.pendingPartialWithdrawals = [
      { validatorIndex: 2n, amount: ETH, withdrawableEpoch: EPOCH },
      { validatorIndex: 1n, amount: 3n * ETH, withdrawableEpoch: EPOCH },
      { validatorIndex: 1n, amount: ETH, withdrawableEpoch: EPOCH + 1n },
    ];
    expect(processPendingPartialWithdrawals(s)).toEqual([{ validatorIndex: 1n, amount: 3n * ETH }]);
    expect(s.balances[1]).toBe(37n * ETH);
    expect(s.balances[2]).toBe(40n * ETH);
    expect(s.pendingPartialWithdrawals).toHaveLength(1);
  });

  it('test_pending_withdrawals_at_max: at most MAX_PENDING_PARTIALS_PER_WITHDRAWALS_SWEEP a sweep', () => {
    const s = electraState();
    compounding(s, 1, 100n * ETH);
    s.pendingPartialWithdrawals = Array.from({ length: 10 }, () => ({
      validatorIndex: 1n,
      amount: ETH,
      withdrawableEpoch: EPOCH,
    }));
    expect(processPendingPartialWithdrawals(s)).toHaveLength(
      Number(MAINNET_CONFIG.MAX_PENDING_PARTIALS_PER_WITHDRAWALS_SWEEP),
    );
    expect(s.pendingPartialWithdrawals).toHaveLength(2);
  });

  it('test_pending_withdrawals_with_ineffective_sweep_on_top: never below 32 ETH', () => {
    const s = electraState();
    compounding(s, 1, 33n * ETH);
    s.pendingPartialWithdrawals = [{ validatorIndex: 1n, amount: 5n * ETH, withdrawableEpoch: EPOCH }];
    expect(processPendingPartialWithdrawals(s)).toEqual([{ validatorIndex: 1n, amount: ETH }]);
  });

  it('sweeps 0x01 above 32 ETH, 0x02 only above 2048 ETH at its maximum, everything once withdrawable', () => {
    const s = electraState();
    s.balances[1] = 34n * ETH; // 0x01
    compounding(s, 2, 40n * ETH, 40n * ETH); // test_partially_withdrawable_validator_compounding_max_minus_one style
    compounding(s, 3, 2050n * ETH, 2048n * ETH); // test_partially_withdrawable_validator_compounding_max_plus_one style
    s.validators[4]!.withdrawableEpoch = EPOCH; // test_success_full_withdrawal
    s.validators[4]!.exitEpoch = EPOCH - 256n;
    s.validators[5]!.withdrawalCredentials = credentials('00');
    s.balances[5] = 40n * ETH;
    expect([1, 2, 3, 4, 5].map((i) => sweepAmount(s, i))).toEqual([2n * ETH, 0n, 2n * ETH, 32n * ETH, 0n]);
  });
});
