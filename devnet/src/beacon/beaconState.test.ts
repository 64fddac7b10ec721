import { describe, expect, it } from 'vitest';
import { BeaconState, type ChainFacts, type DepositRecord, type ExitRecord } from './beaconState.ts';
import { FAR_FUTURE_EPOCH } from './config.ts';

const ETH = 1_000_000_000n;
const EPOCH = 48n;
const SLOTS = 8n;
const pubkey = (n: number) => `0x${n.toString(16).padStart(96, '0')}`;
const ADDRESS = 'ab'.repeat(20);
const EXECUTION_CREDENTIALS = `0x01${'00'.repeat(11)}${ADDRESS}`;
const BLS_CREDENTIALS = `0x00${'11'.repeat(31)}`;

function deposit(key: number, time: bigint, amountGwei = 32n * ETH, extra: Partial<DepositRecord> = {}) {
  return {
    pubkey: pubkey(key),
    withdrawalCredentials: EXECUTION_CREDENTIALS,
    amountGwei,
    signature: '0x',
    signatureValid: true,
    time,
    blockNumber: 1n,
    txHash: '0x',
    ...extra,
  };
}

function exit(validatorIndex: bigint, epoch: bigint, time: bigint, signature = 'good'): ExitRecord {
  return { validatorIndex, epoch, signature, time, blockNumber: 2n, txHash: '0x' };
}

function facts(deposits: DepositRecord[], exits: ExitRecord[] = []): ChainFacts {
  return { genesisTime: 0n, deposits, exits, isValidExitSignature: (e) => e.signature === 'good' };
}

/** The state at the start of `epoch`. */
const at = (f: ChainFacts, epoch: bigint) => new BeaconState(f, epoch * SLOTS);

describe('BeaconState', () => {
  it('waits for 32 ETH: a smaller deposit stays pending_initialized until a top-up completes it', () => {
    const f = facts([
      deposit(1, 100n, 16n * ETH),
      deposit(1, 30n * EPOCH, 16n * ETH, { signatureValid: false }),
    ]);
    // Slot 16 (epoch 2) is finalized at the end of epoch 3: the validator exists from epoch 4.
    expect(at(f, 3n).pendingDeposits()).toHaveLength(1);
    expect(at(f, 20n).find('0')).toMatchObject({ status: 'pending_initialized', balance: 16n * ETH });
    // The top-up of slot 240 (epoch 30) is applied at the end of epoch 31 and makes 32 ETH effective;
    // the end of 32 queues it (eligible 33), the end of 34 (33 finalized) activates it at 34 + 5.
    const later = at(f, 60n).find(pubkey(1))!;
    expect(later.status).toBe('active_ongoing');
    expect(later.activationEligibilityEpoch).toBe(33n);
    expect(later.activationEpoch).toBe(39n);
  });

  it('ignores a badly signed deposit for a new key, and lets a later valid one create the validator', () => {
    const f = facts([
      // Validity is a function of the deposit data: a bad deposit has another signature.
      deposit(1, 100n, 32n * ETH, { signatureValid: false, signature: '0xbad' }),
      deposit(2, 110n),
      deposit(1, 120n),
    ]);
    // The bad one takes epoch 3's turn (slot 16 finalized); the other two share epoch 4's 64 ETH churn.
    expect(at(f, 4n).validatorCount).toBe(0);
    expect(at(f, 4n).pendingDeposits()).toHaveLength(2);
    const state = at(f, 5n);
    expect(state.validatorCount).toBe(2);
    expect(state.find(pubkey(2))!.index).toBe(0n);
    expect(state.find(pubkey(1))).toMatchObject({ index: 1n, balance: 32n * ETH });
  });

  it('refuses exits included too early, for a future epoch, signed wrongly or for an unknown index', () => {
    // Deposit at 100 s (epoch 2): applied at the end of epoch 3, eligible at 5, active from 11, may exit from 75.
    const early = exit(0n, 10n, 72n * EPOCH);
    const future = exit(0n, 90n, 80n * EPOCH);
    const badlySigned = exit(0n, 80n, 80n * EPOCH, 'bad');
    const unknown = exit(7n, 80n, 80n * EPOCH);
    const f = facts([deposit(1, 100n)], [early, future, badlySigned, unknown]);
    expect(at(f, 100n).find('0')).toMatchObject({ status: 'active_ongoing', exitEpoch: FAR_FUTURE_EPOCH });

    const valid = facts([deposit(1, 100n)], [early, exit(0n, 80n, 80n * EPOCH)]);
    expect(at(valid, 81n).find('0')).toMatchObject({ status: 'active_exiting', exitEpoch: 85n });
    expect(at(valid, 85n).find('0')).toMatchObject({ status: 'exited_unslashed', withdrawableEpoch: 341n });
  });

  it('sweeps 0x01 validators daily and pays everything once withdrawable; 0x00 ones keep their balance', () => {
    const f = facts(
      [deposit(1, 100n), deposit(2, 100n, 32n * ETH, { withdrawalCredentials: BLS_CREDENTIALS })],
      [exit(0n, 80n, 80n * EPOCH), exit(1n, 80n, 80n * EPOCH)],
    );
    const state = at(f, 4000n);
    const swept = state.find('0')!;
    expect(swept).toMatchObject({ status: 'withdrawal_done', balance: 0n, effectiveBalance: 0n });
    const payments = state.withdrawals('0', 0n, 4000n);
    expect(payments.map((w) => w.address)).toEqual(payments.map(() => `0x${ADDRESS}`));
    const paid = payments.reduce((s, w) => s + w.amountGwei, 0n);
    expect(paid).toBe(32n * ETH + state.consensusRewards('0', 0n, 4000n));

    const kept = state.find('1')!;
    expect(kept.status).toBe('withdrawal_possible');
    expect(kept.balance).toBe(32n * ETH + state.consensusRewards('1', 0n, 4000n));
    expect(state.withdrawals('1', 0n, 4000n)).toEqual([]);
  });

  it('shows a past slot as it was: later deposits and exits are not in it', () => {
    const f = facts([deposit(1, 100n), deposit(2, 500n * EPOCH)], [exit(0n, 100n, 100n * EPOCH)]);
    const past = at(f, 90n);
    expect(past.validatorCount).toBe(1);
    expect(past.find('0')!.status).toBe('active_ongoing');
    const now = at(f, 600n);
    expect(now.validatorCount).toBe(2);
    expect(now.find('0')!.status).toBe('withdrawal_possible');
  });

  it('pays proposals every 3600 slots at a per-validator offset, only while active', () => {
    const f = facts([deposit(1, 100n), deposit(2, 100n)]);
    const state = at(f, 2000n);
    const mine = state.proposals('0', 0n, 1900n);
    const theirs = state.proposals('1', 0n, 1900n);
    expect(mine.map((p) => p.slot % 3600n)).toEqual(mine.map(() => 0n));
    expect(theirs.map((p) => (p.slot + 1297n) % 3600n)).toEqual(theirs.map(() => 0n));
    expect(mine.length + theirs.length).toBeGreaterThanOrEqual(6);
    expect(mine.every((p) => p.epoch >= 9n)).toBe(true);
    expect(state.proposerAt(mine[0]!.slot)!.index).toBe(0n);
  });
});

