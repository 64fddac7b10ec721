// The pool job's decisions on PGlite and PostgreSQL, against an in-memory ValidatorPool and beacon
// node that keep the contract's rules (testPool.ts); poolJob.chain.test.ts runs it on chain 88.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { DepositDataPool } from '@payd/validator-keys/node';
import { getNetwork, verifyVoluntaryExit } from '@payd/validator-keys';
import { openTestDatabase, testDatabaseKinds } from '../testing/testApp.ts';
import type { Database } from '../db/database.ts';
import { poolKey, poolRewardReport, poolValidator } from '../db/schema.ts';
import { PoolKeyVault } from './poolKeyVault.ts';
import { runPoolTick, type PoolJobDeps } from './poolJob.ts';
import { registerPoolValidators } from './registration.ts';
import { validatorsToExit } from './exits.ts';
import { VALIDATOR_WEI } from './poolChain.ts';
import { TestBeacon, TestPoolChain } from '../testing/testPool.ts';

const ETH = 10n ** 18n;

/** A pool_validator row as the tests read it (`no`: the pool's id as text). */
interface PoolRow {
  keyIdx: number;
  pubKey: string;
  statusCd: string;
  no: string | null;
  exitPostedOn: Date | null;
  exitError: string | null;
  settledOn: Date | null;
}

/** What each test of the pool job works with: a fresh pool, beacon node and job dependencies. */
interface PoolJobFixture {
  database: Database;
  chain: TestPoolChain;
  beacon: TestBeacon;
  deps: PoolJobDeps;
  /** The pool_validator rows, by key index. */
  poolRows: () => Promise<PoolRow[]>;
  /** The pool's validators deposited by a depositor and active on the beacon chain. */
  stakeAndActivate: (n: number) => Promise<void>;
}

/** Opens the database of `kind` for a describe block and gives each test a fresh pool and job. */
function usePoolJobFixture(kind: (typeof testDatabaseKinds)[number]): PoolJobFixture {
  const f = {} as PoolJobFixture;
  let drop: () => Promise<void>;
  const signer = new DepositDataPool({ threads: 1 });

  beforeAll(async () => {
    let database: Database;
    ({ database, drop } = await openTestDatabase(kind));
    f.database = database;
  });
  afterAll(async () => {
    await signer.close();
    await drop?.();
  });
  beforeEach(async () => {
    await f.database.db.execute(
      sql`TRUNCATE pool_validator, pool_reward_report, pool_job_lease, pool_key RESTART IDENTITY`,
    );
    const chain = new TestPoolChain();
    f.chain = chain;
    f.beacon = new TestBeacon(chain.address);
    f.deps = {
      db: f.database.db,
      chain,
      beacon: f.beacon,
      vault: new PoolKeyVault('k'.repeat(64)),
      signer,
      network: getNetwork(88),
      now: () => new Date(),
      availableTarget: 3,
    };
  });
  f.poolRows = async () =>
    f.database.db
      .select({
        keyIdx: poolValidator.keyIdx,
        pubKey: poolValidator.pubKey,
        statusCd: poolValidator.statusCd,
        no: sql<string | null>`${poolValidator.poolValidatorNo}::text`,
        exitPostedOn: poolValidator.exitPostedOn,
        exitError: poolValidator.exitError,
        settledOn: poolValidator.settledOn,
      })
      .from(poolValidator)
      .orderBy(asc(poolValidator.keyIdx));
  f.stakeAndActivate = async (n: number) => {
    f.chain.stake(n);
    for (const v of f.chain.validators.filter((x) => x.status === 'Staked'))
      f.beacon.set(v.pubkey, 'active_ongoing');
    await runPoolTick(f.deps);
  };
  return f;
}

