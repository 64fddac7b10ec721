// SyncValidators and WithdrawValidator against a real chain 88 with the beacon deposit contract and
// the dev beacon node (devnet's testbed): a validator goes from created to deposited, active and
// exiting; the deposit and its rewards land once in the history however often the sync runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBeaconTestbed, type BeaconTestbed } from '../../../devnet/src/beacon/testing.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';
import { Role } from '../framework/roles.ts';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { HttpBeaconClient } from './beacon/index.ts';
import { decodeDepositJson } from './createValidators.ts';
import { RpcDepositLogReader } from './depositLogs.ts';
import { StakingMessages } from './messages.ts';
import { createStakingFeature } from './plugin.ts';
import { approveStaker } from '../testing/testStakers.ts';
import { chargeValidators } from '../billing/charges/chargeRun.ts';
import { syncAllValidators } from './syncJob.ts';

type Row = Record<string, unknown>;
const W = 'Eth2Wallet';
const ADDR = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const EPOCH = 48;
const DAY = 86_400;

let tb: BeaconTestbed;
let t: TestApp;
let beacon: HttpBeaconClient;
let deposits: RpcDepositLogReader;
let alice: TestUser;
let walletId: string;

const validator = async () =>
  (await t.call<Row[]>(W, 'GetEth2Wallet5DtlById', { keyId: walletId }, alice.as)).d.data![0]!;

const sync = async () => {
  const r = await t.call<{ NewHistory: number }>(W, 'SyncValidators', { walletAddress: ADDR }, alice.as);
  expect(r.d.status, r.d.message).toBe('success');
  return r.d.data!.NewHistory;
};

const history = () =>
  t.database.query<Row>(
    'SELECT tx_kind, stake_amt::text, tx_hash, block_nbr FROM eth_tx_history ORDER BY tx_history_id',
  );

describe.each(testDatabaseKinds)(
  'SyncValidators and WithdrawValidator over the dev beacon node on %s',
  { timeout: 120_000 },
  (kind) => {
    beforeAll(async () => {
      tb = await startBeaconTestbed();
      beacon = new HttpBeaconClient({ url: tb.beacon.url });
      deposits = new RpcDepositLogReader({ client: tb.client });
      t = await startTestApp(kind, {}, { features: [createStakingFeature({ beacon, deposits, kyc: null })] });
      alice = await makeUser(t, 'alice@example.com', Role.borrower);
      // Creating validators needs approved KYC and an approved wallet (createValidators.ts).
      await approveStaker(t, alice.usrId);
      const s = await t.call<{ mst: Row }>(
        W,
        'SaveData',
        {
          mst: { NetworkId6: '88', Eth1WithdrawalAddr6: ADDR, StartIdx6: 0, ValidatorCnt6: 1 },
          options: { CreateValidator: 'Y' },
        },
        alice.as,
      );
      walletId = String(s.d.data!.mst.Eth2WalletId6);
    }, 180_000);

    afterAll(async () => {
      await t?.close();
      await tb?.close();
    }, 60_000);

    syncCases();
    withdrawCases();
  },
);

/** GetPendingOperations while the deposit waits: the caller's own validator only, dated as Queue. */
async function pendingOperationsCases(pubkey: string, activationUtc: string): Promise<void> {
  const mine = await t.call<{ Operations: Row[] }>(
    W,
    'GetPendingOperations',
    { walletAddress: ADDR, pubkey },
    alice.as,
  );
  expect(mine.d.status, mine.d.message).toBe('success');
  const ops = mine.d.data!.Operations;
  expect(ops.map((o) => [o.Kind, o.PubKey])).toEqual([
    ['deposit', pubkey],
    ['activation', pubkey],
  ]);
  expect(ops[0]).toMatchObject({ AmountEth: '32.000000000', Position: 1 });
  expect(ops[1]!.ExpectedUtc).toBe(activationUtc);
  const carol = await makeUser(t, 'carol@example.com', Role.borrower);
  const other = await t.call(W, 'GetPendingOperations', { walletAddress: ADDR, pubkey }, carol.as);
  expect(other.d.status).toBe('failed');
  expect(other.d.data).toBeUndefined();
  const bad = await t.call(W, 'GetPendingOperations', { walletAddress: ADDR, pubkey: '0x12' }, alice.as);
  expect(bad.d.validationErrors).toEqual([expect.objectContaining({ field: 'pubkey' })]);
}

