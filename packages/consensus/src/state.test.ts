// The predicates of consensus-specs' electra beacon-chain.md on one validator, with the state's config.
import { describe, expect, it } from 'vitest';
import { MAINNET_CONFIG } from './config.ts';
import {
  computeActivationExitEpoch,
  FAR_FUTURE_EPOCH,
  getCurrentEpoch,
  getMaxEffectiveBalance,
  getPendingBalanceToWithdraw,
  hasCompoundingWithdrawalCredential,
  hasExecutionWithdrawalCredential,
  isFullyWithdrawableValidator,
  isPartiallyWithdrawableValidator,
  withdrawalAddressOf,
  type ElectraState,
  type Validator,
} from './state.ts';

const ETH = 1_000_000_000n;
const ADDRESS = 'ab'.repeat(20);
const v = (prefix: string, effective: bigint, withdrawable = FAR_FUTURE_EPOCH): Validator => ({
  pubkey: `0x${'11'.repeat(48)}`,
  withdrawalCredentials: `0x${prefix}${'00'.repeat(11)}${ADDRESS}`,
  effectiveBalance: effective,
  activationEligibilityEpoch: 0n,
  activationEpoch: 0n,
  exitEpoch: FAR_FUTURE_EPOCH,
  withdrawableEpoch: withdrawable,
});

describe('Electra validator predicates', () => {
  it('tells 0x00, 0x01 and 0x02 credentials apart and reads the withdrawal address', () => {
    expect([v('00', 0n), v('01', 0n), v('02', 0n)].map(hasExecutionWithdrawalCredential)).toEqual([
      false,
      true,
      true,
    ]);
    expect(hasCompoundingWithdrawalCredential(v('02', 0n))).toBe(true);
    expect(withdrawalAddressOf(v('01', 0n))).toBe(`0x${ADDRESS}`);
    expect(getMaxEffectiveBalance(v('01', 0n))).toBe(32n * ETH);
    expect(getMaxEffectiveBalance(v('02', 0n))).toBe(2048n * ETH);
  });

  it('is_partially_withdrawable_validator: only at the maximum effective balance, with more balance', () => {
    expect(isPartiallyWithdrawableValidator(v('01', 32n * ETH), 32n * ETH + 1n)).toBe(true);
    expect(isPartiallyWithdrawableValidator(v('01', 32n * ETH), 32n * ETH)).toBe(false);
    expect(isPartiallyWithdrawableValidator(v('02', 100n * ETH), 101n * ETH)).toBe(false);
    expect(isPartiallyWithdrawableValidator(v('02', 2048n * ETH), 2049n * ETH)).toBe(true);
    expect(isPartiallyWithdrawableValidator(v('00', 32n * ETH), 33n * ETH)).toBe(false);
  });

  it('is_fully_withdrawable_validator: from the withdrawable epoch, with a balance, execution credentials', () => {
    expect(isFullyWithdrawableValidator(v('02', 0n, 10n), 1n, 10n)).toBe(true);
    expect(isFullyWithdrawableValidator(v('02', 0n, 10n), 1n, 9n)).toBe(false);
    expect(isFullyWithdrawableValidator(v('02', 0n, 10n), 0n, 10n)).toBe(false);
    expect(isFullyWithdrawableValidator(v('00', 0n, 10n), 1n, 10n)).toBe(false);
  });

  it('reads epochs and pending withdrawals with the state config', () => {
    const state: ElectraState = {
      slot: 800n,
      validators: [],
      balances: [],
      pendingDeposits: [],
      depositBalanceToConsume: 0n,
      finalizedEpoch: 0n,
      eth1DepositIndex: 0n,
      depositRequestsStartIndex: 0n,
      pendingPartialWithdrawals: [
        { validatorIndex: 3n, amount: ETH, withdrawableEpoch: 9n },
        { validatorIndex: 4n, amount: ETH, withdrawableEpoch: 9n },
        { validatorIndex: 3n, amount: 2n * ETH, withdrawableEpoch: 9n },
      ],
    };
    expect(getCurrentEpoch(state)).toBe(25n);
    expect(getCurrentEpoch({ ...state, config: { ...MAINNET_CONFIG, SLOTS_PER_EPOCH: 8n } })).toBe(100n);
    expect(computeActivationExitEpoch(25n)).toBe(30n);
    expect(getPendingBalanceToWithdraw(state, 3n)).toBe(3n * ETH);
    expect(getPendingBalanceToWithdraw({ ...state, pendingPartialWithdrawals: undefined }, 3n)).toBe(0n);
  });
});
