// The engine on its own (no HTTP): a test screen over a table of its own, scoped by user id or
// registered wallet (criterion Eth1WithdrawalAddr10), with a detail table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.ts';
import { openTestDatabase, testDatabaseKinds } from '../testing/testApp.ts';
import type { Database } from '../db/database.ts';
import { defineScreen, type Caller } from './definition.ts';
import { decimal, num, ref, text } from './columns.ts';
import { CONFLICT_MESSAGE, NOT_FOUND_MESSAGE, ScreenEngine } from './engine.ts';
import { Role } from './roles.ts';

const walletScreen = defineScreen({
  screenId: 90,
  service: 'TestWallet',
  entity: 'TestWallet10',
  title: 'Test wallets',
  master: {
    table: 't_wallet',
    owner: { userColumn: 'usr_id', walletColumn: 'eth1_withdrawal_addr' },
    columns: [
      num('WalletId10', 'wallet_id', 'Id', { system: 'key' }),
      num('UsrId10', 'usr_id', 'User', { system: 'owner' }),
      text('Eth1WithdrawalAddr10', 'eth1_withdrawal_addr', 'Withdrawal Address', { required: true }),
      text('Remark10', 'remark', 'Remark'),
      decimal('Balance10', 'balance', 'Balance', { readOnly: 'customers' }),
      num('RowVersion10', 'row_version', 'Version', { system: 'rowVersion' }),
    ],
  },
  detail: {
    table: 't_validator',
    entity: 'TestValidator5',
    fk: 'wallet_id',
    orderBy: 'validator_id',
    columns: [
      num('ValidatorId5', 'validator_id', 'Id', { system: 'key' }),
      text('PubKey5', 'pub_key', 'Public Key', { required: true }),
      ref('StatusCd5', 'status_cd', 'Status', 'yn'),
    ],
  },
  searchList: {
    label: 'Eth1WithdrawalAddr10',
    detail: 'Remark10',
    search: ['Remark10'],
    orderBy: 'WalletId10',
  },
  access: [
    { roles: 'customers', rows: 'own', allowAdd: true, allowUpd: true, allowDel: true, viewOnly: false },
    { roles: 'staff', rows: 'all', allowAdd: false, allowUpd: false, allowDel: false, viewOnly: true },
  ],
  criteria: [{ id: 10, column: 'Eth1WithdrawalAddr10', label: 'Wallet' }],
});

let database: Database;
let drop: () => Promise<void>;
let engine: ScreenEngine;
const ann: Caller = { usrId: 0, usrName: 'ann@example.com', role: Role.borrower };
const ben: Caller = { usrId: 0, usrName: 'ben@example.com', role: Role.borrower };
const op: Caller = { usrId: 0, usrName: 'op@payd.test', role: Role.operator };
const annWallet = '0xAbC0000000000000000000000000000000000001';

describe.each(testDatabaseKinds)('ScreenEngine on %s', (kind) => {
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(kind));
    await database.exec(`
      CREATE TABLE t_wallet (wallet_id serial PRIMARY KEY, usr_id integer, eth1_withdrawal_addr text, remark text,
        balance numeric(38, 18), row_version integer NOT NULL DEFAULT 1);
      CREATE TABLE t_validator (validator_id serial PRIMARY KEY, wallet_id integer NOT NULL REFERENCES t_wallet ON DELETE CASCADE,
        pub_key text NOT NULL UNIQUE, status_cd text);`);
    for (const c of [ann, ben, op]) {
      const r = await database.query<{ usr_id: number }>(
        `INSERT INTO users (usr_name, password_hash, role, created_at, password_changed_at) VALUES ($1, 'x', $2, now(), now()) RETURNING usr_id`,
        [c.usrName, c.role],
      );
      c.usrId = r[0]!.usr_id;
    }
    await database.query(`INSERT INTO wallets (address, usr_id, created_at) VALUES ($1, $2, now())`, [
      annWallet.toLowerCase(),
      ann.usrId,
    ]);
    engine = new ScreenEngine(walletScreen, {
      db: database.db,
      clock: new ManualClock(new Date('2026-03-01T00:00:00Z')),
    });
  });

  afterAll(async () => {
    await drop?.();
  });

  scopeAndSaveCases();
  accessAndCriteriaCases();
});