function syncCases(): void {
  it('leaves a validator without deposit as created', async () => {
    expect(await sync()).toBe(0);
    expect((await validator()).ValidatorStatusCd5 ?? '').toBe('');
  });

  it('records the deposit from the chain once and follows the validator to active', async () => {
    const v = await validator();
    const hash = await tb.deposit(decodeDepositJson(String(v.DepositJson5)));
    // Waiting for activation: its place in the chain's queue and when it becomes active.
    const first = await t.call<{ NewHistory: number; Queue: Row[] }>(
      W,
      'SyncValidators',
      { walletAddress: ADDR },
      alice.as,
    );
    expect(first.d.status, first.d.message).toBe('success');
    expect(first.d.data!.NewHistory).toBe(1);
    expect(first.d.data!.Queue).toEqual([
      expect.objectContaining({
        PubKey: String(v.PubKey5).toLowerCase(),
        Position: 1,
        QueueLength: 1,
        Scheduled: false,
      }),
    ]);
    const estimated = String(first.d.data!.Queue[0]!.ActivationUtc);
    await pendingOperationsCases(String(v.PubKey5).toLowerCase(), estimated);
    expect(await sync()).toBe(0);
    const [dep] = await history();
    expect(dep).toMatchObject({ tx_kind: 'deposit', stake_amt: '32.000000000000000000', tx_hash: hash });
    expect(['0', '1', '2']).toContain((await validator()).ValidatorStatusCd5);

    await tb.advance(12 * EPOCH);
    await sync();
    const active = await validator();
    expect(active.ValidatorStatusCd5).toBe('3');
    expect(Number(active.ValidatorIndex5)).toBe(0);
    expect(active.ActivationUtc5).toMatch(/^\d{4}-/);
    // The estimate made at the deposit was the activation (the dev chain has no churn limit).
    expect(new Date(String(active.ActivationUtc5)).toISOString()).toBe(estimated);
    expect(Number(active.Balance5)).toBeGreaterThanOrEqual(32);
  });

  it('adds rewards once per range, then exits the validator with a key derived on the server', async () => {
    await tb.advance(DAY);
    // The node's timer pays fees and MEV as blocks end (off in the testbed): do it here, so that the
    // two syncs below run within one epoch, as they did before the node paid them.
    await tb.beacon.node.payExecutionRewards();
    expect(await sync()).toBeGreaterThan(0);
    expect(await sync()).toBe(0);
    const kinds = new Set((await history()).map((r) => r.tx_kind));
    expect(kinds.has('stake_reward')).toBe(true);
    const rewards = await t.call<{ Dtl: Array<Record<string, string>> }>(
      'EthTxHistory',
      'GetRewards',
      { walletAddress: ADDR },
      alice.as,
    );
    expect(Number(rewards.d.data!.Dtl[0]!.TotalRewardAmt)).toBeGreaterThan(0);

    // Active for about a day of chain time: not withdrawable yet (the server clock never moved).
    const v = await validator();
    const early = await t.call(
      W,
      'WithdrawValidator',
      { walletAddress: ADDR, pubkey: String(v.PubKey5) },
      alice.as,
    );
    expect(early.d.message).toBe(StakingMessages.notReady);
    const fewer = await t.call(
      W,
      'WithdrawValidators',
      { walletAddress: ADDR, numberOfValidators: 1, reason: 'test' },
      alice.as,
    );
    expect(fewer.d.message).toBe(StakingMessages.notEnoughActive);

    // Two days of chain time after activation (the dev clock, POST /dev/time): withdrawable.
    await tb.advance(DAY + 3600);
    const synced = await t.call<{ BeaconTimeUtc: string }>(
      W,
      'SyncValidators',
      { walletAddress: ADDR },
      alice.as,
    );
    expect(Date.parse(synced.d.data!.BeaconTimeUtc) - t.clock.now().getTime()).toBeGreaterThan(
      2 * DAY * 1000,
    );
    const daily = await t.call<{ Dtl: Array<Record<string, string>> }>(
      'EthTxHistory',
      'GetRewards',
      { walletAddress: ADDR },
      alice.as,
    );
    // The Daily window ends at the chain's time: one day of rewards, not the whole history.
    const d = daily.d.data!.Dtl[0]!;
    expect(Number(d.Daily_StakeRewardAmt)).toBeGreaterThan(0);
    expect(Number(d.Daily_StakeRewardAmt)).toBeLessThan(Number(d.StakeRewardAmt));
    const exit = await t.call(
      W,
      'WithdrawValidator',
      { walletAddress: ADDR, pubkey: String(v.PubKey5) },
      alice.as,
    );
    expect(exit.d.status, exit.d.message).toBe('success');
    const after = await t.call<{ Exits: Row[] }>(W, 'SyncValidators', { walletAddress: ADDR }, alice.as);
    expect((await validator()).ValidatorStatusCd5).toBe('4');
    // The exit's true state, and when the ETH is expected: the dev node's withdrawable epoch (exit
    // + 256 epochs) plus its daily sweep, the latest the sweep pays the balance out.
    const [e] = after.d.data!.Exits;
    expect(e).toMatchObject({ PubKey: String(v.PubKey5).toLowerCase(), State: 'exiting' });
    expect(Number(e!.WithdrawableEpoch) - Number(e!.ExitEpoch)).toBe(256);
    expect(Date.parse(String(e!.EthExpectedUtc)) - Date.parse(String(e!.WithdrawableUtc))).toBe(DAY * 1000);
  });
}