describe.each(testDatabaseKinds)('pool job on %s: registration', { timeout: 60_000 }, (kind) => {
  const f = usePoolJobFixture(kind);

  it('tops the pool up to the target with keys whose credentials name the pool, and only once', async () => {
    const first = await runPoolTick(f.deps);
    expect(first.ran).toBe(true);
    expect(first.steps.register).toEqual({ ok: true, result: { added: 3, generated: 3, recovered: 0 } });
    const made = await f.poolRows();
    expect(made.map((r) => [r.keyIdx, r.statusCd, r.no])).toEqual([
      [0, 'A', '1'],
      [1, 'A', '2'],
      [2, 'A', '3'],
    ]);
    const [stored] = await f.database.db
      .select({ depositJson: poolValidator.depositJson })
      .from(poolValidator)
      .where(eq(poolValidator.keyIdx, 0));
    const entry = JSON.parse(stored!.depositJson) as Record<string, unknown>;
    expect(entry).toMatchObject({
      withdrawal_credentials: `01${'00'.repeat(11)}${f.chain.address.slice(2)}`,
      amount: 32_000_000_000,
      fork_version: '10000058',
    });
    // The mnemonic is kept encrypted, never in clear.
    const [key] = await f.database.db.select({ mnemonicEnc: poolKey.mnemonicEnc }).from(poolKey);
    expect(key!.mnemonicEnc).toMatch(/^v1:/);

    const again = await runPoolTick(f.deps);
    expect(again.steps.register).toEqual({ ok: true, result: { added: 0, generated: 0, recovered: 0 } });
    expect(f.chain.validators).toHaveLength(3);

    f.chain.stake(2); // a depositor takes two: the next run adds two more, at the next key indices
    await runPoolTick(f.deps);
    expect((await f.poolRows()).map((r) => [r.keyIdx, r.statusCd])).toEqual([
      [0, 'S'],
      [1, 'S'],
      [2, 'A'],
      [3, 'A'],
      [4, 'A'],
    ]);
  });

  it('two runners at once: one registers, the pool gets the target and no key twice', async () => {
    const results = await Promise.all([
      runPoolTick({ ...f.deps, holder: 'instance-a' }),
      runPoolTick({ ...f.deps, holder: 'instance-b' }),
    ]);
    expect(results.map((r) => r.ran).sort()).toEqual([false, true]);
    expect(f.chain.validators).toHaveLength(3);
    expect(f.chain.addCalls).toBe(1);
    // Without the lease (two registrations at once), unique key indices and pubkeys still keep one
    // validator per key; the later transaction is refused as a duplicate, never registered twice.
    f.chain.stake(3);
    const both = await Promise.allSettled([
      registerPoolValidators(f.deps, 3),
      registerPoolValidators(f.deps, 3),
    ]);
    expect(both.some((r) => r.status === 'fulfilled')).toBe(true);
    const pubkeys = f.chain.validators.map((v) => v.pubkey);
    expect(new Set(pubkeys).size).toBe(pubkeys.length);
    expect(f.chain.validators).toHaveLength(6);
    const made = await f.poolRows();
    expect(made.map((r) => r.keyIdx)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('two ticks at once in one process (same lease holder) run one after the other', async () => {
    // The lease is the holder's own, so it cannot keep two ticks of one process apart (two
    // RunPoolJob calls at once with no interval job): the second waits for the first.
    let running = 0;
    let most = 0;
    const read = f.chain.readState.bind(f.chain);
    f.chain.readState = async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 20));
      running--;
      return read();
    };
    const results = await Promise.all([
      runPoolTick({ ...f.deps, holder: 'one-process' }),
      runPoolTick({ ...f.deps, holder: 'one-process' }),
    ]);
    expect(results.map((r) => r.ran)).toEqual([true, true]);
    expect(results.map((r) => r.steps.register?.ok)).toEqual([true, true]);
    expect(most).toBe(1);
    expect(f.chain.addCalls).toBe(1);
    expect(f.chain.validators).toHaveLength(3);
  });

  it('a crash between making keys and registering them: the next run registers the same keys', async () => {
    f.chain.addValidators = async () => {
      throw new Error('node went away');
    };
    const failed = await runPoolTick(f.deps);
    expect(failed.steps.register).toMatchObject({ ok: false, error: 'node went away' });
    const waiting = await f.poolRows();
    expect(waiting.map((r) => r.statusCd)).toEqual(['G', 'G', 'G']);

    const restored = new TestPoolChain();
    f.deps.chain = restored;
    // One of them did reach the pool before the crash (its transaction was mined).
    await restored.addValidators([
      {
        ...JSON.parse('{}'),
        pubkey: waiting[0]!.pubKey as `0x${string}`,
        withdrawal_credentials: `0x01${'00'.repeat(11)}${restored.address.slice(2)}`,
        signature: '0x',
        deposit_data_root: '0x',
      },
    ]);
    const next = await runPoolTick(f.deps);
    expect(next.steps.register).toEqual({ ok: true, result: { added: 2, generated: 0, recovered: 1 } });
    expect(restored.validators.map((v) => v.pubkey)).toEqual(waiting.map((r) => r.pubKey));
    expect((await f.poolRows()).map((r) => r.statusCd)).toEqual(['A', 'A', 'A']);
  });
});

