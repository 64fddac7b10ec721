// Eth2Wallet SaveData with CreateValidator=Y (issue 15 item 2): only for an approved customer with
// an approved wallet, within the per-account limit, never regenerating a validator that exists, and
// with the keys made off the event loop and outside any transaction, so other requests answer while
// a 100-validator creation runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DepositDataPool } from '@payd/validator-keys/node';
import { verifyDepositData, type DepositDataEntry } from '@payd/validator-keys';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { Role } from '../framework/roles.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';
import { createStakingFeature } from './plugin.ts';
import { decodeDepositJson, ValidatorCreationMessages, ValidatorKeys } from './createValidators.ts';
import { MnemonicVault } from './mnemonicVault.ts';
import { approveStaker } from '../testing/testStakers.ts';

type Row = Record<string, unknown>;
const W = 'Eth2Wallet';
const ADDR = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const LIMIT = 110;

let t: TestApp;
let pool: DepositDataPool;
let n: number;

/** A new customer, approved for staking unless told otherwise. */
const customer = async (approved = true): Promise<TestUser> => {
  const u = await makeUser(t, `staker${++n}@example.com`, Role.borrower);
  if (approved) await approveStaker(t, u.usrId);
  return u;
};

const count = async (table: 'eth2_wallet' | 'eth2_validator') =>
  Number((await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n);

/** SaveData creating validators, on a new wallet or on `walletId` as the customer last read it. */
const create = async (who: TestUser, range: { start: number; count: number }, walletId?: unknown) =>
  t.call<{ mst: Row }>(
    W,
    'SaveData',
    {
      mst: {
        ...(walletId
          ? (await t.call<Row>(W, 'GetEth2Wallet5ById', { keyId: String(walletId) }, who.as)).d.data
          : {}),
        NetworkId6: '88',
        Eth1WithdrawalAddr6: ADDR,
        StartIdx6: range.start,
        ValidatorCnt6: range.count,
      },
      dtl: null,
      options: { CreateValidator: 'Y' },
    },
    who.as,
  );

const validators = async (who: TestUser, walletId: unknown) =>
  (
    await t.call<Row[]>(
      W,
      'GetEth2Wallet5DtlById',
      { keyId: String(walletId), options: { AllColumns: 'Y' } },
      who.as,
    )
  ).d.data!;

describe.each(testDatabaseKinds)('creating validators on %s', (kind) => {
  beforeAll(async () => {
    pool = new DepositDataPool({ threads: 2 });
    n = 0;
    await pool.warm();
    t = await startTestApp(
      kind,
      {},
      {
        features: [
          createStakingFeature({
            beacon: null,
            deposits: null,
            kyc: null,
            validatorKeys: { pool, maxUndeposited: LIMIT },
          }),
        ],
      },
    );
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await pool.close();
  });

  creationCases();
  concurrencyCases();
});

function creationCases(): void {
  it('refuses a customer without approved KYC or without an approved wallet, writing nothing', async () => {
    const nobody = await customer(false);
    const noKyc = await create(nobody, { start: 0, count: 1 });
    expect(noKyc.d).toMatchObject({ status: 'failed', message: ValidatorCreationMessages.kycRequired });

    await t.database.query(
      `INSERT INTO kyc_person (name, input_for, internal_status) VALUES ('Pending', $1, 'PE'), ('Approved', $1, 'AP')`,
      [nobody.usrId],
    );
    const noWallet = await create(nobody, { start: 0, count: 1 });
    expect(noWallet.d).toMatchObject({ status: 'failed', message: ValidatorCreationMessages.walletRequired });
    expect(await count('eth2_wallet')).toBe(0);
    expect(await count('eth2_validator')).toBe(0);

    // A wallet registered but not approved (no status yet) is not enough either.
    await t.database.query(
      `INSERT INTO stake_wallet_address (usr_id, stake_wallet_addr) VALUES ($1, '0x00000000000000000000000000000000000000c1')`,
      [nobody.usrId],
    );
    expect((await create(nobody, { start: 0, count: 1 })).d.message).toBe(
      ValidatorCreationMessages.walletRequired,
    );
    expect(await count('eth2_wallet')).toBe(0);
  });

  it('never regenerates a validator that exists: the same request again makes no keys', async () => {
    const alice = await customer();
    const first = await create(alice, { start: 0, count: 2 });
    expect(first.d.status).toBe('success');
    const walletId = first.d.data!.mst.Eth2WalletId6;
    const before = await validators(alice, walletId);
    expect(before.map((v) => Number(v.Idx5))).toEqual([0, 1]);
    for (const v of before)
      expect(verifyDepositData(decodeDepositJson(String(v.DepositJson5)), 'payd-devnet')).toBe(true);

    const signed = pool.signed;
    const again = await create(alice, { start: 0, count: 2 }, walletId);
    expect(again.d.status).toBe('success');
    expect(pool.signed).toBe(signed);
    expect(await validators(alice, walletId)).toEqual(before);

    // A longer range makes only the missing ones; the first two stay as they were.
    const more = await create(alice, { start: 0, count: 4 }, walletId);
    expect(more.d.status).toBe('success');
    expect(pool.signed - signed).toBe(2);
    const after = await validators(alice, walletId);
    expect(after.map((v) => Number(v.Idx5))).toEqual([0, 1, 2, 3]);
    expect(after.slice(0, 2)).toEqual(before);
    expect(
      (JSON.parse(String(more.d.data!.mst.DepositJsonFile6)) as DepositDataEntry[]).map((e) => e.pubkey),
    ).toEqual(after.slice(2).map((v) => String(v.PubKey5).slice(2)));
  });

  it('keeps the validators waiting for their deposit per account within the limit, with the message', async () => {
    const bob = await customer();
    const first = await create(bob, { start: 0, count: 100 });
    expect(first.d.status).toBe('success');
    const walletId = first.d.data!.mst.Eth2WalletId6;
    const over = await create(bob, { start: 100, count: 11 }, walletId);
    expect(over.d).toMatchObject({
      status: 'failed',
      message: ValidatorCreationMessages.tooManyUndeposited(LIMIT, 100),
    });
    const [w] = await t.database.query<{ start_idx: number; validator_cnt: number }>(
      'SELECT start_idx, validator_cnt FROM eth2_wallet WHERE eth2_wallet_id = $1',
      [Number(walletId)],
    );
    expect(w).toMatchObject({ start_idx: 0, validator_cnt: 100 });
    expect((await validators(bob, walletId)).length).toBe(100);
    // Deposited validators no longer wait: then the same request goes through.
    await t.database.query(
      `UPDATE eth2_validator SET validator_status_cd = '0' WHERE eth2_wallet_id = $1 AND idx < 5`,
      [Number(walletId)],
    );
    expect((await create(bob, { start: 100, count: 11 }, walletId)).d.status).toBe('success');
    // More than 100 in one request is refused by the field's bound.
    const tooMany = await create(bob, { start: 200, count: 101 }, walletId);
    expect(tooMany.status).toBe(400);
    expect(tooMany.d.validationErrors?.[0]?.field).toMatch(/ValidatorCnt6/);
  });

  it('answers other requests while 100 validators are being created', async () => {
    const carol = await customer();
    const other = await customer();
    let finished = false;
    const creation = create(carol, { start: 0, count: 100 }).then((r) => {
      finished = true;
      return r;
    });
    // Wait until the keys are being made (the save's transaction is over by then).
    await expect.poll(() => pool.pending, { interval: 5, timeout: 60_000 }).toBeGreaterThan(0);
    const label = await t.call(W, 'GetScreenLabel', {}, other.as);
    const list = await t.call<Row[]>(W, 'GetEth2Wallet5List', { searchStr: '' }, other.as);
    expect(label.d.status).toBe('success');
    expect(list.d.data).toEqual([]);
    expect(finished).toBe(false);
    // The same customer's second creation meanwhile is told to wait, writing nothing.
    const second = await create(carol, { start: 100, count: 1 });
    expect(second.d).toMatchObject({ status: 'failed', message: ValidatorCreationMessages.alreadyRunning });
    const done = await creation;
    expect(done.d.status).toBe('success');
    expect((await validators(carol, done.d.data!.mst.Eth2WalletId6)).length).toBe(100);
  });
}

function concurrencyCases(): void {
  it('lets a bounded number of creations run and wait, and answers busy beyond at once', async () => {
    const keys = new ValidatorKeys(
      { db: t.database.db, vault: new MnemonicVault(t.config.dataKey) },
      { pool, maxRunning: 1, maxWaiting: 1 },
    );
    const first = await keys.admit(1);
    let secondIn = false;
    const second = keys.admit(2).then((release) => {
      secondIn = true;
      return release;
    });
    const busy = await keys.admit(3).then(
      () => null,
      (e: unknown) => e as { httpStatus: number; message: string },
    );
    expect(busy).toMatchObject({ httpStatus: 429, message: ValidatorCreationMessages.busy });
    await expect(keys.admit(1)).rejects.toThrow(ValidatorCreationMessages.alreadyRunning);
    expect(secondIn).toBe(false);
    first();
    (await second)();
    expect(secondIn).toBe(true);
    (await keys.admit(3))();
  });
}
