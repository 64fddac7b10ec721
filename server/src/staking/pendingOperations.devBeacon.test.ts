// The dates against the dev beacon node, which runs the Electra epoch processing over chain 88
// (devnet/src/beacon): a 0x02 validator's deposit and its top-up are dated at the head, the node is
// then run epoch by epoch, and each date is what the node does. The dates do not move while the
// queue moves as expected.
import { createDepositData } from '@payd/validator-keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBeaconTestbed, type BeaconTestbed } from '../../../devnet/src/beacon/testing.ts';
import { HttpBeaconClient } from './beacon/index.ts';
import { datePendingOperations } from './pendingOperations.ts';

const MNEMONIC =
  'legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth useful ' +
  'legal winner thank year wave sausage worth title';
const ETH = 1_000_000_000n;
const EPOCH_SECONDS = 48;
const deposit = (amountGwei: bigint) =>
  createDepositData({
    mnemonic: MNEMONIC,
    startIndex: 0,
    count: 1,
    withdrawalAddress: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
    network: 'payd-devnet',
    kind: '0x02',
    amountGwei,
  })[0]!;

let tb: BeaconTestbed;
let beacon: HttpBeaconClient;
const pubkey = `0x${deposit(64n * ETH).pubkey}`;

const dated = async (kind: string) =>
  (await datePendingOperations(beacon)).operations.find((o) => o.kind === kind && o.pubkey === pubkey);
const me = async () => (await beacon.getValidators([pubkey]))[0];
const headEpoch = async () => (await beacon.getHeadSlot()) / 8n;

describe('pending dates on the dev beacon node', () => {
  beforeAll(async () => {
    tb = await startBeaconTestbed();
    beacon = new HttpBeaconClient({ url: tb.beacon.url });
  }, 120_000);
  afterAll(async () => {
    await tb?.close();
  }, 60_000);

  it(
    'dates a deposit and the activation it leads to as the node then does them',
    { timeout: 120_000 },
    async () => {
      await tb.advance(3 * EPOCH_SECONDS);
      await tb.deposit(deposit(64n * ETH));
      const credited = (await dated('deposit'))!.epoch!;
      const activation = (await dated('activation'))!.epoch!;
      while ((await headEpoch()) < activation) {
        // Each epoch the dates stay what they were at the deposit.
        expect((await dated('activation'))?.epoch ?? (await me())!.activationEpoch).toBe(activation);
        const epoch = await headEpoch();
        const v = await me();
        expect(v !== undefined).toBe(epoch >= credited);
        await tb.advance(EPOCH_SECONDS);
      }
      const v = (await me())!;
      expect(v.activationEpoch).toBe(activation);
      expect(v.status).toBe('active_ongoing');
      expect(v.effectiveBalanceGwei).toBe(64n * ETH);
    },
  );

  it('dates a top-up as the node credits it', { timeout: 120_000 }, async () => {
    const before = (await me())!.balanceGwei;
    await tb.deposit(deposit(10n * ETH));
    const topUp = (await dated('top-up'))!;
    expect(topUp).toMatchObject({ amount: 10n * ETH, state: 'awaiting_finality' });
    while ((await headEpoch()) < topUp.epoch! - 1n) {
      expect((await dated('top-up'))?.epoch).toBe(topUp.epoch);
      await tb.advance(EPOCH_SECONDS);
    }
    expect((await me())!.balanceGwei - before).toBeLessThan(10n * ETH); // not yet
    await tb.advance(EPOCH_SECONDS);
    expect(await headEpoch()).toBe(topUp.epoch);
    expect((await me())!.balanceGwei - before).toBeGreaterThanOrEqual(10n * ETH);
    expect(await dated('top-up')).toBeUndefined();
  });
});