describe.each(testDatabaseKinds)('pool job on %s: exits and settlement', { timeout: 60_000 }, (kind) => {
  const f = usePoolJobFixture(kind);

  it('exits ceil(shortfall / 32 ETH) of the oldest staked validators and posts their signed exits', async () => {
    f.deps.availableTarget = 4;
    await runPoolTick(f.deps);
    await f.stakeAndActivate(4);
    expect(validatorsToExit({ ...(await f.chain.readState()), unfilledFETHInQueue: 40n * ETH })).toBe(2);
    f.chain.unfilled = 40n * ETH; // 40 FETH queued, nothing free: two validators
    const tick = await runPoolTick(f.deps);
    expect(tick.steps.exit).toEqual({ ok: true, result: [1n, 2n] });
    expect(tick.steps.postExits).toEqual({ ok: true, result: { posted: 2, refused: 0 } });
    expect(f.chain.deactivated).toBe(64n * ETH);
    const exited = await f.poolRows();
    expect(exited.slice(0, 4).map((r) => r.statusCd)).toEqual(['X', 'X', 'S', 'S']);
    // The posted exits verify under the validators' keys and the devnet's exit domain.
    expect(f.beacon.exits).toHaveLength(2);
    const v0 = f.beacon.validators.get(exited[0]!.pubKey)!;
    expect(f.beacon.exits[0]!.message.validator_index).toBe(v0.index.toString());
    expect(verifyVoluntaryExit(f.beacon.exits[0]!, exited[0]!.pubKey, getNetwork(88))).toBe(true);
    expect(verifyVoluntaryExit(f.beacon.exits[0]!, exited[1]!.pubKey, getNetwork(88))).toBe(false);

    // The ETH is on its way: the next run exits no more.
    const later = await runPoolTick(f.deps);
    expect(later.steps.exit).toEqual({ ok: true, result: [] });
    // 70 FETH now wait (30 more): 64 on the way, 6 short, one more validator.
    f.chain.unfilled = 70n * ETH;
    expect((await runPoolTick(f.deps)).steps.exit).toEqual({ ok: true, result: [3n] });
  });

  it('exits first the staked validators the beacon chain already shows exited (slashed or exited by key)', async () => {
    f.deps.availableTarget = 3;
    await runPoolTick(f.deps);
    await f.stakeAndActivate(3);
    // validator 3 left the beacon chain without the pool marking it (slashed): its balance is swept
    f.beacon.set(f.chain.validators[2]!.pubkey, 'withdrawal_done');
    await runPoolTick(f.deps);
    f.chain.unfilled = 10n * ETH; // one validator needed
    const tick = await runPoolTick(f.deps);
    // marking it Exiting lets its arrived balance be settled; exiting validator 1 would stop a healthy one
    expect(tick.steps.exit).toEqual({ ok: true, result: [3n] });
    expect((await f.poolRows()).slice(0, 3).map((r) => r.statusCd)).toEqual(['S', 'S', 'X']);
  });

  it('an exit the beacon node refuses is posted again on later runs until accepted', async () => {
    await runPoolTick(f.deps);
    await f.stakeAndActivate(1);
    f.chain.unfilled = 1n * ETH;
    f.beacon.refuseExits = 'validator has not been active for 64 epochs';
    const refused = await runPoolTick(f.deps);
    expect(refused.steps.postExits).toEqual({ ok: true, result: { posted: 0, refused: 1 } });
    const [row] = await f.poolRows();
    expect(row).toMatchObject({ statusCd: 'X', exitPostedOn: null });
    expect(String(row!.exitError)).toMatch(/64 epochs/);
    expect(f.chain.validators[0]!.status).toBe('Exiting'); // marked once, not again

    expect((await runPoolTick(f.deps)).steps.postExits).toEqual({
      ok: true,
      result: { posted: 0, refused: 1 },
    });
    f.beacon.refuseExits = null;
    expect((await runPoolTick(f.deps)).steps.postExits).toEqual({
      ok: true,
      result: { posted: 1, refused: 0 },
    });
    const [posted] = await f.poolRows();
    expect(posted!.exitPostedOn).not.toBeNull();
    expect(posted!.exitError).toBeNull();
    expect(f.beacon.exits).toHaveLength(1);
    expect(verifyVoluntaryExit(f.beacon.exits[0]!, f.chain.validators[0]!.pubkey, getNetwork(88))).toBe(true);
  });

  it('settles an exit once the beacon swept it out and its 32 ETH reached the pool', async () => {
    await runPoolTick(f.deps);
    await f.stakeAndActivate(2);
    f.chain.unfilled = 50n * ETH;
    await runPoolTick(f.deps);
    expect(f.chain.validators.slice(0, 2).map((v) => v.status)).toEqual(['Exiting', 'Exiting']);
    const [a, b] = f.chain.validators;
    f.beacon.set(a!.pubkey, 'withdrawal_done', { sweptGwei: 32_010_000_000n });
    f.beacon.set(b!.pubkey, 'withdrawal_possible');
    // Swept on the beacon chain, not arrived yet: nothing settles.
    expect((await runPoolTick(f.deps)).steps.settle).toEqual({ ok: true, result: [] });
    f.chain.unaccounted += 32_010_000_000n * 10n ** 9n; // the withdrawal arrives
    expect((await runPoolTick(f.deps)).steps.settle).toEqual({ ok: true, result: [1n] });
    expect(f.chain.claimable).toBe(32n * ETH); // the queue filled from the settled ETH
    expect(f.chain.unfilled).toBe(18n * ETH);
    const settled = await f.poolRows();
    expect(settled.slice(0, 2).map((r) => r.statusCd)).toEqual(['E', 'X']);
    expect(settled[0]!.settledOn).not.toBeNull();
  });
});

