// Customers get no staff identity from any screen: a staff account in a users column (the stamps
// InputBy/ModifiedBy, or any other column over the users table) reads 'payd staff' with a null id
// in records, detail lists and search lists, is never a dropdown choice or a search match, and a
// status history entry by staff carries no staff id or name. Staff still see who it was. First on
// the engine with a test screen customers read whole, then over HTTP on the staking screens whose
// ModifiedBy2Text / ModifiedBy17Text showed staff sign-in names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';
import { createStakingFeature } from '../staking/plugin.ts';
import { openTestDatabase, startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { lookup, num, ref, stampColumns, text, userSource } from './columns.ts';
import { defineScreen, type Caller } from './definition.ts';
import { ScreenEngine } from './engine.ts';
import { Role } from './roles.ts';
import { STAFF_LABEL } from './sqlText.ts';

type Row = Record<string, unknown>;

const noteScreen = defineScreen({
  screenId: 91,
  service: 'TestNote',
  entity: 'TestNote8',
  title: 'Test notes',
  master: {
    table: 't_note',
    columns: [
      num('NoteId8', 'note_id', 'Id', { system: 'key' }),
      text('Body8', 'body', 'Body', { required: true }),
      ref('Status8', 'status', 'Status', 'yn', { audited: true }),
      lookup('Handler8', 'handler', 'Handler', userSource),
      ...stampColumns('8'),
      num('RowVersion8', 'row_version', 'Version', { system: 'rowVersion' }),
    ],
  },
  detail: {
    table: 't_note_line',
    entity: 'TestNoteLine9',
    fk: 'note_id',
    orderBy: 'line_id',
    columns: [
      num('LineId9', 'line_id', 'Id', { system: 'key' }),
      text('Line9', 'line', 'Line'),
      lookup('InputBy9', 'input_by', 'By', userSource, { system: 'inputBy' }),
    ],
  },
  searchList: {
    label: 'Body8',
    detail: 'ModifiedBy8',
    detailR: 'Handler8',
    search: ['Body8', 'ModifiedBy8'],
    orderBy: 'NoteId8',
  },
  // Customers read (and may edit) every note, so a staff name would have every road to them.
  access: [
    { roles: 'customers', rows: 'all', allowAdd: false, allowUpd: true, allowDel: false, viewOnly: false },
    { roles: 'staff', rows: 'all', allowAdd: true, allowUpd: true, allowDel: false, viewOnly: false },
  ],
});

describe.each(testDatabaseKinds)('staff identity on the engine (%s)', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  let engine: ScreenEngine;
  const ann: Caller = { usrId: 0, usrName: 'ann@example.com', role: Role.borrower };
  const op: Caller = { usrId: 0, usrName: 'oscar.staffer@payd.test', role: Role.operator };
  let key: string;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(kind));
    await database.exec(`
      CREATE TABLE t_note (note_id serial PRIMARY KEY, body text, status text, handler integer,
        input_by integer, input_on timestamptz, modified_by integer, modified_on timestamptz,
        row_version integer NOT NULL DEFAULT 1);
      CREATE TABLE t_note_line (line_id serial PRIMARY KEY, note_id integer NOT NULL REFERENCES t_note,
        line text, input_by integer);`);
    for (const c of [ann, op]) {
      const r = await database.query<{ usr_id: number }>(
        `INSERT INTO users (usr_name, password_hash, role, created_at, password_changed_at) VALUES ($1, 'x', $2, now(), now()) RETURNING usr_id`,
        [c.usrName, c.role],
      );
      c.usrId = r[0]!.usr_id;
    }
    engine = new ScreenEngine(noteScreen, { db: database.db, clock: new ManualClock(new Date()) });
    const saved = await engine.saveData(op, {
      mst: { NoteId8: '', Body8: 'first note', Status8: 'Y', Handler8: op.usrId },
      dtl: [{ LineId9: '', Line9: 'a line' }],
    });
    key = String(saved.mst.NoteId8);
  });
  afterAll(async () => {
    await drop?.();
  });

  it('shows a customer a neutral label and no staff id, and staff the name', async () => {
    const rec = await engine.getById(ann, key);
    expect(rec).toMatchObject({
      InputBy8: null,
      InputBy8Text: STAFF_LABEL,
      ModifiedBy8: null,
      ModifiedBy8Text: STAFF_LABEL,
      Handler8: null,
      Handler8Text: STAFF_LABEL,
    });
    const lines = await engine.getDtlById(ann, key);
    expect(lines).toEqual([
      { LineId9: expect.any(Number) as unknown, Line9: 'a line', InputBy9: null, InputBy9Text: STAFF_LABEL },
    ]);
    const list = await engine.getSearchList(ann, { topN: 10 });
    expect(list.data).toEqual([
      { key, label: 'first note', labelR: '', detail: STAFF_LABEL, detailR: STAFF_LABEL },
    ]);
    const history = await engine.getStatusHistory(ann, key);
    expect(history).toMatchObject([
      { ColumnName: 'Status8', After: 'Y', ChangedBy: 0, ChangedByName: STAFF_LABEL },
    ]);

    const everything = JSON.stringify([rec, lines, list, history]);
    expect(everything).not.toContain('oscar');
    expect(everything).not.toMatch(
      new RegExp(`"(InputBy8|ModifiedBy8|Handler8|InputBy9|ChangedBy)":${op.usrId}\\b`),
    );

    // The same record as staff: who it was.
    expect(await engine.getById(op, key)).toMatchObject({
      ModifiedBy8: op.usrId,
      ModifiedBy8Text: op.usrName,
      Handler8Text: op.usrName,
    });
    expect((await engine.getDtlById(op, key))[0]).toMatchObject({ InputBy9Text: op.usrName });
    expect((await engine.getStatusHistory(op, key))[0]).toMatchObject({
      ChangedBy: op.usrId,
      ChangedByName: op.usrName,
    });
  });

  it('never offers a customer a staff account as a choice or a search match', async () => {
    expect(await engine.dropdown(ann, 'Handler8', {})).toEqual([
      { key: String(ann.usrId), label: ann.usrName },
    ]);
    expect(
      await engine.getRefColumnContent(ann, { refKeyId: op.usrId, refScreenColumnName: 'ModifiedBy8' }),
    ).toBeNull();
    expect((await engine.getSearchList(ann, { searchStr: 'oscar' })).data).toEqual([]);
    expect(
      await engine.getDtlById(ann, key, undefined, { FilteredColumn: 'All', FilteredValue: 'oscar' }),
    ).toEqual([]);
    // Staff find by the name.
    expect((await engine.getSearchList(op, { searchStr: 'oscar' })).data).toHaveLength(1);
    expect((await engine.dropdown(op, 'Handler8', { query: 'oscar' })).map((c) => c.label)).toEqual([
      op.usrName,
    ]);
  });

  it('takes back a record a customer read (staff stamps as null) and stamps the customer', async () => {
    const rec = await engine.getById(ann, key);
    const saved = await engine.saveData(ann, { mst: { ...rec, Body8: 'edited', Handler8: ann.usrId } });
    expect(saved.mst).toMatchObject({
      Body8: 'edited',
      ModifiedBy8: ann.usrId,
      ModifiedBy8Text: ann.usrName,
      InputBy8: null,
      InputBy8Text: STAFF_LABEL,
    });
  });
});

