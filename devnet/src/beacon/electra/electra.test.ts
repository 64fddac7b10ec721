// The Electra epoch functions against the rules of consensus-specs' electra beacon-chain.md and the
// cases of its effective-balance hysteresis and pending-deposit tests (pyspec
// test/electra/epoch_processing/test_process_pending_deposits.py and
// test_process_effective_balance_updates.py, named in the titles; values worked out by hand).
import { describe, expect, it } from 'vitest';
import { electraStateAt, PLAIN_WC01, PLAIN_WC02 } from '@payd/consensus/testing';
import { processEffectiveBalanceUpdates } from './effectiveBalance.ts';
import { processPendingDeposits } from './pendingDeposits.ts';
import { FAR_FUTURE_EPOCH, type PendingDeposit } from '@payd/consensus';

const ETH = 1_000_000_000n;
const WC01 = PLAIN_WC01;
const WC02 = PLAIN_WC02;

const state = electraStateAt;

const deposit = (key: number, amount: bigint, o: Partial<PendingDeposit> = {}): PendingDeposit => ({
  pubkey: `0x${key.toString(16).padStart(96, '0')}`,
  withdrawalCredentials: WC02,
  amount,
  signature: 'valid',
  slot: 100n,
  ...o,
});
const valid = (d: PendingDeposit) => d.signature === 'valid';

describe('process_effective_balance_updates', () => {
  const after = (effective: bigint, balance: bigint, wc = WC01) => {
    const s = state(1, effective, wc);
    s.balances[0] = balance;
    processEffectiveBalanceUpdates(s);
    return s.validators[0]!.effectiveBalance;
  };
  const Q = ETH / 4n;

  it('test_effective_balance_hysteresis: down only below effective - 0.25 ETH, up only above effective + 1.25 ETH', () => {
    expect(after(32n * ETH, 32n * ETH - Q)).toBe(32n * ETH);
    expect(after(32n * ETH, 32n * ETH - Q - 1n)).toBe(31n * ETH);
    expect(after(30n * ETH, 30n * ETH + 5n * Q)).toBe(30n * ETH);
    expect(after(30n * ETH, 30n * ETH + 5n * Q + 1n)).toBe(31n * ETH);
  });

  it('test_effective_balance_hysteresis_with_compounding_credentials: caps at 32 ETH for 0x01, 2048 ETH for 0x02', () => {
    expect(after(32n * ETH, 40n * ETH)).toBe(32n * ETH);
    expect(after(32n * ETH, 100n * ETH + 3n * Q, WC02)).toBe(100n * ETH);
    expect(after(2048n * ETH, 3000n * ETH, WC02)).toBe(2048n * ETH);
  });
});

