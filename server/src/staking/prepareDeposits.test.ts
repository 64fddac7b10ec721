// Eth2WalletWs PrepareDeposits (issue 14): the stake page's one call before the wallet is asked.
// It finds or makes the caller's wallet, creates what is missing for N validators to wait for
// their deposit (as SaveData with CreateValidator=Y does), and returns those N with deposit data
// that verifies; refusals carry the messages the stake flow gave before; only the caller's records
// are seen or changed; calling it again, or twice at once, makes no second validator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DepositDataPool } from '@payd/validator-keys/node';
import { verifyDepositData } from '@payd/validator-keys';
import {
  decodeDepositJson,
  depositAmountMessages,
  MAX_VALIDATORS_PER_STAKE,
  stakeCountMessages,
  type PrepareDepositsReply,
} from '@payd/schemas';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { Role } from '../framework/roles.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';
import { approveStaker } from '../testing/testStakers.ts';
import { createStakingFeature } from './plugin.ts';
import { ValidatorCreationMessages, ValidatorKeys } from './createValidators.ts';
import { MnemonicVault } from './mnemonicVault.ts';
import { prepareDeposits, type PrepareDeps } from './prepareDeposits.ts';

type Row = Record<string, unknown>;
const W = 'Eth2Wallet';
const ADDR = '0x8ba1f109551bd432803012645ac136ddd64dba72';

let t: TestApp;
let pool: DepositDataPool;
let n: number;

/** A new customer, approved for staking unless told otherwise. */
const customer = async (approved = true): Promise<TestUser> => {
  const u = await makeUser(t, `depositor${++n}@example.com`, Role.borrower);
  if (approved) await approveStaker(t, u.usrId);
  return u;
};

type PrepareOptions = { address?: string; networkId?: unknown; kind?: unknown; amountEth?: unknown };

const prepare = (who: TestUser, numberOfValidators: unknown, o: PrepareOptions = {}) =>
  t.call<PrepareDepositsReply>(
    W,
    'PrepareDeposits',
    {
      walletAddress: o.address ?? ADDR,
      networkId: o.networkId ?? 88,
      numberOfValidators,
      ...(o.kind === undefined ? {} : { kind: o.kind }),
      ...(o.amountEth === undefined ? {} : { amountEth: o.amountEth }),
    },
    who.as,
  );

/** The reply of a call that must succeed. */
const prepared = async (who: TestUser, count: number, o: PrepareOptions = {}) => {
  const r = await prepare(who, count, o);
  expect(r.d).toMatchObject({ status: 'success' });
  return r.d.data!;
};

/** Every validator of a wallet, as its owner lists them (all columns). */
const validators = async (who: TestUser, walletId: unknown) =>
  (
    await t.call<Row[]>(
      W,
      'GetEth2Wallet5DtlById',
      { keyId: String(walletId), options: { AllColumns: 'Y' } },
      who.as,
    )
  ).d.data!;

const wallets = async (usrId: number) =>
  t.database.query<{ eth2_wallet_id: number; network_id: string }>(
    'SELECT eth2_wallet_id, network_id FROM eth2_wallet WHERE usr_id = $1 ORDER BY eth2_wallet_id',
    [usrId],
  );

