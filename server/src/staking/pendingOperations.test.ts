// The dates of a customer's pending operations from a beacon node's Electra endpoints: recorded
// answers in the beacon-APIs shapes (beacon/fixtures/README.md) served over HTTP to HttpBeaconClient.
// Mainnet values; head slot 12,800,000 (epoch 400,000), finalized 399,998; 2,244 ETH active, so the
// activation/exit churn is its minimum, 128 ETH. Each date below is worked out by hand from the spec
// rules (consensus-specs electra beacon-chain.md) and genesis 1606824023 + slot x 12 s.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getPendingOperationsReply } from '@payd/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BeaconTime, HttpBeaconClient } from './beacon/index.ts';
import type { DepositLog, DepositLogReader } from './depositLogs.ts';
import {
  datePendingOperations,
  exitEntry,
  pendingOperationsReply,
  queueEntry,
  readQueues,
} from './pendingOperations.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`./beacon/fixtures/${name}.json`, import.meta.url), 'utf8');
const ROUTES: Record<string, string> = {
  '/eth/v1/beacon/genesis': 'genesis',
  '/eth/v1/config/spec': 'spec',
  '/eth/v1/beacon/headers/head': 'headers_head',
  '/eth/v1/beacon/states/head/finality_checkpoints': 'finality_checkpoints',
  '/eth/v1/beacon/states/head/validators': 'validators',
  '/eth/v1/beacon/states/head/pending_deposits': 'pending_deposits',
  '/eth/v1/beacon/states/head/pending_partial_withdrawals': 'pending_partial_withdrawals',
  '/eth/v1/beacon/states/head/pending_consolidations': 'pending_consolidations',
  '/eth/v2/beacon/blocks/head': 'block_head',
};
const pk = (i: number) => `0x${(0xa0 + i).toString(16).repeat(48)}`;

let server: Server;
let url: string;
const served: string[] = [];
let preElectra = false;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    served.push(path);
    const name = ROUTES[path];
    const missing = !name || (preElectra && path.includes('/pending_'));
    res.writeHead(missing ? (preElectra ? 400 : 404) : 200, { 'content-type': 'application/json' });
    res.end(missing ? JSON.stringify({ code: 400, message: 'not before Electra' }) : fixture(name));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const byKind = (r: Awaited<ReturnType<typeof pendingOperationsReply>>, kind: string, key: string) =>
  r.Operations.find((o) => o.Kind === kind && o.PubKey === key);