describe('process_pending_deposits', () => {
  it('test_pending_deposit_not_finalized and test_pending_deposit_over_max: waits for finality, 16 an epoch', () => {
    const s = state(1000);
    s.pendingDeposits = [deposit(1, 32n * ETH, { slot: 9n * 32n })];
    processPendingDeposits(s, valid);
    expect(s.pendingDeposits).toHaveLength(1);
    expect(s.validators).toHaveLength(1000);

    const t = state(1000);
    t.pendingDeposits = Array.from({ length: 20 }, (_, i) => deposit(i, ETH)); // top-ups of 1 ETH
    processPendingDeposits(t, valid);
    expect(t.pendingDeposits).toHaveLength(4);
    expect(t.balances[0]).toBe(33n * ETH);
  });

  it('test_pending_deposit_balance_above_churn: applies within the churn in ETH, carries what is left', () => {
    const s = state(1000); // churn 128 ETH
    s.pendingDeposits = [deposit(5000, 100n * ETH), deposit(5001, 100n * ETH)];
    processPendingDeposits(s, valid);
    expect(s.validators).toHaveLength(1001);
    expect(s.validators[1000]).toMatchObject({
      effectiveBalance: 100n * ETH,
      activationEpoch: FAR_FUTURE_EPOCH,
    });
    expect(s.pendingDeposits).toHaveLength(1);
    expect(s.depositBalanceToConsume).toBe(28n * ETH);
    s.slot += 32n;
    processPendingDeposits(s, valid);
    expect(s.validators).toHaveLength(1002);
    expect(s.depositBalanceToConsume).toBe(0n);
  });

  it('lets a 2048 ETH deposit wait until 16 epochs of 128 ETH churn add up to it', () => {
    const s = state(1000);
    s.pendingDeposits = [deposit(6000, 2048n * ETH)];
    let epochs = 0;
    while (s.pendingDeposits.length) {
      processPendingDeposits(s, valid);
      epochs++;
      s.slot += 32n;
    }
    expect(epochs).toBe(16);
    expect(s.validators.at(-1)!.effectiveBalance).toBe(2048n * ETH);
  });

  it('test_pending_deposit_exiting_validator and test_pending_deposit_withdrawable_validator', () => {
    const s = state(1000);
    s.validators[0]!.exitEpoch = 20n;
    s.validators[1]!.exitEpoch = 5n;
    s.validators[1]!.withdrawableEpoch = 9n;
    s.pendingDeposits = [deposit(0, 10n * ETH), deposit(1, 500n * ETH), deposit(2, 5n * ETH)];
    processPendingDeposits(s, valid);
    expect(s.balances[0]).toBe(32n * ETH);
    expect(s.balances[1]).toBe(532n * ETH);
    expect(s.balances[2]).toBe(37n * ETH);
    expect(s.pendingDeposits.map((d) => d.amount)).toEqual([10n * ETH]);
  });

  it('consumes churn for a badly signed new deposit but makes no validator of it', () => {
    const s = state(1000);
    s.pendingDeposits = [deposit(7000, 100n * ETH, { signature: 'bad' }), deposit(7001, 100n * ETH)];
    processPendingDeposits(s, valid);
    expect(s.validators).toHaveLength(1000);
    expect(s.pendingDeposits).toHaveLength(1);
  });

  it('test_pending_deposit_eth1_bridge_not_applied: requests wait for the Eth1 bridge deposits', () => {
    const s = state(1000);
    s.eth1DepositIndex = 5n;
    s.depositRequestsStartIndex = 10n;
    s.pendingDeposits = [deposit(0, ETH)];
    processPendingDeposits(s, valid);
    expect(s.pendingDeposits).toHaveLength(1);
    expect(s.balances[0]).toBe(32n * ETH);
  });

  it('test_pending_deposit_balance_equal_churn: exactly the churn is applied, nothing carried', () => {
    const s = state(1000);
    s.pendingDeposits = [deposit(0, 128n * ETH)];
    processPendingDeposits(s, valid);
    expect(s.balances[0]).toBe(160n * ETH);
    expect(s.depositBalanceToConsume).toBe(0n);
  });

  it('test_pending_deposit_preexisting_churn: carried churn adds to the epoch churn', () => {
    const s = state(1000);
    s.depositBalanceToConsume = 10n * ETH;
    s.pendingDeposits = [deposit(0, 138n * ETH), deposit(1, ETH)];
    processPendingDeposits(s, valid);
    expect(s.balances[0]).toBe(170n * ETH);
    expect(s.pendingDeposits).toHaveLength(1);
    expect(s.depositBalanceToConsume).toBe(0n);
  });

  it('test_pending_deposit_mixture_of_skipped_and_above_churn: the postponed go behind the rest', () => {
    const s = state(1000);
    s.validators[0]!.exitEpoch = 20n;
    s.pendingDeposits = [deposit(0, ETH), deposit(1, 200n * ETH)];
    processPendingDeposits(s, valid);
    expect(s.pendingDeposits.map((d) => d.amount)).toEqual([200n * ETH, ETH]);
    expect(s.depositBalanceToConsume).toBe(128n * ETH);
  });
});
