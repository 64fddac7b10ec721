import { createDepositData, deriveValidatorKeys, NETWORKS, signVoluntaryExit } from '@payd/validator-keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The embedded default's dev beacon node over a real in-process chain 88 (devnet's test bed).
import { startBeaconTestbed, type BeaconTestbed } from '../../../../devnet/src/beacon/testing.ts';
import { BeaconApiError, BeaconTime } from './beaconClient.ts';
import { HttpBeaconClient } from './httpBeaconClient.ts';
import { statusCodeOf } from './validatorStatus.ts';

const MNEMONIC =
  'legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth useful ' +
  'legal winner thank year wave sausage worth title';
const WITHDRAWAL_ADDRESS = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const EPOCH = 48;
const DAY = 86_400;

let tb: BeaconTestbed;
let client: HttpBeaconClient;
let pubkeys: string[];

const codes = async () =>
  (await client.getValidators(pubkeys)).map((v) => [v.index, statusCodeOf(v.status)] as const);

describe('HttpBeaconClient against the dev beacon node', () => {
  beforeAll(async () => {
    tb = await startBeaconTestbed();
    client = new HttpBeaconClient({ url: tb.beacon.url, idsPerRequest: 1 });
    const entries = createDepositData({
      mnemonic: MNEMONIC,
      startIndex: 0,
      count: 2,
      withdrawalAddress: WITHDRAWAL_ADDRESS,
      network: 'payd-devnet',
    });
    pubkeys = entries.map((e) => `0x${e.pubkey}`);
    for (const entry of entries) await tb.deposit(entry);
  }, 120_000);

  afterAll(async () => {
    await tb?.close();
  }, 60_000);

  genesisAndDepositCases();
  exitCases();
});

function genesisAndDepositCases(): void {
  it('reads the genesis and spec that exits must be signed for', { timeout: 30_000 }, async () => {
    const devnet = NETWORKS['payd-devnet'];
    const genesis = await client.getGenesis();
    expect(genesis.genesisValidatorsRoot).toBe(`0x${devnet.genesisValidatorsRoot}`);
    expect(genesis.genesisForkVersion).toBe(`0x${devnet.genesisForkVersion}`);
    const block0 = await tb.client.getBlock({ blockNumber: 0n });
    expect(genesis.genesisTime.getTime()).toBe(Number(block0.timestamp) * 1000);
    const spec = await client.getSpec();
    expect(spec).toMatchObject({
      secondsPerSlot: 6n,
      slotsPerEpoch: 8n,
      capellaForkVersion: `0x${devnet.capellaForkVersion}`,
      depositChainId: 88n,
      depositContractAddress: tb.depositContract,
    });
  });

  it(
    'follows deposits to code 2 and 3 with activation times, growing balances and rewards',
    { timeout: 60_000 },
    async () => {
      // Electra: the deposits wait in pending_deposits until finality; the registry has none yet.
      expect(await codes()).toEqual([]);
      expect((await client.getQueues()).pendingDeposits.map((d) => d.pubkey)).toEqual(pubkeys);
      const unknown = `0x${'a1'.repeat(48)}`;
      expect(await client.getValidators([unknown])).toEqual([]);

      await tb.advance(3 * EPOCH);
      expect((await codes()).map(([index]) => index)).toEqual([0n, 1n]);
      await tb.advance(3 * EPOCH);
      const [queued] = await client.getValidators([pubkeys[0]!]);
      expect(statusCodeOf(queued!.status)).toBe('2');
      const time = new BeaconTime(await client.getGenesis(), await client.getSpec());
      const activationTime = time.epochStart(queued!.activationEpoch!);
      expect(activationTime.getTime()).toBeGreaterThan(time.slotStart(await client.getHeadSlot()).getTime());

      await tb.advance(10 * EPOCH);
      expect(await codes()).toEqual([
        [0n, '3'],
        [1n, '3'],
      ]);
      const balances = await client.getValidatorBalances(['0', '1']);
      expect(balances.get(0n)! > 32_000_000_000n).toBe(true);

      await tb.advance(DAY);
      const from = queued!.activationEpoch!;
      const [rewards] = await client.getRewards(['0'], { fromEpoch: from, toEpoch: from + 1800n });
      expect(rewards!.consensusGwei).toBe(1800n * 1458n);
      expect(rewards!.proposals).toHaveLength(4);
      expect(rewards!.executionFeesGwei).toBe(4n * 90_000n);
      expect(rewards!.mevGwei).toBe(4n * 130_000n);
      expect(rewards!.withdrawals.map((w) => w.address)).toEqual([WITHDRAWAL_ADDRESS]);

      // A node without payd's rewards index: the standard per-epoch attestation rewards add up the same.
      const standard = new HttpBeaconClient({ url: tb.beacon.url, rewards: 'standard' });
      const range = { fromEpoch: from + 10n, toEpoch: from + 13n };
      const [fromStandard] = await standard.getRewards(['0'], range);
      const [fromPayd] = await client.getRewards(['0'], range);
      expect(fromStandard!.consensusGwei).toBe(fromPayd!.consensusGwei);
      await expect(standard.getRewards(['0'], { fromEpoch: 0n, toEpoch: 1000n })).rejects.toThrow(
        /at most 225/,
      );
    },
  );
}

function exitCases(): void {
  it(
    'submits a signed exit (code 4, then 7, then 6) and reports a rejected one',
    { timeout: 60_000 },
    async () => {
      const epoch = (await client.getHeadSlot()) / 8n;
      const bad = signVoluntaryExit({
        secretKey: deriveValidatorKeys(MNEMONIC, 1).signingKey,
        validatorIndex: 0,
        epoch,
        network: 'payd-devnet',
      });
      const rejection = await client.submitVoluntaryExit(bad).catch((e: unknown) => e);
      expect(rejection).toBeInstanceOf(BeaconApiError);
      expect(rejection).toMatchObject({ status: 400, message: 'Invalid voluntary exit: invalid signature' });

      const exit = signVoluntaryExit({
        secretKey: deriveValidatorKeys(MNEMONIC, 0).signingKey,
        validatorIndex: 0,
        epoch,
        network: 'payd-devnet',
      });
      await client.submitVoluntaryExit(exit);
      expect(await codes()).toEqual([
        [0n, '4'],
        [1n, '3'],
      ]);
      await tb.advance(6 * EPOCH);
      expect((await codes())[0]).toEqual([0n, '7']);
      await tb.advance(256 * EPOCH + DAY);
      expect((await codes())[0]).toEqual([0n, '6']);
      const [withdrawn] = await client.getValidators(['0']);
      expect(withdrawn).toMatchObject({ balanceGwei: 0n, status: 'withdrawal_done' });
      expect(withdrawn!.exitEpoch).not.toBeNull();
    },
  );

  it('reports an unreachable node as status 0', async () => {
    const nowhere = new HttpBeaconClient({ url: 'http://127.0.0.1:9', timeoutMs: 2000 });
    await expect(nowhere.getHeadSlot()).rejects.toMatchObject({ name: 'BeaconApiError', status: 0 });
  });
}