describe('GetPendingOperations from the Electra Beacon API', () => {
  it('dates every operation of the customer’s validators, and only theirs', async () => {
    const beacon = new HttpBeaconClient({ url });
    const mine = new Set([pk(0), pk(1), pk(3), pk(4), pk(7)]);
    const reply = getPendingOperationsReply.parse(await pendingOperationsReply(beacon, null, mine));
    expect(reply.BeaconTimeUtc).toBe('2025-10-14T06:40:23.000Z');
    // Exit of 0: withdrawable 400266 (slot 12808512); the sweep (next index 6: the head block's last
    // withdrawal was validator 5's) passes all 7 validators each payload: paid in that slot.
    expect(byKind(reply, 'exit', pk(0))).toMatchObject({
      State: 'exiting',
      ExitEpoch: '400010',
      WithdrawableEpoch: '400266',
      Slot: '12808512',
      ExpectedUtc: '2025-10-15T11:02:47.000Z',
    });
    // The top-up of 1 (finalized, within the churn) is applied at the end of 400000.
    expect(byKind(reply, 'top-up', pk(1))).toMatchObject({
      State: 'queued',
      Epoch: '400001',
      AmountEth: '10.000000000',
      Position: 1,
      QueueLength: 2,
    });
    // 20 ETH partial withdrawal, withdrawable from 400300: the first payload of that epoch.
    expect(byKind(reply, 'partial-withdrawal', pk(1))).toMatchObject({
      Slot: '12809600',
      ExpectedUtc: '2025-10-15T14:40:23.000Z',
    });
    // The consolidation of 2 into 1 shows on the target's list: moved at the end of 400275.
    expect(byKind(reply, 'consolidation', pk(2))).toMatchObject({
      Epoch: '400276',
      TargetPubKey: pk(1),
      ExpectedUtc: '2025-10-15T12:06:47.000Z',
    });
    // New key 7: its block (slot 12799990, epoch 399999) is final once 400000 is (its first slot is
    // 12800000): the end of 400001 finalizes it and applies it; eligible 400003, activated 400004 + 5.
    expect(byKind(reply, 'deposit', pk(7))).toMatchObject({
      State: 'awaiting_finality',
      Epoch: '400002',
      ValidatorIndex: '7',
    });
    expect(byKind(reply, 'activation', pk(7))).toMatchObject({
      State: 'awaiting_deposit',
      Epoch: '400009',
      ExpectedUtc: '2025-10-14T07:37:59.000Z',
    });
    expect(byKind(reply, 'activation', pk(3))).toMatchObject({ State: 'scheduled', Epoch: '400005' });
    // 4 has its 32 ETH: eligible at the end of 400000 for 400001, activated at the end of 400002.
    expect(byKind(reply, 'activation', pk(4))).toMatchObject({
      Epoch: '400007',
      ExpectedUtc: '2025-10-14T07:25:11.000Z',
    });
    expect(reply.Operations.some((o) => o.PubKey === pk(5) || o.PubKey === pk(6))).toBe(false);
    expect(new Set(reply.Operations.map((o) => o.PubKey))).toEqual(
      new Set([pk(0), pk(1), pk(2), pk(3), pk(4), pk(7)]),
    );
  });

  it('reads the queues once for every caller of one head slot', async () => {
    const beacon = new HttpBeaconClient({ url });
    served.length = 0;
    await readQueues(beacon);
    await readQueues(beacon);
    expect(served.filter((p) => p.endsWith('/pending_deposits'))).toHaveLength(1);
  });

  it('dates a deposit the execution chain made that the node does not show yet at the queue’s end', async () => {
    const logs: DepositLogReader = {
      depositsOf: async (): Promise<DepositLog[]> => [
        {
          pubkey: pk(9),
          amountGwei: 32_000_000_000n,
          blockNumber: 1n,
          txHash: '0x',
          logIndex: 0,
          timestamp: new Date(),
        },
      ],
    };
    const reply = await pendingOperationsReply(new HttpBeaconClient({ url }), logs, new Set([pk(9)]));
    // Behind the two pending deposits, made at the head slot: finalized at the end of 400001 too.
    expect(reply.Operations.map((o) => [o.Kind, o.Position, o.Epoch])).toEqual([
      ['deposit', 3, '400002'],
      ['activation', null, '400009'],
    ]);
  });

  it('reads a node before Electra as having empty queues', async () => {
    preElectra = true;
    try {
      const q = await new HttpBeaconClient({ url }).getQueues();
      expect([q.pendingDeposits, q.pendingPartialWithdrawals, q.pendingConsolidations]).toEqual([[], [], []]);
      expect(q.validators).toHaveLength(7);
    } finally {
      preElectra = false;
    }
  });
});

describe('SyncValidators’ Queue and Exits by the same rules', () => {
  it('gives the chain’s activation epoch once set, else the estimate with the place in the deposit queue', async () => {
    const dates = await datePendingOperations(new HttpBeaconClient({ url }));
    expect(queueEntry(dates, pk(3))).toMatchObject({
      Position: null,
      Scheduled: true,
      ActivationEpoch: '400005',
    });
    expect(queueEntry(dates, pk(7))).toEqual({
      PubKey: pk(7),
      Position: 2,
      QueueLength: 2,
      ActivationEpoch: '400009',
      Scheduled: false,
      ActivationUtc: '2025-10-14T07:37:59.000Z',
    });
    expect(queueEntry(dates, pk(5))).toBeNull();
  });

  it('names each step of an exit, expects the ETH when the sweep pays it, and has no date once paid', async () => {
    const beacon = new HttpBeaconClient({ url });
    const dates = await datePendingOperations(beacon);
    const time = new BeaconTime(await beacon.getGenesis(), await beacon.getSpec());
    const [v0, , , , , v5, v6] = (await beacon.getQueues()).validators;
    expect(exitEntry(v0!, dates, time)).toEqual({
      PubKey: pk(0),
      ValidatorIndex: '0',
      State: 'exiting',
      ExitEpoch: '400010',
      ExitUtc: '2025-10-14T07:44:23.000Z',
      WithdrawableEpoch: '400266',
      WithdrawableUtc: '2025-10-15T11:02:47.000Z',
      EthExpectedUtc: '2025-10-15T11:02:47.000Z',
    });
    expect(exitEntry(v6!, dates, time)).toMatchObject({ State: 'withdrawn', EthExpectedUtc: null });
    expect(exitEntry(v5!, dates, time)).toBeNull();
    expect(exitEntry(v0!, null, time)?.EthExpectedUtc).toBeNull(); // the queues could not be read
  });
});
