// The pool job against the real contracts on chain 88 (the devnet in process with every payd
// contract deployed by the deploy script) and the dev beacon node over it: registration by the
// server admin, a person's deposit of 2 validators for 64 FETH, 40 FETH queued, the exit of 2
// validators (refused by the beacon node until 64 epochs of activity, then posted), their balances
// swept into the pool (EIP-4895), the settlement that fills the queue, and one reward report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import { DepositDataPool } from '@payd/validator-keys/node';
import {
  connectSigner,
  depositFETH,
  depositMultipleValidators,
  readPoolState,
  readPoolValidators,
  type SignerConnection,
} from '@payd/protocol';
import { startLocalChain, type LocalChain } from '@payd/protocol/testing';
import { startDevBeacon, type DevBeacon } from '../../../devnet/src/beacon/devBeacon.ts';
import { openTestDatabase, startTestApp } from '../testing/testApp.ts';
import { Role } from '../framework/roles.ts';
import { makeUser } from '../testing/testUsers.ts';
import { createLiquidFeature } from './plugin.ts';
import type { PoolStateReply } from '@payd/schemas';
import type { Database } from '../db/database.ts';
import { poolRewardReport, poolValidator } from '../db/schema.ts';
import { DEV_SERVER_ADMIN_KEY, HttpBeaconClient } from '../staking/index.ts';
import { PoolKeyVault } from './poolKeyVault.ts';
import { poolNetwork } from './poolKeys.ts';
import { runPoolTick, type PoolJobDeps } from './poolJob.ts';
import { ProtocolPoolChain } from './protocolPoolChain.ts';

const ETH = 10n ** 18n;
const EPOCH = 48;
const HOUR = 3600;

// The chain, dev beacon node, database and job are shared by the tests below, which run in order.
let chain: LocalChain;
let beacon: DevBeacon;
let database: Database;
let drop: () => Promise<void>;
const signer = new DepositDataPool({ threads: 1 });
let deps: PoolJobDeps;
let person: SignerConnection;

beforeAll(async () => {
  chain = await startLocalChain();
  beacon = await startDevBeacon({
    rpcUrl: chain.devnet.url,
    depositContract: chain.deployment.addresses.depositContract!,
    port: 0,
    withdrawalIntervalMs: 0,
  });
  ({ database, drop } = await openTestDatabase('pglite'));
  deps = {
    db: database.db,
    chain: new ProtocolPoolChain({
      rpcUrl: chain.devnet.url,
      deployment: chain.deployment,
      serverAdminKey: DEV_SERVER_ADMIN_KEY,
    }),
    beacon: new HttpBeaconClient({ url: beacon.url }),
    vault: new PoolKeyVault('d'.repeat(64)),
    signer,
    network: poolNetwork(88),
    now: () => new Date(),
    availableTarget: 3,
  };
  person = await connectSigner({
    walletClient: chain.wallet(2),
    publicClient: chain.publicClient,
    deployment: chain.deployment,
  });
}, 600_000);
afterAll(async () => {
  await signer.close();
  await beacon?.close();
  await drop?.();
  await chain?.close();
});

const pool = () => readPoolState(person);
const advance = (seconds: number) => chain.devnet.chain.advanceTime(seconds);
const poolRows = () =>
  database.db
    .select({
      keyIdx: poolValidator.keyIdx,
      statusCd: poolValidator.statusCd,
      no: sql<string | null>`${poolValidator.poolValidatorNo}::text`,
      beaconStatus: poolValidator.beaconStatus,
      exitPostedOn: poolValidator.exitPostedOn,
      exitError: poolValidator.exitError,
    })
    .from(poolValidator)
    .orderBy(asc(poolValidator.keyIdx));