describe.each(testDatabaseKinds)(
  'pool job on %s: reward reports and the exit count',
  { timeout: 60_000 },
  (kind) => {
    const f = usePoolJobFixture(kind);

    it('reports the arrived rewards once per period, split by the beacon data', async () => {
      await runPoolTick(f.deps);
      await f.stakeAndActivate(2);
      const [a, b] = f.chain.validators;
      // Daily sweeps paid 0.004 + 0.003 ETH of consensus rewards; the fees went to a fee recipient
      // that is not the pool: only what arrived is reported, all of it as staking rewards.
      f.beacon.set(a!.pubkey, 'active_ongoing', { sweptGwei: 4_000_000n, feesGwei: 220_000n });
      f.beacon.set(b!.pubkey, 'active_ongoing', { sweptGwei: 3_000_000n });
      f.chain.unaccounted += 7_000_000n * 10n ** 9n;
      const first = await runPoolTick(f.deps);
      expect(first.steps.report).toMatchObject({
        ok: true,
        result: { reported: true, stakingRewards: 7_000_000n * 10n ** 9n, miningRewards: 0n },
      });
      // More arrives within the same period: not reported again.
      f.beacon.set(a!.pubkey, 'active_ongoing', { sweptGwei: 5_000_000n });
      f.chain.unaccounted += 1_000_000n * 10n ** 9n;
      expect((await runPoolTick(f.deps)).steps.report).toMatchObject({
        result: { reported: false, reason: 'reported this period' },
      });
      // Next period: the 0.001 ETH since, plus fees paid to the pool (0.00022 ETH arrived).
      f.chain.time += f.chain.reportPeriod;
      f.chain.unaccounted += 220_000n * 10n ** 9n;
      const next = await runPoolTick(f.deps);
      expect(next.steps.report).toMatchObject({
        result: {
          reported: true,
          stakingRewards: 1_000_000n * 10n ** 9n,
          miningRewards: 220_000n * 10n ** 9n,
        },
      });
      expect(f.chain.reports).toHaveLength(2);
      const reports = await f.database.db
        .select({ s: poolRewardReport.stakingRewards, statusCd: poolRewardReport.statusCd })
        .from(poolRewardReport)
        .orderBy(asc(poolRewardReport.period));
      expect(reports.map((r) => r.statusCd)).toEqual(['D', 'D']);
      expect(reports[0]!.s).toBe('7000000000000000');
    });

    it('a period another runner reported on chain counts as done, and a claimed period is not sent twice', async () => {
      await runPoolTick(f.deps);
      await f.stakeAndActivate(1);
      f.beacon.set(f.chain.validators[0]!.pubkey, 'active_ongoing', { sweptGwei: 1_000_000n });
      f.chain.unaccounted += 10n ** 15n;
      // Another instance's report of this period is mined just before this runner's.
      const send = f.chain.reportRewards.bind(f.chain);
      f.chain.reportRewards = async (r) => {
        f.chain.lastReportPeriod = f.chain.time / f.chain.reportPeriod;
        return send(r);
      };
      const raced = await runPoolTick(f.deps);
      expect(raced.steps.report).toMatchObject({
        ok: true,
        result: { reported: false, reason: 'reported this period' },
      });
      expect(f.chain.reports).toHaveLength(0);
      const [row] = await f.database.db
        .select({ statusCd: poolRewardReport.statusCd, error: poolRewardReport.error })
        .from(poolRewardReport);
      expect(row).toMatchObject({ statusCd: 'D', error: 'already reported on chain' });

      // Two reporters of the next period at once (no lease): the period's row lets one send.
      f.chain.reportRewards = send;
      f.chain.time += f.chain.reportPeriod;
      const { reportRewardsOncePerPeriod } = await import('./rewardReports.ts');
      const both = await Promise.all([
        reportRewardsOncePerPeriod(f.deps),
        reportRewardsOncePerPeriod(f.deps),
      ]);
      expect(both.filter((r) => r.reported)).toHaveLength(1);
      expect(f.chain.reports).toHaveLength(1);
    });

    it('counts the validators to exit from the queue, the free ETH and the ETH on its way', () => {
      const base = {
        availableValidators: 0n,
        totalStakedETH: 0n,
        claimableETH: 0n,
        unaccountedETH: 0n,
        rewardsAvailable: 0n,
        queueLength: 1n,
        reportPeriod: 1n,
        lastReportPeriod: 0n,
      };
      const n = (unfilled: bigint, free: bigint, deactivated: bigint) =>
        validatorsToExit({
          ...base,
          unfilledFETHInQueue: unfilled,
          freeETH: free,
          deactivatedETHInProgress: deactivated,
        });
      expect(n(40n * ETH, 0n, 0n)).toBe(2);
      expect(n(32n * ETH, 0n, 0n)).toBe(1);
      expect(n(32n * ETH + 1n, 0n, 0n)).toBe(2);
      expect(n(40n * ETH, 8n * ETH, 0n)).toBe(1);
      expect(n(40n * ETH, 8n * ETH, VALIDATOR_WEI)).toBe(0);
      expect(n(0n, 0n, 0n)).toBe(0);
    });
  },
);