function scopeAndSaveCases(): void {
  it('scopes rows by owner id or by a registered wallet, and by the wallet criterion', async () => {
    // A row written by another system for Ann's wallet, but not owned by Ann's user id.
    await database.query(
      `INSERT INTO t_wallet (usr_id, eth1_withdrawal_addr, remark, balance) VALUES (NULL, $1, 'by wallet', '32.000000000000000001')`,
      [annWallet],
    );
    await engine.saveData(ann, {
      mst: { WalletId10: '', Eth1WithdrawalAddr10: '0xother', Remark10: 'by user' },
    });
    await engine.saveData(ben, { mst: { WalletId10: '', Eth1WithdrawalAddr10: '0xben', Remark10: 'bens' } });
    const annList = await engine.getSearchList(ann, { topN: 10 });
    expect(annList.data.map((r) => r.detail).sort()).toEqual(['by user', 'by wallet']);
    expect(annList.total).toBe(2);
    const byCriterion = await engine.getSearchList(ann, {
      topN: 10,
      desiredScreenCriteria: { '10': annWallet.toUpperCase() },
    });
    expect(byCriterion.data.map((r) => r.detail)).toEqual(['by wallet']);
    expect((await engine.getSearchList(op, { topN: 10 })).total).toBe(3);
    const wallet = await engine.getById(ann, annList.data.find((r) => r.detail === 'by wallet')!.key);
    expect(wallet.Balance10).toBe('32.000000000000000001');
    await expect(engine.getById(ben, String(wallet.WalletId10))).rejects.toMatchObject({ httpStatus: 403 });
  });

  it('counts matches separately from the total and pages with topN', async () => {
    for (let i = 0; i < 7; i++)
      await engine.saveData(ben, {
        mst: { WalletId10: '', Eth1WithdrawalAddr10: `0x${i}`, Remark10: `batch item ${i}` },
      });
    const page = await engine.getSearchList(ben, { topN: 5, searchStr: 'batch' });
    expect(page).toMatchObject({ matchCount: 7, total: 8, countCapped: false });
    expect(page.data).toHaveLength(5);
    expect(page.data[0]!.detail).toBe('batch item 6');
  });

  it('finds an e-mail address or a hyphenated word by its start, whole or in parts', async () => {
    await engine.saveData(ben, {
      mst: {
        WalletId10: '',
        Eth1WithdrawalAddr10: '0xmail',
        Remark10: "ask Contact-Ben@Example.com or O'Neil",
      },
    });
    const found = async (searchStr: string) =>
      (await engine.getSearchList(ben, { topN: 5, searchStr })).data.map((r) => r.detail);
    const remark = ["ask Contact-Ben@Example.com or O'Neil"];
    expect(await found('contact-ben@example.com')).toEqual(remark);
    expect(await found('CONTACT-BEN@exa')).toEqual(remark);
    expect(await found('contact-b')).toEqual(remark);
    expect(await found("ask o'ne")).toEqual(remark);
    expect(await found('ben@example.com')).toEqual([]);
    // A word the parser splits (a number with an exponent) matches as the parser splits it.
    await engine.saveData(ben, {
      mst: { WalletId10: '', Eth1WithdrawalAddr10: '0xhex', Remark10: 'Journey 5e88ddf2' },
    });
    expect(await found('journey 5e88ddf2')).toEqual(['Journey 5e88ddf2']);
  });

  it('saves master and detail rows together, bumps the version and refuses a stale version', async () => {
    const saved = await engine.saveData(ann, {
      mst: { WalletId10: '', Eth1WithdrawalAddr10: '0xnew', Remark10: 'with validators' },
      dtl: [
        { ValidatorId5: '', PubKey5: '0xaa', StatusCd5: 'Y' },
        { ValidatorId5: '', PubKey5: '0xbb' },
      ],
    });
    const id = saved.mst.WalletId10 as number;
    expect(saved.mst).toMatchObject({ UsrId10: ann.usrId, RowVersion10: 1 });
    const dtl = await engine.getDtlById(ann, id);
    expect(dtl).toEqual([
      { ValidatorId5: expect.any(Number) as unknown, PubKey5: '0xaa', StatusCd5: 'Y', StatusCd5Text: 'Yes' },
      { ValidatorId5: expect.any(Number) as unknown, PubKey5: '0xbb', StatusCd5: null, StatusCd5Text: null },
    ]);
    const v1 = saved.mst;
    const again = await engine.saveData(ann, {
      mst: { ...v1, Remark10: 'second' },
      dtl: [{ ...dtl[1], _mode: 'delete' }],
    });
    expect(again.mst.RowVersion10).toBe(2);
    expect(await engine.getDtlById(ann, id)).toHaveLength(1);
    await expect(engine.saveData(ann, { mst: { ...v1, Remark10: 'stale' } })).rejects.toMatchObject({
      httpStatus: 409,
      message: CONFLICT_MESSAGE,
    });
    // A duplicate public key fails inside the transaction: neither master nor details change.
    await expect(
      engine.saveData(ann, {
        mst: { ...again.mst, Remark10: 'half' },
        dtl: [
          { ValidatorId5: '', PubKey5: '0xcc' },
          { ValidatorId5: '', PubKey5: '0xaa' },
        ],
      }),
    ).rejects.toThrow();
    expect((await engine.getById(ann, id)).Remark10).toBe('second');
    expect((await engine.getDtlById(ann, id)).map((r) => r.PubKey5)).toEqual(['0xaa']);
    // Staff here are view-only; a customer may not touch the read-only balance.
    await expect(engine.saveData(op, { mst: { ...again.mst, Remark10: 'op' } })).rejects.toMatchObject({
      httpStatus: 403,
    });
    await expect(engine.saveData(ann, { mst: { ...again.mst, Balance10: '1000' } })).rejects.toMatchObject({
      httpStatus: 403,
    });
    await engine.delMst(ann, { mst: again.mst });
    await expect(engine.getById(ann, id)).rejects.toMatchObject({ httpStatus: 403 });
    expect(await database.query(`SELECT * FROM t_validator WHERE wallet_id = $1`, [id])).toEqual([]);
  });
}