describe('BeaconState: 0x02 credentials and amounts other than 32 ETH (issue 25)', () => {
  const COMPOUNDING_CREDENTIALS = `0x02${'00'.repeat(11)}${ADDRESS}`;
  const compounding = (key: number, time: bigint, amountGwei: bigint) =>
    deposit(key, time, amountGwei, { withdrawalCredentials: COMPOUNDING_CREDENTIALS });

  it('activates a 64 ETH 0x02 validator with 64 ETH effective and sweeps nothing below 2048 ETH', () => {
    const f = facts([compounding(1, 100n, 64n * ETH)]);
    const state = at(f, 4000n);
    const v = state.find('0')!;
    expect(v).toMatchObject({ status: 'active_ongoing', effectiveBalance: 64n * ETH });
    expect(v.withdrawalCredentials).toBe(COMPOUNDING_CREDENTIALS);
    expect(v.balance).toBe(64n * ETH + state.consensusRewards('0', 0n, 4000n));
    expect(state.withdrawals('0', 0n, 4000n)).toEqual([]);
  });

  it('sweeps a 0x01 validator of 64 ETH down to 32 and a 0x02 one of 2050 ETH down to 2048', () => {
    const f = facts([deposit(1, 100n, 64n * ETH), compounding(2, 100n, 2050n * ETH)]);
    const state = at(f, 4000n);
    expect(state.find('0')!.effectiveBalance).toBe(32n * ETH);
    expect(state.find('0')!.balance).toBeLessThan(33n * ETH);
    const paid0 = state.withdrawals('0', 0n, 4000n).reduce((s, w) => s + w.amountGwei, 0n);
    expect(paid0).toBeGreaterThan(32n * ETH);
    expect(state.find('1')).toMatchObject({ effectiveBalance: 2048n * ETH });
    expect(state.find('1')!.balance).toBeLessThan(2049n * ETH);
    const paid1 = state.withdrawals('1', 0n, 4000n).reduce((s, w) => s + w.amountGwei, 0n);
    expect(paid1).toBeGreaterThan(2n * ETH);
  });

  it('tops a 0x02 validator up: a later deposit to its pubkey adds to its balance', () => {
    const f = facts([compounding(1, 100n, 32n * ETH), compounding(1, 200n * EPOCH, 10n * ETH)]);
    expect(at(f, 150n).find('0')!.effectiveBalance).toBe(32n * ETH);
    expect(at(f, 300n).find('0')!.effectiveBalance).toBe(42n * ETH);
    expect(at(f, 300n).validatorCount).toBe(1);
  });
});