describe('pool job on chain 88 with the dev beacon node', { timeout: 600_000 }, () => {
  it('two runners at once register the target once, with deposit data the pool accepts', async () => {
    const ticks = await Promise.all([
      runPoolTick({ ...deps, holder: 'a' }),
      runPoolTick({ ...deps, holder: 'b' }),
    ]);
    expect(ticks.filter((t) => t.ran)).toHaveLength(1);
    const ran = ticks.find((t) => t.ran)!;
    expect(ran.steps.register).toEqual({ ok: true, result: { added: 3, generated: 3, recovered: 0 } });
    expect((await pool()).availableValidators).toBe(3n);
    expect((await pool()).validatorCount).toBe(3n);
    expect((await runPoolTick(deps)).steps.register).toMatchObject({ ok: true, result: { added: 0 } });
    expect((await pool()).validatorCount).toBe(3n);
    expect((await readPoolValidators(person, 'Added')).map((v) => v.id)).toEqual([1n, 2n, 3n]);
  });

  it('a deposit of 2 validators is followed and the pool topped up again', async () => {
    await (await depositMultipleValidators(person, 2)).waitForSuccess();
    const tick = await runPoolTick(deps);
    expect(tick.steps.register).toMatchObject({ ok: true, result: { added: 2 } });
    expect((await poolRows()).map((r) => r.statusCd)).toEqual(['S', 'S', 'A', 'A', 'A']);
    expect((await pool()).totalStakedETH).toBe(64n * ETH);
  });

  it('40 FETH queued: 2 validators exit, posted once the beacon node accepts their exits', async () => {
    await advance(8 * 60); // the dev beacon activates them
    await (await depositFETH(person, '40')).waitForSuccess();
    expect((await pool()).unfilledFETHInQueue).toBe(40n * ETH);
    const first = await runPoolTick(deps);
    expect(first.steps.exit).toEqual({ ok: true, result: [1n, 2n] });
    expect(first.steps.postExits).toEqual({ ok: true, result: { posted: 0, refused: 2 } });
    expect((await pool()).deactivatedETHInProgress).toBe(64n * ETH);
    const refused = await poolRows();
    expect(refused.slice(0, 2).map((r) => [r.statusCd, r.beaconStatus])).toEqual([
      ['X', 'active_ongoing'],
      ['X', 'active_ongoing'],
    ]);
    expect(String(refused[0]!.exitError)).toMatch(/refused by the beacon node/);

    await advance(65 * EPOCH); // SHARD_COMMITTEE_PERIOD
    const later = await runPoolTick(deps);
    expect(later.steps.exit).toEqual({ ok: true, result: [] });
    expect(later.steps.postExits).toEqual({ ok: true, result: { posted: 2, refused: 0 } });
    await advance(2 * EPOCH);
    await runPoolTick(deps);
    expect((await poolRows()).slice(0, 2).map((r) => r.beaconStatus)).toEqual([
      'active_exiting',
      'active_exiting',
    ]);
  });

  it('swept balances settle the exits and fill the queue; the rewards are reported once this period', async () => {
    await advance(4 * HOUR + 26 * HOUR); // exit epoch, withdrawable epoch, then the daily sweep
    expect(await beacon.node.payWithdrawals()).toBeGreaterThan(0);
    const before = await pool();
    expect(before.unaccountedETH).toBeGreaterThanOrEqual(64n * ETH);
    const tick = await runPoolTick(deps);
    expect(tick.steps.settle).toEqual({ ok: true, result: [1n, 2n] });
    const after = await pool();
    expect(after.deactivatedETHInProgress).toBe(0n);
    expect(after.unfilledFETHInQueue).toBe(0n);
    expect(after.claimableETH).toBe(40n * ETH);
    expect((await poolRows()).slice(0, 2).map((r) => r.statusCd)).toEqual(['E', 'E']);

    expect(tick.steps.report).toMatchObject({ ok: true, result: { reported: true } });
    const report = (tick.steps.report as { result: { stakingRewards: bigint; miningRewards: bigint } })
      .result;
    expect(report.stakingRewards).toBeGreaterThan(0n);
    expect(report.miningRewards).toBe(0n); // exited before their first block (one each 6 hours)
    expect(after.totalLifetimeStakingRewards).toBe(report.stakingRewards);
    expect(after.rewardsAvailable).toBe(0n);
    const again = await runPoolTick(deps);
    expect(again.steps.report).toMatchObject({ ok: true, result: { reported: false } });
    const reports = await database.db
      .select({ statusCd: poolRewardReport.statusCd, txHash: poolRewardReport.txHash })
      .from(poolRewardReport);
    expect(reports).toHaveLength(1);
    expect(reports[0]!.statusCd).toBe('D');
  });

  it("the app's RunPoolJob runs the same job for an operator; staff read the pool, customers cannot", async () => {
    const t = await startTestApp(
      'pglite',
      // the DATA_KEY the pool mnemonic was stored under by the runs above
      { BEACON_URL: beacon.url, RPC_URL: chain.devnet.url, CHAIN_ID: '88', DATA_KEY: 'd'.repeat(64) },
      { features: [createLiquidFeature({ chain: deps.chain, availableTarget: 4 })], database },
    );
    try {
      const operator = await makeUser(t, 'operator@payd.test', Role.operator);
      const customer = await makeUser(t, 'customer@payd.test', Role.lender);
      const run = await t.call<{ Ran: boolean; Steps: Record<string, { ok: boolean; result: unknown }> }>(
        'PoolValidator',
        'RunPoolJob',
        {},
        operator.as,
      );
      expect(run.d.status, run.d.message).toBe('success');
      expect(run.d.data!.Ran).toBe(true);
      expect(run.d.data!.Steps.register, JSON.stringify(run.d.data!.Steps)).toMatchObject({
        ok: true,
        result: { added: 1 },
      });
      expect(Object.values(run.d.data!.Steps).every((s) => s.ok)).toBe(true);
      const state = await t.call<PoolStateReply>('PoolValidator', 'GetPoolState', {}, operator.as);
      expect(state.d.data).toMatchObject({
        Available: true,
        State: { availableValidators: '4', claimableETH: '40', unfilledFETHInQueue: '0' },
        Validators: { A: 4, E: 2 },
      });
      expect(state.d.data!.Reports).toHaveLength(1);
      const denied = await t.call('PoolValidator', 'GetPoolState', {}, customer.as);
      expect(denied.d.status).not.toBe('success');
      expect(denied.d.data ?? null).toBeNull();
    } finally {
      await t.close();
    }
  });
});