function accessAndCriteriaCases(): void {
  it("answers a missing record like another customer's to customers (403), and 404 to staff", async () => {
    const bens = await engine.saveData(ben, {
      mst: { WalletId10: '', Eth1WithdrawalAddr10: '0xbens', Remark10: 'not for ann' },
    });
    const other = String(bens.mst.WalletId10);
    const missing = '999999';
    const reply = async (p: Promise<unknown>) =>
      p.then(
        () => 'allowed',
        (e: { httpStatus: number; code: string; message: string }) => [e.httpStatus, e.code, e.message],
      );
    const denied = [403, 'access_denied', 'Access denied'];
    for (const id of [other, missing]) {
      // Every operation that names a record gives the same answer for both ids.
      expect(await reply(engine.getById(ann, id)), id).toEqual(denied);
      expect(await reply(engine.getDtlById(ann, id)), id).toEqual(denied);
      expect(await reply(engine.getAuthRow(ann, id)), id).toEqual(denied);
      expect(await reply(engine.getDocZipDownload(ann, id)), id).toEqual(denied);
      expect(
        await reply(
          engine.saveData(ann, { mst: { WalletId10: id, Eth1WithdrawalAddr10: '0x', RowVersion10: 1 } }),
        ),
        id,
      ).toEqual(denied);
      expect(await reply(engine.delMst(ann, { mst: { WalletId10: id } })), id).toEqual(denied);
    }
    expect((await engine.getById(ben, other)).Remark10).toBe('not for ann');
    // Staff reach every row, so nothing is hidden from them: a missing one is not found.
    const notFound = [404, 'not_found', NOT_FOUND_MESSAGE];
    expect(await reply(engine.getById(op, missing))).toEqual(notFound);
    expect(await reply(engine.getDtlById(op, missing))).toEqual(notFound);
    expect(await reply(engine.getAuthRow(op, missing))).toEqual(notFound);
    expect(await reply(engine.getStatusHistory(op, missing))).toEqual(notFound);
    expect((await engine.getById(op, other)).Remark10).toBe('not for ann');
  });

  it('marks the key and row version columns in GetAuthCol', () => {
    const cols = engine.getAuthCol(ann);
    const col = (n: string) => cols.find((c) => c.ColName === n);
    expect(col('WalletId10')).toMatchObject({
      ColKey: 'Y',
      ColVersion: 'N',
      ColReadOnly: 'Y',
      MasterTable: 'Y',
    });
    expect(col('RowVersion10')).toMatchObject({ ColKey: 'N', ColVersion: 'Y', ColReadOnly: 'Y' });
    expect(col('ValidatorId5')).toMatchObject({ ColKey: 'Y', MasterTable: 'N' });
    expect(col('Remark10')).toMatchObject({ ColKey: 'N', ColVersion: 'N', ColReadOnly: 'N' });
  });

  it('keeps saved criteria per process and uses the new ones right after SetScreenCriteria', async () => {
    expect((await engine.getSearchList(ann, { topN: 50 })).total).toBeGreaterThan(1);
    await engine.setScreenCriteria(ann, [{ ScreenCriId: 10, LastCriteria: annWallet }]);
    const narrowed = await engine.getSearchList(ann, { topN: 50 });
    expect(narrowed.data.map((r) => r.detail)).toEqual(['by wallet']);
    expect((await engine.getScreenCriteria(ann, 1))[0]).toMatchObject({ LastCriteria: annWallet });
    await engine.setScreenCriteria(ann, {});
    expect((await engine.getSearchList(ann, { topN: 50 })).total).toBeGreaterThan(1);
  });

  it('reads saved criteria from the database, so criteria saved by another instance apply at once', async () => {
    await engine.setScreenCriteria(ben, { '10': '0xben' });
    expect((await engine.getScreenCriteria(ben, 1))[0]).toMatchObject({ LastCriteria: '0xben' });
    // Changed behind this process's back (another server instance on the same database).
    await database.query(`UPDATE screen_criteria SET value = $2 WHERE usr_id = $1`, [ben.usrId, '0xother']);
    expect((await engine.getScreenCriteria(ben, 1))[0]).toMatchObject({ LastCriteria: '0xother' });
    await database.query(`DELETE FROM screen_criteria WHERE usr_id = $1`, [ben.usrId]);
    expect((await engine.getScreenCriteria(ben, 1))[0]).toMatchObject({ LastCriteria: '' });
  });

  it('filters detail rows case-insensitively on one column or all, choices by their text', async () => {
    const saved = await engine.saveData(ann, {
      mst: { WalletId10: '', Eth1WithdrawalAddr10: '0xf', Remark10: 'filter' },
      dtl: [
        { PubKey5: '0xAB12', StatusCd5: 'Y' },
        { PubKey5: '0xcd34', StatusCd5: 'N' },
      ],
    });
    const id = saved.mst.WalletId10 as number;
    const pick = async (FilteredColumn: string, FilteredValue: string) =>
      (await engine.getDtlById(ann, id, undefined, { FilteredColumn, FilteredValue })).map((r) => r.PubKey5);
    expect(await pick('PubKey5', 'ab')).toEqual(['0xAB12']);
    expect(await pick('All', 'yes')).toEqual(['0xAB12']);
    expect(await pick('StatusCd5', 'no')).toEqual(['0xcd34']);
    expect(await pick('All', '%')).toEqual([]);
  });
}