let t: TestApp;
let alice: TestUser;
let admin: TestUser;
let reviewer: TestUser;
const staffNames = ['the.admin@payd.test', 'the.reviewer@payd.test'];

const byId = async (service: string, entity: string, key: unknown, who: TestUser) => {
  const r = await t.call<Row>(service, `Get${entity}ById`, { keyId: key }, who.as);
  expect(r.status).toBe(200);
  return r.d.data!;
};

describe.each(testDatabaseKinds)('staff identity on the staking screens (%s)', (kind) => {
  beforeAll(async () => {
    t = await startTestApp(
      kind,
      {},
      { features: [createStakingFeature({ beacon: null, deposits: null, kyc: null })] },
    );
    alice = await makeUser(t, 'alice@example.com', Role.borrower);
    admin = await makeUser(t, staffNames[0]!, Role.admin);
    reviewer = await makeUser(t, staffNames[1]!, Role.kycReviewer);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('shows alice her records changed by staff without their sign-in names', async () => {
    // Alice's staking profile, changed by an admin; her wallet, declined by a KYC reviewer.
    const own = await t.call<{ mst: Row }>(
      'StakeUserInfo',
      'SaveData',
      { mst: { AgentNumber17: 'AG-1' } },
      alice.as,
    );
    const profileKey = own.d.data!.mst.StakeInfoId17;
    const p = await byId('StakeUserInfo', 'StakeUserInfo17', profileKey, admin);
    const byAdmin = await t.call(
      'StakeUserInfo',
      'SaveData',
      { mst: { StakeInfoId17: profileKey, AgentNumber17: 'AG-2', RowVersion17: p.RowVersion17 } },
      admin.as,
    );
    expect(byAdmin.d.status).toBe('success');
    const w = await t.database.query<{ id: number }>(
      `INSERT INTO stake_wallet_address (usr_id, stake_wallet_addr, stake_wallet_status_cd, input_by, input_on, modified_by, modified_on)
       VALUES ($1, '0x00000000000000000000000000000000000a11ce', 'A', $1, now(), $1, now()) RETURNING stake_wallet_addr_id AS id`,
      [alice.usrId],
    );
    const walletKey = w[0]!.id;
    const wr = await byId('StakeWalletAddress', 'StakeWalletAddress2', walletKey, reviewer);
    const declined = await t.call(
      'StakeWalletAddress',
      'SaveData',
      {
        mst: {
          StakeWalletAddrId2: walletKey,
          StakeWalletAddr2: wr.StakeWalletAddr2,
          StakeWalletStatusCd2: 'D',
          RowVersion2: wr.RowVersion2,
        },
      },
      reviewer.as,
    );
    expect(declined.d.status).toBe('success');

    // Every reply alice gets about them.
    const replies: unknown[] = [];
    const call = async (service: string, method: string, body: object) => {
      const r = await t.call(service, method, body, alice.as);
      replies.push(r.d);
      return r;
    };
    const profile = await call('StakeUserInfo', 'GetStakeUserInfo17ById', { keyId: profileKey });
    expect(profile.d.data).toMatchObject({
      AgentNumber17: 'AG-2',
      InputBy17Text: alice.email,
      ModifiedBy17: null,
      ModifiedBy17Text: STAFF_LABEL,
    });
    const wallet = await call('StakeWalletAddress', 'GetStakeWalletAddress2ById', { keyId: walletKey });
    expect(wallet.d.data).toMatchObject({
      StakeWalletStatusCd2: 'D',
      ModifiedBy2: null,
      ModifiedBy2Text: STAFF_LABEL,
    });
    for (const [service, entity, k] of [
      ['StakeUserInfo', 'StakeUserInfo17', profileKey],
      ['StakeWalletAddress', 'StakeWalletAddress2', walletKey],
    ] as const) {
      const init = await call(service, 'LoadInitPage', { options: { MstId: k } });
      expect(init.status).toBe(200);
      await call(service, `Get${entity}List`, { searchStr: '' });
      await call(service, 'GetSearchList', { searchStr: 'the' });
      await call(service, `Get${entity}DtlById`, { keyId: k });
      await call(service, `GetModifiedBy${entity.slice(-2)}List`, { query: '' });
      await call(service, 'GetRefColumnContent', {
        mstId: k,
        refKeyId: admin.usrId,
        refScreenColumnName: `ModifiedBy${entity.slice(-2)}`,
      });
      await call(service, 'GetColumnContent', {
        mstId: k,
        screenColumnName: `ModifiedBy${entity.slice(-2)}Text`,
      });
    }
    const all = JSON.stringify(replies);
    for (const name of staffNames) expect(all).not.toContain(name);
    expect(all).not.toContain('payd.test');

    // Staff see who it was.
    expect(await byId('StakeUserInfo', 'StakeUserInfo17', profileKey, reviewer)).toMatchObject({
      ModifiedBy17: admin.usrId,
      ModifiedBy17Text: staffNames[0],
    });
    expect(await byId('StakeWalletAddress', 'StakeWalletAddress2', walletKey, admin)).toMatchObject({
      ModifiedBy2Text: staffNames[1],
    });

    // Alice saves the record as she read it (the staff stamp as null): an ordinary save.
    const again = await t.call<{ mst: Row }>(
      'StakeUserInfo',
      'SaveData',
      { mst: { ...(profile.d.data as Row), AgentNumber17: 'AG-3' } },
      alice.as,
    );
    expect(again.d.status).toBe('success');
    expect(again.d.data!.mst).toMatchObject({ AgentNumber17: 'AG-3', ModifiedBy17Text: alice.email });
  });
});
