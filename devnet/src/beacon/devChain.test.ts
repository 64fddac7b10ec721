// The epoch-by-epoch run of the dev chain: its cache of boundary states gives the same states as a
// fresh run, facts added later (as chain 88 moves on) are taken in, and a request in the facts is
// applied at its block's slot.
import { describe, expect, it } from 'vitest';
import {
  BeaconState,
  type ChainFacts,
  type DepositRecord,
  type OfflineRecord,
  type RequestRecord,
} from './beaconState.ts';
import { ATTESTATION_REWARD_GWEI } from './config.ts';

const ETH = 1_000_000_000n;
const EPOCH = 48n;
const ADDRESS = 'ab'.repeat(20);
const pubkey = (n: number) => `0x${n.toString(16).padStart(96, '0')}`;
const deposit = (key: number, time: bigint, prefix = '01', amountGwei = 32n * ETH): DepositRecord => ({
  pubkey: pubkey(key),
  withdrawalCredentials: `0x${prefix}${'00'.repeat(11)}${ADDRESS}`,
  amountGwei,
  signature: `0x${key}`,
  signatureValid: true,
  time,
  blockNumber: time,
  txHash: '0x',
});
const facts = (
  deposits: DepositRecord[],
  requests: RequestRecord[] = [],
  offline: OfflineRecord[] = [],
): ChainFacts => ({
  genesisTime: 0n,
  deposits,
  exits: [],
  requests,
  offline,
  isValidExitSignature: () => true,
});
const json = (s: BeaconState) =>
  JSON.stringify([s.validators(), s.withdrawalsInOrder(), s.pendingDeposits()], (_, v: unknown) =>
    typeof v === 'bigint' ? v.toString() : v,
  );

describe('DevChain', () => {
  it('answers a past slot of a long run as a fresh run does', () => {
    const deposits = [deposit(1, 100n), deposit(2, 100n, '02', 64n * ETH), deposit(3, 900n * EPOCH)];
    const warm = facts(deposits);
    new BeaconState(warm, 3000n * 8n);
    for (const epoch of [0n, 5n, 700n, 901n, 1799n, 2500n])
      expect(json(new BeaconState(warm, epoch * 8n + 3n))).toBe(
        json(new BeaconState(facts([...deposits]), epoch * 8n + 3n)),
      );
  });

  it('takes in facts added after a state was computed, from their time on', () => {
    const deposits = [deposit(1, 100n)];
    const live = facts(deposits);
    expect(new BeaconState(live, 400n * 8n).validatorCount).toBe(1);
    deposits.push(deposit(2, 300n * EPOCH));
    const after = new BeaconState(facts(deposits), 400n * 8n);
    expect(after.validatorCount).toBe(2);
    expect(json(after)).toBe(json(new BeaconState(facts([...deposits]), 400n * 8n)));
  });

  it('applies an exit request in the facts at its block, through the exit churn', () => {
    const request: RequestRecord = {
      sourceAddress: `0x${ADDRESS}`,
      validatorPubkey: pubkey(1),
      amount: 0n,
      time: 100n * EPOCH + 10n,
      blockNumber: 9n,
    };
    const f = facts([deposit(1, 100n)], [request]);
    // Active from epoch 11 (applied at the end of 3, eligible at 5, activated at the end of 6 + 5); 64 epochs later it may exit.
    expect(new BeaconState(f, 100n * 8n).find('0')!.exitEpoch).toBe(2n ** 64n - 1n);
    expect(new BeaconState(f, 100n * 8n + 2n).find('0')).toMatchObject({
      status: 'active_exiting',
      exitEpoch: 105n,
      withdrawableEpoch: 361n,
    });
  });

  it('a validator stopped with the offline switch pays the missed penalties until it is started again', () => {
    // Active from epoch 11. Stopped within epoch 20, started again within epoch 25.
    const stop = (epoch: bigint, offline: boolean, block: bigint): OfflineRecord => ({
      validatorIndex: 0n,
      offline,
      time: epoch * EPOCH + 5n,
      blockNumber: block,
    });
    const f = facts([deposit(1, 100n), deposit(2, 100n)], [], [stop(20n, true, 7n), stop(25n, false, 8n)]);
    const state = new BeaconState(f, 30n * 8n);
    const earned =
      ATTESTATION_REWARD_GWEI.head + ATTESTATION_REWARD_GWEI.target + ATTESTATION_REWARD_GWEI.source;
    const penalty = ATTESTATION_REWARD_GWEI.target + ATTESTATION_REWARD_GWEI.source;
    expect(state.consensusRewards('0', 15n, 20n)).toBe(5n * earned);
    expect(state.consensusRewards('0', 20n, 25n)).toBe(-5n * penalty);
    expect(state.consensusRewards('0', 25n, 30n)).toBe(5n * earned);
    expect(state.attestationRewards('0', 22n)).toEqual({
      head: 0n,
      target: -ATTESTATION_REWARD_GWEI.target,
      source: -ATTESTATION_REWARD_GWEI.source,
    });
    expect(state.attestedIn('0', 22n)).toBe(false);
    // The other validator is not touched, and the balance shows the penalties.
    expect(state.consensusRewards('1', 20n, 25n)).toBe(5n * earned);
    expect(state.find('1')!.balance - state.find('0')!.balance).toBe(5n * (earned + penalty));
    expect(state.isOffline('0')).toBe(false);
    expect(new BeaconState(f, 22n * 8n).isOffline('0')).toBe(true);
  });
});