function withdrawCases(): void {
  it('the sync job follows a customer who never opens the dashboard, and the charge run charges him', async () => {
    const bob = await makeUser(t, 'bob@example.com', Role.borrower);
    await approveStaker(t, bob.usrId);
    const BOB = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
    const s = await t.call<{ mst: Row }>(
      W,
      'SaveData',
      {
        mst: { NetworkId6: '88', Eth1WithdrawalAddr6: BOB, StartIdx6: 0, ValidatorCnt6: 1 },
        options: { CreateValidator: 'Y' },
      },
      bob.as,
    );
    const wallet = String(s.d.data!.mst.Eth2WalletId6);
    const bobs = async () =>
      (await t.call<Row[]>(W, 'GetEth2Wallet5DtlById', { keyId: wallet }, bob.as)).d.data![0]!;
    await tb.deposit(decodeDepositJson(String((await bobs()).DepositJson5)));
    await tb.advance(12 * EPOCH);

    // Two runners at once (two server instances): the deposit is recorded once.
    const deps = { db: t.database.db, clock: t.clock, beacon, deposits };
    const [x, y] = await Promise.all([syncAllValidators(deps), syncAllValidators(deps)]);
    expect(x.wallets + y.wallets).toBeGreaterThanOrEqual(2);
    const active = await bobs();
    expect(active.ValidatorStatusCd5).toBe('3');
    const bobHistory = await t.database.query<Row>(
      'SELECT tx_kind FROM eth_tx_history WHERE usr_id = $1 AND tx_kind = $2',
      [bob.usrId, 'deposit'],
    );
    expect(bobHistory).toHaveLength(1);
    // A runner right after finds every wallet fresh and does nothing.
    expect(await syncAllValidators(deps, { freshMs: 60_000 })).toEqual({
      wallets: 0,
      validators: 0,
      newHistory: 0,
    });

    // The daily charge sees him active from the sync alone: the day after activation is due.
    const activated = new Date(String(active.ActivationUtc5));
    const now = new Date(activated.getTime() + 2 * DAY * 1000);
    await chargeValidators(t.database.db, { now, dailyCharge: '1' });
    const [charged] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM stake_charge WHERE usr_id = $1',
      [bob.usrId],
    );
    expect(charged!.n).toBeGreaterThanOrEqual(1);
  });
}
