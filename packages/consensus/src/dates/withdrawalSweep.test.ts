// get_expected_withdrawals slot after slot (consensus-specs electra beacon-chain.md: get_pending_partial_withdrawals,
// get_validators_sweep_withdrawals, update_next_withdrawal_validator_index), with each slot worked out
// by hand. Head slot 3200 (epoch 100): the first payload to come is slot 3201's.
import { describe, expect, it } from 'vitest';
import { activeValidator, ETH, queueSnapshot, WC02 } from '../testing/queueSnapshot.ts';
import { getExpectedWithdrawals, sweepSlotFrom } from './withdrawalSweep.ts';

describe('getValidatorsSweepWithdrawals', () => {
  it('visits MAX_VALIDATORS_PER_WITHDRAWALS_SWEEP validators a payload from next_withdrawal_validator_index', () => {
    const s = queueSnapshot(5, 100n, { MAX_VALIDATORS_PER_WITHDRAWALS_SWEEP: 2n });
    s.validators = s.validators.map((_, i) => activeValidator(i, 32n * ETH + ETH / 2n));
    s.nextWithdrawalValidatorIndex = 3;
    const sweep = getExpectedWithdrawals(s);
    // 3201: 3, 4; 3202: 0, 1; 3203: 2 (fewer than 16 withdrawals: the sweep advances by 2).
    expect(sweep.firstVisit).toEqual([3202n, 3202n, 3203n, 3201n, 3201n]);
    expect(sweep.cycleSlots).toBe(3n);
    // Validator 1 withdrawable from epoch 111 (slot 3552): visits 3202 + 3k; the first >= 3552 is 3553.
    expect(sweepSlotFrom(sweep, 1, 111n, s)).toBe(3553n);
    // Without the index (the standard API does not serve it): the latest, one cycle after 3552.
    delete s.nextWithdrawalValidatorIndex;
    expect(sweepSlotFrom(getExpectedWithdrawals(s), 1, 111n, s)).toBe(3555n);
    // A node with a sweep of its own cycle (the dev node's day): the latest, one such cycle after.
    s.sweepCycleSlots = 14_400n;
    expect(sweepSlotFrom(getExpectedWithdrawals(s), 1, 111n, s)).toBe(3552n + 14_400n);
  });

  it('stops a payload at MAX_WITHDRAWALS_PER_PAYLOAD, partial withdrawals first', () => {
    // 4 withdrawals a payload: at most min(8, 4 - 1) = 3 pending partials.
    const s = queueSnapshot(10, 100n, { MAX_WITHDRAWALS_PER_PAYLOAD: 4n });
    s.validators = s.validators.map((_, i) => activeValidator(i, 33n * ETH));
    s.validators[3] = activeValidator(3, 40n * ETH, WC02); // 0x02 under 2048 ETH: swept past, nothing paid
    s.nextWithdrawalValidatorIndex = 0;
    s.pendingPartialWithdrawals = [...Array.from({ length: 5 }, () => 100n), 105n].map((epoch) => ({
      validatorIndex: 3,
      amount: ETH,
      withdrawableEpoch: epoch,
    }));
    const sweep = getExpectedWithdrawals(s);
    // 3201: 3 partials + validator 0; 3202: 2 partials + 1, 2; 3203: 3 (nothing), 4, 5, 6, 7;
    // 3204: 8, 9. The 6th partial waits for epoch 105 (slot 3360).
    expect(sweep.partialPaidSlot).toEqual([3201n, 3201n, 3201n, 3202n, 3202n, 3360n]);
    expect(sweep.firstVisit).toEqual([3201n, 3202n, 3202n, 3203n, 3203n, 3203n, 3203n, 3203n, 3204n, 3204n]);
    expect(sweep.cycleSlots).toBe(4n);
  });

  it('pays an exited validator the first time the sweep passes once it is withdrawable', () => {
    const s = queueSnapshot(6, 100n, { MAX_VALIDATORS_PER_WITHDRAWALS_SWEEP: 2n });
    s.nextWithdrawalValidatorIndex = 0;
    s.validators[4]!.exitEpoch = 90n;
    s.validators[4]!.withdrawableEpoch = 100n; // withdrawable now: 3202 visits 2, 3; 3203 visits 4
    const sweep = getExpectedWithdrawals(s);
    expect(sweepSlotFrom(sweep, 4, 100n, s)).toBe(3203n);
  });
});
