// The churn limits of Electra against consensus-specs' electra beacon-chain.md (values worked out by
// hand from get_balance_churn_limit and get_activation_exit_churn_limit).
import { describe, expect, it } from 'vitest';
import { getActivationExitChurnLimit, getBalanceChurnLimit, getConsolidationChurnLimit } from './churn.ts';
import { FAR_FUTURE_EPOCH, type ElectraState, type Validator } from './state.ts';

const ETH = 1_000_000_000n;
const WC01 = `0x01${'00'.repeat(31)}`;

const active = (i: number, effective: bigint, wc = WC01): Validator => ({
  pubkey: `0x${i.toString(16).padStart(96, '0')}`,
  withdrawalCredentials: wc,
  effectiveBalance: effective,
  activationEligibilityEpoch: 0n,
  activationEpoch: 0n,
  exitEpoch: FAR_FUTURE_EPOCH,
  withdrawableEpoch: FAR_FUTURE_EPOCH,
});

/** A state at epoch 10 (finalized 8) with `count` active validators of `each` gwei. */
function state(count: number, each = 32n * ETH, wc = WC01): ElectraState {
  const validators = Array.from({ length: count }, (_, i) => active(i, each, wc));
  return {
    slot: 10n * 32n,
    validators,
    balances: validators.map((v) => v.effectiveBalance),
    pendingDeposits: [],
    depositBalanceToConsume: 0n,
    finalizedEpoch: 8n,
    eth1DepositIndex: 0n,
    depositRequestsStartIndex: 0n,
  };
}

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
