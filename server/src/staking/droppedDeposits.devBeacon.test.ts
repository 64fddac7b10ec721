// Dropped deposits against the dev beacon node, which runs Electra's process_pending_deposits over
// chain 88 (devnet/src/beacon): a deposit signed for another network (its signature does not verify
// on payd-devnet) is dropped once finalized while a valid one makes a validator; the sync's reading
// (readDropped over the deposit contract's logs and the node's queues) tells the first and only it,
// and nothing before the node processed them.
import { createDepositData } from '@payd/validator-keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBeaconTestbed, type BeaconTestbed } from '../../../devnet/src/beacon/testing.ts';
import { HttpBeaconClient } from './beacon/index.ts';
import { RpcDepositLogReader } from './depositLogs.ts';
import { readBeacon, readDropped } from './syncValidators.ts';

const MNEMONIC =
  'legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth useful ' +
  'legal winner thank year wave sausage worth title';
const EPOCH_SECONDS = 48;
const entry = (startIndex: number, network: 'payd-devnet' | 'hoodi') =>
  createDepositData({
    mnemonic: MNEMONIC,
    startIndex,
    count: 1,
    withdrawalAddress: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
    network,
  })[0]!;

let tb: BeaconTestbed;
let beacon: HttpBeaconClient;

describe('dropped deposits on the dev beacon node', () => {
  beforeAll(async () => {
    tb = await startBeaconTestbed();
    beacon = new HttpBeaconClient({ url: tb.beacon.url });
  }, 120_000);
  afterAll(async () => {
    await tb?.close();
  }, 60_000);

  it(
    'tells the deposit whose signature does not verify once the node processed it, not the valid one',
    { timeout: 120_000 },
    async () => {
      const valid = entry(0, 'payd-devnet');
      const invalid = entry(1, 'hoodi');
      await tb.deposit(valid);
      await tb.deposit(invalid);
      const pubkeys = [`0x${valid.pubkey}`, `0x${invalid.pubkey}`];
      const spec = await beacon.getSpec();
      const reader = new RpcDepositLogReader({ client: tb.client });
      const dropped = async () => {
        const view = await readBeacon(beacon, pubkeys);
        const logs = await reader.depositsOf(spec.depositContractAddress as `0x${string}`, new Set(pubkeys));
        expect(logs.map((l) => l.pubkey)).toEqual(pubkeys);
        return { view, dropped: (await readDropped(beacon, view, logs)).map((l) => l.pubkey) };
      };
      // In pending_deposits, not finalized: nothing is judged.
      expect((await dropped()).dropped).toEqual([]);
      let seen = await dropped();
      for (let i = 0; i < 12 && !seen.view.byKey.has(pubkeys[0]!); i++) {
        expect(seen.dropped).toEqual([]);
        await tb.advance(EPOCH_SECONDS);
        seen = await dropped();
      }
      // The node processed both in the same epoch: the valid one is registered, the other made nothing.
      expect([...seen.view.byKey.keys()]).toEqual([pubkeys[0]]);
      expect(seen.dropped).toEqual([pubkeys[1]]);
      const q = await beacon.getQueues();
      expect(q.pendingDepositsServed).toBe(true);
      expect(q.pendingDeposits).toEqual([]);
    },
  );
});
