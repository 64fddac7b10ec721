import { describe, expect, it } from 'vitest';
import { BeaconState, type ChainFacts, type DepositRecord } from './beaconState.ts';
import {
  decodeExecutionReward,
  encodeExecutionReward,
  executionRewardKey,
  executionRewardsDue,
  feeRecipientOf,
} from './executionRewards.ts';

const ETH = 1_000_000_000n;
const SLOTS = 8n;
const ADDRESS = `0x${'ab'.repeat(20)}`;
const pubkey = (n: number) => `0x${n.toString(16).padStart(96, '0')}`;

function deposit(key: number, credentials: string): DepositRecord {
  return {
    pubkey: pubkey(key),
    withdrawalCredentials: credentials,
    amountGwei: 32n * ETH,
    signature: '0x',
    signatureValid: true,
    time: 100n,
    blockNumber: 1n,
    txHash: '0x',
  };
}

const facts = (deposits: DepositRecord[]): ChainFacts => ({
  genesisTime: 0n,
  deposits,
  exits: [],
  isValidExitSignature: () => true,
});

const executionCredentials = `0x01${'00'.repeat(11)}${ADDRESS.slice(2)}`;
const blsCredentials = `0x00${'11'.repeat(31)}`;

describe('execution-layer rewards of the dev beacon', () => {
  it('takes the fee recipient from execution credentials, and none from BLS credentials', () => {
    expect(feeRecipientOf(executionCredentials)).toBe(ADDRESS);
    expect(feeRecipientOf(`0x02${executionCredentials.slice(4)}`)).toBe(ADDRESS);
    expect(feeRecipientOf(blsCredentials)).toBeNull();
  });

  it('pays each proposal of an ended slot to the fee recipient, every 3600 slots, in slot order', () => {
    const f = facts([deposit(1, executionCredentials), deposit(2, executionCredentials)]);
    // Activation at epoch 6 (eligible at 1, +5); three days of slots.
    const state = new BeaconState(f, 3n * 14_400n);
    const due = executionRewardsDue(state);
    const byValidator = (i: bigint) => due.filter((r) => r.validatorIndex === i);
    // Validator 0 proposes at slots ≡ 0 (mod 3600), validator 1 at slots ≡ 3600 − 1297.
    expect(byValidator(0n).map((r) => r.slot)).toEqual(
      Array.from({ length: 11 }, (_, k) => 3600n * BigInt(k + 1)),
    );
    expect(byValidator(1n)[0]!.slot).toBe(2303n);
    expect(due.map((r) => r.slot)).toEqual([...due.map((r) => r.slot)].sort((a, b) => (a < b ? -1 : 1)));
    expect(due.every((r) => r.feeRecipient === ADDRESS && r.epoch === r.slot / SLOTS)).toBe(true);
    expect(due[0]).toMatchObject({ feesGwei: 90_000n, mevGwei: 130_000n });
    // The slot the state is at has not ended: its proposal is not due yet.
    expect(executionRewardsDue(new BeaconState(f, 3600n)).map((r) => r.slot)).toEqual([2303n]);
    expect(executionRewardsDue(new BeaconState(f, 3601n)).map((r) => r.slot)).toEqual([2303n, 3600n]);
  });

  it('pays nobody for a validator with BLS credentials, and nothing before activation', () => {
    const f = facts([deposit(1, blsCredentials)]);
    expect(executionRewardsDue(new BeaconState(f, 20_000n))).toEqual([]);
    expect(
      executionRewardsDue(new BeaconState(facts([deposit(1, executionCredentials)]), 5n * SLOTS)),
    ).toEqual([]);
  });

  it('reads back only a record whose value is its fees plus its MEV', () => {
    const reward = {
      slot: 3600n,
      validatorIndex: 0n,
      feeRecipient: ADDRESS,
      feesGwei: 90_000n,
      mevGwei: 130_000n,
    };
    const data = encodeExecutionReward(reward);
    const topic = (wei: bigint) => [`0x${wei.toString(16).padStart(64, '0')}`] as [`0x${string}`];
    const decoded = decodeExecutionReward({ data, topics: topic(220_000n * ETH) });
    expect(decoded).toEqual(reward);
    expect(executionRewardKey(decoded!)).toBe(executionRewardKey(reward));
    expect(decodeExecutionReward({ data, topics: topic(90_000n * ETH) })).toBeNull();
    expect(decodeExecutionReward({ data: '0x1234', topics: topic(0n) })).toBeNull();
  });
});
