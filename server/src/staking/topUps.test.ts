// Top-ups (issue 25 item 2) against chain 88's deposit contract and the dev beacon node: a customer
// tops up their own active 0x02 validator; the deposit data is signed by that validator's key for
// its own 0x02 credentials and the amount, verifies with payd's BLS check and the deposit contract's
// root (the contract takes it), and is recorded as signed, then pending once sent; the sync credits it
// once the beacon balance holds it. Another customer's pubkey, a 0x01 validator, one not active and
// amounts beyond 2048 ETH are refused with the schema's messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compoundingWithdrawalCredentials,
  toHex,
  verifyDepositData,
  type DepositDataEntry,
} from '@payd/validator-keys';
import {
  decodeDepositJson,
  topUpLimitEth,
  topUpMessages,
  type GetTopUpsReply,
  type PrepareDepositsReply,
  type TopUpRow,
  type TopUpValidatorReply,
} from '@payd/schemas';
import { depositContractRoot } from '../../../packages/validator-keys/src/depositContractRoot.testkit.ts';
import { startBeaconTestbed, type BeaconTestbed } from '../../../devnet/src/beacon/testing.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';
import { Role } from '../framework/roles.ts';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { approveStaker } from '../testing/testStakers.ts';
import { HttpBeaconClient } from './beacon/index.ts';
import { RpcDepositLogReader } from './depositLogs.ts';
import { createStakingFeature } from './plugin.ts';
import { settleTopUps } from './topUps.ts';

const W = 'Eth2Wallet';
const ADDR = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const OTHER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const EPOCH = 48;
const GWEI = 1_000_000_000n;

let tb: BeaconTestbed;
let t: TestApp;
let beacon: HttpBeaconClient;
let alice: TestUser;
let bob: TestUser;
let compounding: string;
let regular: string;
let undeposited: string;

const prepare = async (who: TestUser, address: string, kind: string, amountEth: number) => {
  const r = await t.call<PrepareDepositsReply>(
    W,
    'PrepareDeposits',
    { walletAddress: address, networkId: 88, numberOfValidators: 1, kind, amountEth },
    who.as,
  );
  expect(r.d.status, r.d.message).toBe('success');
  return r.d.data!.Validators[0]!;
};

const topUp = (who: TestUser, pubkey: string, amountEth: unknown, walletAddress = ADDR) =>
  t.call<TopUpValidatorReply>(W, 'TopUpValidator', { walletAddress, pubkey, amountEth }, who.as);

const balanceGwei = async (pubkey: string) => (await beacon.getValidators([pubkey]))[0]!.balanceGwei;

describe.each(testDatabaseKinds)(
  'TopUpValidator over the dev beacon node on %s',
  { timeout: 180_000 },
  (kind) => {
    beforeAll(async () => {
      tb = await startBeaconTestbed();
      beacon = new HttpBeaconClient({ url: tb.beacon.url });
      const deposits = new RpcDepositLogReader({ client: tb.client });
      t = await startTestApp(kind, {}, { features: [createStakingFeature({ beacon, deposits, kyc: null })] });
      alice = await makeUser(t, 'alice@example.com', Role.borrower);
      bob = await makeUser(t, 'bob@example.com', Role.borrower);
      await approveStaker(t, alice.usrId, ADDR);
      await approveStaker(t, bob.usrId, OTHER);
      const c = await prepare(alice, ADDR, '0x02', 64);
      const r = await prepare(alice, ADDR, '0x01', 32);
      compounding = c.PubKey5.toLowerCase();
      regular = r.PubKey5.toLowerCase();
      undeposited = (await prepare(alice, ADDR, '0x02', 33)).PubKey5.toLowerCase();
      await tb.deposit(decodeDepositJson(c.DepositJson5));
      await tb.deposit(decodeDepositJson(r.DepositJson5));
      await tb.advance(12 * EPOCH);
      const s = await t.call(W, 'SyncValidators', { walletAddress: ADDR }, alice.as);
      expect(s.d.status, s.d.message).toBe('success');
    }, 240_000);

    afterAll(async () => {
      await t?.close();
      await tb?.close();
    }, 60_000);

    it('refuses another customer and a pubkey outside the wallet, writing nothing', async () => {
      const r = await topUp(bob, compounding, 10);
      expect(r.d).toMatchObject({ status: 'failed', message: 'Access denied' });
      expect((await topUp(bob, compounding, 10, OTHER)).d).toMatchObject({
        status: 'failed',
        message: 'Access denied',
      });
      const n = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM validator_top_up');
      expect(n[0]!.n).toBe(0);
    });

    it('refuses a 0x01 validator, one not active and amounts beyond the limits, saying why', async () => {
      expect((await topUp(alice, regular, 1)).d).toMatchObject({
        status: 'failed',
        message: topUpMessages.regularRefused,
      });
      expect((await topUp(alice, undeposited, 1)).d).toMatchObject({
        status: 'failed',
        message: topUpMessages.notActive,
      });
      const tooSmall = await topUp(alice, compounding, 0);
      expect(tooSmall.d.status).toBe('failed');
      expect(JSON.stringify(tooSmall.d)).toContain('A deposit must be between 1 and 2048 ETH');
      const max = topUpLimitEth({
        kind: '0x02',
        balanceGwei: await balanceGwei(compounding),
        pendingGwei: 0n,
      });
      expect(max).toBeGreaterThan(1900);
      const tooMuch = await topUp(alice, compounding, max + 1);
      expect(tooMuch.d.status).toBe('failed');
      expect(JSON.stringify(tooMuch.d)).toContain(topUpMessages.tooMuch(max));
    });

    it(
      'signs a 10 ETH top-up with the validator key that verifies and the deposit contract takes',
      signsSendsAndCredits,
    );

    it('credits a pending top-up once the beacon balance holds it, not before', async () => {
      const [v] = await t.database.query<{ v: number }>(
        `SELECT eth2_validator_id AS v FROM eth2_validator WHERE lower(pub_key) = $1`,
        [compounding],
      );
      const [row] = await t.database.query<{ id: number }>(
        `INSERT INTO validator_top_up (eth2_validator_id, usr_id, amount_gwei, balance_before_gwei, deposit_json,
                                     state, tx_hash, requested_utc, sent_utc)
       VALUES ($1, $2, 5000000000, 80000000000, '{}', 'pending', '0x01', now(), now()) RETURNING top_up_id AS id`,
        [v!.v, alice.usrId],
      );
      const state = async () =>
        (
          await t.database.query<{ state: string }>(
            'SELECT state FROM validator_top_up WHERE top_up_id = $1',
            [row!.id],
          )
        )[0]!.state;
      await settleTopUps(t.database.db, [{ id: v!.v, balanceGwei: 85n * GWEI - 1n }], new Date());
      expect(await state()).toBe('pending');
      await settleTopUps(t.database.db, [{ id: v!.v, balanceGwei: 85n * GWEI }], new Date());
      expect(await state()).toBe('credited');
    });
  },
);

