// A new validator's deposit the beacon chain dropped (droppedDeposits.ts): told only when the node's
// served queue no longer holds it after its slot was finalized and no registry read holds its pubkey.
import { describe, expect, it } from 'vitest';
import {
  BeaconTime,
  type BeaconClient,
  type BeaconQueues,
  type BeaconSpec,
  type BeaconValidator,
} from './beacon/index.ts';
import type { DepositLog } from './depositLogs.ts';
import { droppedDeposits } from './droppedDeposits.ts';
import { readDropped } from './syncValidators.ts';

const GWEI = 1_000_000_000n;
const SPEC: BeaconSpec = {
  secondsPerSlot: 12n,
  slotsPerEpoch: 32n,
  genesisForkVersion: '0x00000000',
  capellaForkVersion: '0x03000000',
  depositChainId: 88n,
  depositContractAddress: `0x${'00'.repeat(20)}`,
  values: { ELECTRA_FORK_EPOCH: '2' },
};
const GENESIS = new Date('2026-06-01T00:00:00Z');
const TIME = new BeaconTime(
  { genesisTime: GENESIS, genesisValidatorsRoot: '0x', genesisForkVersion: '0x' },
  SPEC,
);
const key = (n: number) => `0x${n.toString(16).padStart(2, '0').repeat(48)}`;

/** A deposit log of pubkey `n` made in the block of `slot`. */
const log = (n: number, slot: bigint, logIndex = 0, eth = 32n): DepositLog => ({
  pubkey: key(n),
  amountGwei: eth * GWEI,
  blockNumber: slot,
  txHash: `0x${slot.toString(16).padStart(64, '0')}`,
  logIndex,
  timestamp: TIME.slotStart(slot),
});

const validator = (n: number, index: bigint): BeaconValidator => ({
  index,
  pubkey: key(n),
  status: 'pending_initialized',
  balanceGwei: 32n * GWEI,
  effectiveBalanceGwei: 32n * GWEI,
  withdrawalCredentials: `0x02${'00'.repeat(11)}${'11'.repeat(20)}`,
  slashed: false,
  activationEligibilityEpoch: null,
  activationEpoch: null,
  exitEpoch: null,
  withdrawableEpoch: null,
});

/** The head at epoch 20, finalized epoch 10 (slot 320). */
const queues = (o: Partial<BeaconQueues> = {}): BeaconQueues => ({
  headSlot: 640n,
  finalizedEpoch: 10n,
  validators: [],
  pendingDeposits: [],
  pendingDepositsServed: true,
  pendingPartialWithdrawals: [],
  pendingConsolidations: [],
  headWithdrawals: null,
  ...o,
});

const queued = (l: DepositLog) => ({
  pubkey: l.pubkey,
  withdrawalCredentials: `0x02${'00'.repeat(31)}`,
  amountGwei: l.amountGwei,
  slot: TIME.slotAt(l.timestamp),
});

describe('droppedDeposits', () => {
  const finalized = log(1, 300n);
  it('a finalized deposit gone from the queue with no validator of its pubkey was dropped', () => {
    expect(droppedDeposits(queues(), SPEC, TIME, [finalized])).toEqual([finalized]);
    // Its slot is the finalized checkpoint's first slot: processable, so gone means processed.
    const edge = log(2, 320n);
    expect(droppedDeposits(queues(), SPEC, TIME, [edge])).toEqual([edge]);
  });

  it('not while the queue holds it, its slot is not finalized, or the registry holds its pubkey', () => {
    expect(
      droppedDeposits(queues({ pendingDeposits: [queued(finalized)] }), SPEC, TIME, [finalized]),
    ).toEqual([]);
    expect(droppedDeposits(queues(), SPEC, TIME, [log(1, 321n)])).toEqual([]);
    expect(droppedDeposits(queues({ validators: [validator(1, 7n)] }), SPEC, TIME, [finalized])).toEqual([]);
  });

  it('nothing when the node does not serve pending_deposits, nor for a deposit made before Electra', () => {
    expect(droppedDeposits(queues({ pendingDepositsServed: false }), SPEC, TIME, [finalized])).toEqual([]);
    expect(droppedDeposits(queues(), SPEC, TIME, [log(1, 63n)])).toEqual([]);
    expect(droppedDeposits(queues(), { ...SPEC, values: {} }, TIME, [finalized])).toEqual([]);
  });

  it('each queue entry accounts for one log: of the same deposit sent twice, one left the queue', () => {
    const twice = [log(1, 300n, 0), log(1, 300n, 1)];
    expect(droppedDeposits(queues({ pendingDeposits: [queued(twice[0]!)] }), SPEC, TIME, twice)).toEqual([
      twice[1],
    ]);
  });
});

describe('readDropped', () => {
  /** A node whose queues are `q` and whose registry, read after them, holds `later`. */
  const node = (q: BeaconQueues, later: BeaconValidator[]) =>
    ({
      getHeadSlot: async () => q.headSlot,
      getQueues: async () => q,
      getValidators: async (ids: readonly string[]) => later.filter((v) => ids.includes(v.pubkey)),
    }) as unknown as BeaconClient;
  const view = { spec: SPEC, time: TIME, head: 640n, headEpoch: 20n, byKey: new Map(), onChain: 0 };

  it('believes a dropped deposit only when a registry read after the queues still lacks its pubkey', async () => {
    const deposits = [log(1, 300n), log(2, 300n)];
    // The head moved between the node's reads: 2's deposit made a validator after the registry was read.
    const dropped = await readDropped(node(queues(), [validator(2, 9n)]), view, deposits);
    expect(dropped).toEqual([deposits[0]]);
  });

  it('leaves out the validators the sync already saw in the registry', async () => {
    const seen = { ...view, byKey: new Map([[key(1), validator(1, 7n)]]) };
    expect(await readDropped(node(queues(), []), seen, [log(1, 300n)])).toEqual([]);
  });
});