const walletCount = async () =>
  Number((await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM eth2_wallet'))[0]!.n);

describe.each(testDatabaseKinds)('PrepareDeposits on %s', (kind) => {
  beforeAll(async () => {
    pool = new DepositDataPool({ threads: 2 });
    n = 0;
    await pool.warm();
    t = await startTestApp(
      kind,
      {},
      {
        features: [
          createStakingFeature({ beacon: null, deposits: null, kyc: null, validatorKeys: { pool } }),
        ],
      },
    );
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await pool.close();
  });

  creationCases();
  kindCases();
  refusalCases();
  ownershipCases();
  concurrencyCases();
});

function creationCases(): void {
  it('makes the wallet and its validators, and returns deposit data for this address and network', async () => {
    const alice = await customer();
    const r = await prepared(alice, 2);
    expect(r.Created).toBe(2);
    expect(r.Validators.map((v) => v.Idx5)).toEqual([0, 1]);
    expect(await wallets(alice.usrId)).toEqual([{ eth2_wallet_id: r.Eth2WalletId6, network_id: '88' }]);
    const listed = await validators(alice, r.Eth2WalletId6);
    expect(r.Validators).toEqual(
      listed.map((v) => ({
        Eth2ValidatorId5: v.Eth2ValidatorId5,
        Idx5: v.Idx5,
        PubKey5: v.PubKey5,
        DepositJson5: v.DepositJson5,
        WithdrawalKind5: '0x01',
        DepositGwei5: 32_000_000_000,
      })),
    );
    for (const v of r.Validators) {
      const entry = decodeDepositJson(v.DepositJson5);
      expect(verifyDepositData(entry, 'payd-devnet')).toBe(true);
      expect(`0x${entry.pubkey}`).toBe(v.PubKey5);
      expect(entry.withdrawal_credentials).toBe(`010000000000000000000000${ADDR.slice(2)}`);
    }
  });

  it('asked again, makes no key and answers the same validators', async () => {
    const bob = await customer();
    const first = await prepared(bob, 3);
    const signed = pool.signed;
    const again = await prepared(bob, 3, { address: ADDR.toUpperCase().replace('0X', '0x') });
    expect(again).toEqual({ ...first, Created: 0 });
    expect(pool.signed).toBe(signed);
    expect(await validators(bob, first.Eth2WalletId6)).toHaveLength(3);
    expect(await wallets(bob.usrId)).toHaveLength(1);
  });

  it('takes empty-status validators, one per public key, the first N by index, and creates after the highest', async () => {
    const carol = await customer();
    const [w] = await t.database.query<{ id: number }>(
      `INSERT INTO eth2_wallet (usr_id, network_id, eth1_withdrawal_addr) VALUES ($1, '88', $2)
       RETURNING eth2_wallet_id AS id`,
      [carol.usrId, ADDR],
    );
    const rows: [number, string | null, string][] = [
      [2, null, '0xcc'],
      [0, '3', '0xaa'],
      [1, '', '0xbb'],
      [3, null, '0xBB'],
      [4, '0', '0xdd'],
      [5, null, '0xee'],
    ];
    for (const [idx, status, pubkey] of rows)
      await t.database.query(
        `INSERT INTO eth2_validator (eth2_wallet_id, usr_id, idx, validator_status_cd, pub_key, deposit_json)
         VALUES ($1, $2, $3, $4, $5, 'e30=')`,
        [w!.id, carol.usrId, idx, status, `${pubkey}${carol.usrId}`],
      );
    const two = await prepared(carol, 2);
    expect(two).toMatchObject({ Eth2WalletId6: w!.id, Created: 0 });
    expect(two.Validators.map((v) => v.Idx5)).toEqual([1, 2]);
    const five = await prepared(carol, 5);
    expect(five.Created).toBe(2);
    expect(five.Validators.map((v) => v.Idx5)).toEqual([1, 2, 5, 6, 7]);
    const made = five.Validators.slice(3).map((v) => decodeDepositJson(v.DepositJson5));
    for (const e of made) expect(verifyDepositData(e, 'payd-devnet')).toBe(true);
  });

  it('after a deposit, creates only what is missing', async () => {
    const dan = await customer();
    const first = await prepared(dan, 2);
    await t.database.query(
      `UPDATE eth2_validator SET validator_status_cd = '0' WHERE eth2_wallet_id = $1 AND idx = 0`,
      [first.Eth2WalletId6],
    );
    const next = await prepared(dan, 2);
    expect(next.Created).toBe(1);
    expect(next.Validators.map((v) => v.Idx5)).toEqual([1, 2]);
    expect(next.Validators[0]).toEqual(first.Validators[1]);
  });
}

/** Issue 25: 0x02 validators and amounts other than 32 ETH. */
function kindCases(): void {
  const GWEI = 1_000_000_000;
  const stored = (walletId: unknown) =>
    t.database.query<{ idx: number; withdrawal_kind: string; deposit_gwei: string }>(
      'SELECT idx, withdrawal_kind, deposit_gwei::text FROM eth2_validator WHERE eth2_wallet_id = $1 ORDER BY idx',
      [walletId],
    );

  it('makes 0x02 validators of the amount asked, signed for it, and keeps kind and amount', async () => {
    const kim = await customer();
    const r = await prepared(kim, 2, { kind: '0x02', amountEth: 64 });
    expect(r.Created).toBe(2);
    for (const v of r.Validators) {
      expect(v).toMatchObject({ WithdrawalKind5: '0x02', DepositGwei5: 64 * GWEI });
      const entry = decodeDepositJson(v.DepositJson5);
      expect(entry.withdrawal_credentials).toBe(`020000000000000000000000${ADDR.slice(2)}`);
      expect(entry.amount).toBe(64 * GWEI);
      expect(verifyDepositData(entry, 'payd-devnet')).toBe(true);
    }
    expect(await stored(r.Eth2WalletId6)).toEqual([
      { idx: 0, withdrawal_kind: '0x02', deposit_gwei: String(64 * GWEI) },
      { idx: 1, withdrawal_kind: '0x02', deposit_gwei: String(64 * GWEI) },
    ]);
    const listed = await validators(kim, r.Eth2WalletId6);
    expect(listed.map((v) => [v.WithdrawalKind5, v.DepositGwei5])).toEqual([
      ['0x02', 64 * GWEI],
      ['0x02', 64 * GWEI],
    ]);
  });

  it('gives a waiting validator only to a deposit of its own kind and amount', async () => {
    const lea = await customer();
    const regular = await prepared(lea, 1);
    expect(regular.Validators.map((v) => [v.Idx5, v.WithdrawalKind5, v.DepositGwei5])).toEqual([
      [0, '0x01', 32 * GWEI],
    ]);
    const compounding = await prepared(lea, 1, { kind: '0x02', amountEth: 2048 });
    expect(compounding.Created).toBe(1);
    expect(compounding.Validators.map((v) => [v.Idx5, v.WithdrawalKind5, v.DepositGwei5])).toEqual([
      [1, '0x02', 2048 * GWEI],
    ]);
    const again = await prepared(lea, 1, { kind: '0x01', amountEth: 32 });
    expect(again.Created).toBe(0);
    expect(again.Validators).toEqual(regular.Validators);
    const other = await prepared(lea, 1, { kind: '0x02', amountEth: 32 });
    expect(other.Validators.map((v) => v.Idx5)).toEqual([2]);
  });

  it('refuses an amount the kind does not take, naming amountEth, writing nothing', async () => {
    const max = await customer();
    const signed = pool.signed;
    for (const [o, field, message] of [
      [{ kind: '0x01', amountEth: 64 }, 'amountEth', depositAmountMessages.regularAmount],
      [{ kind: '0x02', amountEth: 2049 }, 'amountEth', depositAmountMessages.compoundingRange],
      [{ kind: '0x02', amountEth: 31 }, 'amountEth', depositAmountMessages.compoundingRange],
      [{ kind: '0x03', amountEth: 32 }, 'kind', depositAmountMessages.kind],
    ] as const) {
      const r = await prepare(max, 1, o);
      expect(r.status).toBe(400);
      expect(r.d.validationErrors).toEqual([expect.objectContaining({ field, message })]);
    }
    expect(await wallets(max.usrId)).toEqual([]);
    expect(pool.signed).toBe(signed);
  });
}

function refusalCases(): void {
  it('refuses a count outside 1 to 100 with the stake messages, writing nothing', async () => {
    const erin = await customer();
    for (const [count, message] of [
      [0, stakeCountMessages.required],
      [2.5, stakeCountMessages.required],
      [MAX_VALIDATORS_PER_STAKE + 1, stakeCountMessages.tooMany],
    ] as const) {
      const r = await prepare(erin, count);
      expect(r.status).toBe(400);
      expect(r.d.validationErrors).toEqual([
        expect.objectContaining({ field: 'numberOfValidators', message }),
      ]);
    }
    expect(await wallets(erin.usrId)).toEqual([]);
  });

  it('refuses a wallet with validators on another network, writing nothing', async () => {
    const fay = await customer();
    const first = await prepared(fay, 1);
    const signed = pool.signed;
    const r = await prepare(fay, 2, { networkId: 1 });
    expect(r.status).toBe(400);
    expect(r.d.validationErrors).toEqual([
      { field: 'mst.NetworkId6', message: 'The network of a wallet with validators cannot change' },
    ]);
    expect(await wallets(fay.usrId)).toEqual([{ eth2_wallet_id: first.Eth2WalletId6, network_id: '88' }]);
    expect(await validators(fay, first.Eth2WalletId6)).toHaveLength(1);
    expect(pool.signed).toBe(signed);
  });

  it('refuses a customer who may not create validators, as SaveData does, writing nothing', async () => {
    const pending = await customer(false);
    expect((await prepare(pending, 1)).d).toMatchObject({
      status: 'failed',
      message: ValidatorCreationMessages.kycRequired,
    });
    expect(await wallets(pending.usrId)).toEqual([]);
  });
}

function ownershipCases(): void {
  it("never reaches another customer's wallet at the same address", async () => {
    const owner = await customer();
    const mine = await prepared(owner, 2);
    const before = await validators(owner, mine.Eth2WalletId6);
    const other = await customer();
    const theirs = await prepared(other, 1);
    expect(theirs.Eth2WalletId6).not.toBe(mine.Eth2WalletId6);
    expect(theirs.Validators.map((v) => v.PubKey5)).not.toContain(mine.Validators[0]!.PubKey5);
    expect(await wallets(other.usrId)).toEqual([{ eth2_wallet_id: theirs.Eth2WalletId6, network_id: '88' }]);
    expect(await validators(owner, mine.Eth2WalletId6)).toEqual(before);
    const peek = await t.call<Row[]>(
      W,
      'GetEth2Wallet5DtlById',
      { keyId: String(mine.Eth2WalletId6) },
      other.as,
    );
    expect(peek.d.data ?? []).toEqual([]);
  });

  it('is refused to staff, writing nothing', async () => {
    const staff = await makeUser(t, `operator${++n}@payd.test`, Role.operator);
    const walletsBefore = await walletCount();
    const r = await prepare(staff, 1);
    expect(r.d.status).toBe('failed');
    expect(await walletCount()).toBe(walletsBefore);
    expect(await wallets(staff.usrId)).toEqual([]);
  });
}

function concurrencyCases(): void {
  it('twice at once on one server: one creation at a time, no validator made twice', async () => {
    const gus = await customer();
    const both = await Promise.all([prepare(gus, 3), prepare(gus, 3)]);
    const ok = both.filter((r) => r.d.status === 'success');
    expect(ok.length).toBeGreaterThan(0);
    for (const r of both)
      if (r.d.status !== 'success') expect(r.d.message).toBe(ValidatorCreationMessages.alreadyRunning);
    const [w] = await wallets(gus.usrId);
    expect(await wallets(gus.usrId)).toHaveLength(1);
    expect((await validators(gus, w!.eth2_wallet_id)).map((v) => v.Idx5)).toEqual([0, 1, 2]);
  });

  it('at once on several server instances: one wallet, the same validators, none made twice', async () => {
    const hal = await customer();
    const vault = new MnemonicVault(t.config.dataKey);
    const instance = (): PrepareDeps => ({
      db: t.database.db,
      clock: t.clock,
      keys: new ValidatorKeys({ db: t.database.db, vault }, { pool }),
    });
    const caller = { usrId: hal.usrId, usrName: hal.email, role: hal.role };
    const body = {
      walletAddress: ADDR,
      networkId: 88,
      numberOfValidators: 3,
      kind: '0x01' as const,
      amountEth: 32,
    };
    // Four at once, so that without the account's lock two of them would likely both make a wallet.
    const [a, ...others] = await Promise.all(
      Array.from({ length: 4 }, () => prepareDeposits(instance(), caller, body)),
    );
    for (const b of others) {
      expect(b.Eth2WalletId6).toBe(a!.Eth2WalletId6);
      expect(b.Validators).toEqual(a!.Validators);
    }
    expect(a!.Validators.map((v) => v.Idx5)).toEqual([0, 1, 2]);
    expect(await wallets(hal.usrId)).toHaveLength(1);
    const all = await validators(hal, a!.Eth2WalletId6);
    expect(all.map((v) => v.Idx5)).toEqual([0, 1, 2]);
    expect(new Set(all.map((v) => v.PubKey5)).size).toBe(3);
  });
}
