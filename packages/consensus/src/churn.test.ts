// The churn limits of Electra against consensus-specs' electra beacon-chain.md (values worked out by
// hand from get_balance_churn_limit and get_activation_exit_churn_limit).
import { describe, expect, it } from 'vitest';
import { electraStateAt } from './testing/electraState.ts';
import {
  computeConsolidationEpochAndUpdateChurn,
  computeExitEpochAndUpdateChurn,
  getActivationExitChurnLimit,
  getBalanceChurnLimit,
  getConsolidationChurnLimit,
  initiateValidatorExit,
} from './churn.ts';
import { MAINNET_CONFIG } from './config.ts';

const ETH = 1_000_000_000n;

const state = electraStateAt;

describe('churn limits (get_balance_churn_limit, get_activation_exit_churn_limit)', () => {
  it('is at least 128 ETH, total/65536 in whole ETH between, and activation/exit at most 256 ETH', () => {
    expect(getActivationExitChurnLimit(state(1000))).toBe(128n * ETH);
    // 312,500 validators of 32 ETH = 10,000,000 ETH: 152.58 ETH, floored to 152
    const ten = state(1);
    ten.validators[0]!.effectiveBalance = 10_000_000n * ETH;
    expect(getBalanceChurnLimit(ten)).toBe(152n * ETH);
    expect(getActivationExitChurnLimit(ten)).toBe(152n * ETH);
    expect(getConsolidationChurnLimit(ten)).toBe(0n);
    // mainnet-like 34,000,000 ETH: 518 ETH of balance churn, 256 for activations and exits
    const main = state(1);
    main.validators[0]!.effectiveBalance = 34_000_000n * ETH;
    expect(getBalanceChurnLimit(main)).toBe(518n * ETH);
    expect(getActivationExitChurnLimit(main)).toBe(256n * ETH);
    expect(getConsolidationChurnLimit(main)).toBe(262n * ETH);
  });

  it('counts only active validators', () => {
    const s = state(2);
    s.validators[1]!.effectiveBalance = 20_000_000n * ETH;
    s.validators[1]!.activationEpoch = 50n;
    expect(getActivationExitChurnLimit(s)).toBe(128n * ETH);
  });
});

describe('compute_exit_epoch_and_update_churn and initiate_validator_exit', () => {
  it('fills an epoch with 128 ETH of exits, then carries the rest into the next epochs', () => {
    const s = state(100); // churn 128 ETH, current epoch 10: the first exit epoch is 15
    expect(computeExitEpochAndUpdateChurn(s, 100n * ETH)).toBe(15n);
    expect(s.exitBalanceToConsume).toBe(28n * ETH);
    // 300 ETH: 28 left in 15, 128 in 16 and 17, 16 in 18
    expect(computeExitEpochAndUpdateChurn(s, 300n * ETH)).toBe(18n);
    expect(s.exitBalanceToConsume).toBe(112n * ETH);
    initiateValidatorExit(s, 0n);
    expect(s.validators[0]).toMatchObject({ exitEpoch: 18n, withdrawableEpoch: 18n + 256n });
    initiateValidatorExit(s, 0n);
    expect(s.exitBalanceToConsume).toBe(80n * ETH);
  });

  it('starts a fresh epoch of churn when the queue is behind the current exit epoch', () => {
    const s = { ...state(100), earliestExitEpoch: 12n, exitBalanceToConsume: 5n * ETH };
    expect(computeExitEpochAndUpdateChurn(s, 10n * ETH)).toBe(15n);
    expect(s.exitBalanceToConsume).toBe(118n * ETH);
  });

  it('queues consolidations with the consolidation churn (none on a small chain, 262 ETH at mainnet size)', () => {
    const s = state(1);
    s.validators[0]!.effectiveBalance = 34_000_000n * ETH;
    expect(computeConsolidationEpochAndUpdateChurn(s, 2048n * ETH)).toBe(15n + 7n);
    expect(s.consolidationBalanceToConsume).toBe(8n * 262n * ETH - 2048n * ETH);
  });

  it('reads the churn from the state config', () => {
    const s = {
      ...state(100),
      config: { ...MAINNET_CONFIG, MAX_PER_EPOCH_ACTIVATION_EXIT_CHURN_LIMIT: 64n * ETH },
    };
    expect(getActivationExitChurnLimit(s)).toBe(64n * ETH);
    expect(getConsolidationChurnLimit(s)).toBe(64n * ETH);
  });
});