/** A 10 ETH top-up signed, checked, sent through the deposit contract, then credited by the sync. */
async function signsSendsAndCredits(): Promise<void> {
  const r = await topUp(alice, compounding, 10);
  expect(r.d.status, r.d.message).toBe('success');
  const reply = r.d.data!;
  expect(reply).toMatchObject({ PubKey: compounding, AmountEth: 10 });
  expect(reply.FileName).toMatch(/^deposit_data-\d+\.json$/);
  const entry = reply.DepositData as DepositDataEntry;
  expect(`0x${entry.pubkey}`).toBe(compounding);
  expect(entry.amount).toBe(10_000_000_000);
  expect(entry.withdrawal_credentials).toBe(toHex(compoundingWithdrawalCredentials(ADDR)));
  expect(entry.withdrawal_credentials).toBe(`02${'00'.repeat(11)}${ADDR.slice(2)}`);
  expect(verifyDepositData(entry, 88)).toBe(true);
  expect(depositContractRoot(entry)).toBe(entry.deposit_data_root);

  const before = await balanceGwei(compounding);
  const hash = await tb.deposit(entry); // the contract reverts on a wrong root
  const sent = await t.call<TopUpRow>(W, 'TopUpSent', { topUpId: reply.TopUpId, txHash: hash }, alice.as);
  expect(sent.d.data).toMatchObject({ State: 'pending', AmountEth: 10, TxHash: hash.toLowerCase() });
  // Sent again: the same answer, nothing changes.
  expect(
    (await t.call<TopUpRow>(W, 'TopUpSent', { topUpId: reply.TopUpId, txHash: hash }, alice.as)).d.data,
  ).toEqual(sent.d.data);
  // Bob cannot see or mark it.
  expect((await t.call(W, 'TopUpSent', { topUpId: reply.TopUpId, txHash: hash }, bob.as)).d).toMatchObject({
    status: 'failed',
    message: topUpMessages.notFound,
  });
  const listed = await t.call<GetTopUpsReply>(W, 'GetTopUps', { walletAddress: ADDR }, alice.as);
  expect(listed.d.data!.TopUps).toEqual([sent.d.data]);
  expect(
    (await t.call<GetTopUpsReply>(W, 'GetTopUps', { walletAddress: ADDR }, bob.as)).d.data?.TopUps ?? [],
  ).toEqual([]);
  // A pending top-up counts against the limit until the balance holds it.
  const now = await balanceGwei(compounding);
  const pending = now >= before + 10n * GWEI ? 0n : 10n * GWEI;
  const max = topUpLimitEth({ kind: '0x02', balanceGwei: now, pendingGwei: pending });
  expect(JSON.stringify((await topUp(alice, compounding, max + 1)).d)).toContain(topUpMessages.tooMuch(max));
  // The chain moves on; the sync sees the balance hold the top-up and credits it.
  await tb.advance(12 * EPOCH);
  expect((await t.call(W, 'SyncValidators', { walletAddress: ADDR }, alice.as)).d.status).toBe('success');
  expect(await balanceGwei(compounding)).toBeGreaterThanOrEqual(before + 10n * GWEI);
  const after = await t.call<GetTopUpsReply>(W, 'GetTopUps', { walletAddress: ADDR }, alice.as);
  expect(after.d.data!.TopUps[0]).toMatchObject({ State: 'credited', AmountEth: 10 });
  expect(after.d.data!.TopUps[0]!.CreditedUtc).toMatch(/^\d{4}-/);
}
