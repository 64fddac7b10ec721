// SupportRequestWs walked through every common operation; the staff users screen; a staff user
// made by the admin command signs in with their password and reaches the back office.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { logIn } from '../testing/flows.ts';
import { Role } from '../framework/roles.ts';
import { createStaff } from '../admin/createStaff.ts';
import { countRows, makeUser, type TestUser } from '../testing/testUsers.ts';

type Row = Record<string, unknown>;
const S = 'SupportRequest';

let t: TestApp;
let carol: TestUser;
let dave: TestUser;
let operator: TestUser;
let admin: TestUser;
let requestId: string;
let personId: string;

describe.each(testDatabaseKinds)('SupportRequestWs and UsrWs on %s', (kind) => {
  beforeAll(async () => {
    t = await startTestApp(kind);
    carol = await makeUser(t, 'carol@example.com', Role.borrower);
    dave = await makeUser(t, 'dave@example.com', Role.borrower);
    operator = await makeUser(t, 'operator@payd.test', Role.operator);
    admin = await makeUser(t, 'admin@payd.test', Role.admin);
    const p = await t.call<{ mst: Row }>(
      'KycPerson',
      'SaveData',
      { mst: { KycPersonId15: '', Name15: 'Carol C' } },
      carol.as,
    );
    personId = String(p.d.data!.mst.KycPersonId15);
  });

  afterAll(async () => {
    await t?.close();
  });

  filingCases();
  listCases();
  metadataCases();
  initAndUsrCases();
  registeredWalletCases();
});

function filingCases(): void {
  it('a customer files a request the way the support screen sends it', async () => {
    const empty = await t.call<Row>(S, 'GetNewMst', {}, carol.as);
    expect(empty.d.data).toMatchObject({
      SupportRequestId51: '',
      RequestTypeId51: null,
      RequestInfo51: null,
    });
    const missing = await t.call(
      S,
      'SaveData',
      { mst: { SupportRequestId51: '', RequestTypeId51: '', RequestInfo51: '' } },
      carol.as,
    );
    expect(missing.d.validationErrors).toEqual([
      { field: 'mst.RequestTypeId51', message: 'Please select a request type.' },
      { field: 'mst.RequestInfo51', message: 'Please enter the request information.' },
    ]);
    const s = await t.call<{ mst: Row }>(
      S,
      'SaveData',
      {
        mst: {
          SupportRequestId51: '',
          UserId51: carol.usrId,
          KycPersonId51: personId,
          KycCorpId51: '',
          RequestTypeId51: 'LIV',
          RequestInfo51: 'My camera is not detected',
          InputOn51: '',
        },
        dtl: [],
        options: {},
      },
      carol.as,
    );
    expect(s.d.status).toBe('success');
    expect(s.d.data!.mst).toMatchObject({
      UserId51: carol.usrId,
      UserId51Text: 'carol@example.com',
      KycPersonId51: Number(personId),
      KycPersonId51Text: 'Carol C',
      RequestTypeId51Text: 'Liveness test issue',
      InputOn51: t.clock.now().toISOString(),
    });
    requestId = String(s.d.data!.mst.SupportRequestId51);
    const again = await t.call(
      S,
      'SaveData',
      { mst: { ...s.d.data!.mst, RequestInfo51: 'edited' } },
      carol.as,
    );
    expect(again.status).toBe(403);
  });
}

function listCases(): void {
  it('serves lists, record, empty detail, filters and criteria', async () => {
    await t.call(
      S,
      'SaveData',
      { mst: { SupportRequestId51: '', RequestTypeId51: 'PAY', RequestInfo51: 'Top-up missing' } },
      dave.as,
    );
    const staffList = await t.call<{ total: number; data: Row[] }>(
      S,
      'GetSearchList',
      { searchStr: '', topN: 5, filterId: '0', desiredScreenCriteria: null },
      operator.as,
    );
    expect(staffList.d.data!.total).toBe(2);
    expect(staffList.d.data!.data[0]).toMatchObject({
      label: 'Payments and credits',
      detail: 'Top-up missing',
      detailR: 'dave@example.com',
    });
    const found = await t.call<Row[]>(
      S,
      'GetSupportRequest51List',
      { searchStr: 'camera', topN: 5 },
      operator.as,
    );
    expect(found.d.data!.map((r) => r.key)).toEqual([requestId]);
    const byTypeText = await t.call<Row[]>(
      S,
      'GetSupportRequest51List',
      { searchStr: 'liveness', topN: 5 },
      operator.as,
    );
    expect(byTypeText.d.data!.map((r) => r.key)).toEqual([requestId]);
    const byCode = await t.call<Row[]>(
      S,
      'GetSupportRequest51List',
      { searchStr: '**LIV', topN: 5 },
      operator.as,
    );
    expect(byCode.d.data!.map((r) => r.key)).toEqual([requestId]);
    const filters = await t.call<Row[]>(S, 'GetScreenFilter', {}, carol.as);
    expect(filters.d.data).toEqual([{ ScreenFilterId: 1, FilterName: 'Liveness issues' }]);
    const liveness = await t.call<{ data: Row[] }>(S, 'GetSearchList', { filterId: 1 }, operator.as);
    expect(liveness.d.data!.data.map((r) => r.key)).toEqual([requestId]);
    const unknown = await t.call(S, 'GetSearchList', { filterId: '77' }, operator.as);
    expect(unknown.d.validationErrors).toEqual([{ field: 'filterId', message: 'Unknown filter' }]);
    const own = await t.call<{ total: number }>(S, 'GetSearchList', {}, carol.as);
    expect(own.d.data!.total).toBe(1);
    const rec = await t.call<Row>(S, 'GetSupportRequest51ById', { keyId: requestId, options: {} }, carol.as);
    expect(rec.d.data).toMatchObject({ RequestInfo51: 'My camera is not detected' });
    const dtl = await t.call(
      S,
      'GetSupportRequest51DtlById',
      { keyId: requestId, options: {}, filterId: '' },
      carol.as,
    );
    expect(dtl.d.data).toEqual([]);
    expect((await t.call(S, 'GetNewDtl', {}, carol.as)).d.data).toEqual({});
    await t.call(
      S,
      'SetScreenCriteria',
      { criteriaValues: [{ ScreenCriId: 1, LastCriteria: 'PAY' }] },
      operator.as,
    );
    const crit = await t.call<Row[]>(S, 'GetScreenCriteria', {}, operator.as);
    expect(crit.d.data).toEqual([
      {
        ScreenCriId: 1,
        ColumnName: 'RequestTypeId51',
        DisplayName: 'Request Type',
        DdlMethod: 'GetScreenCriteriaDdlList',
        LastCriteria: 'PAY',
      },
    ]);
    const narrowed = await t.call<{ data: Row[] }>(S, 'GetSearchList', {}, operator.as);
    expect(narrowed.d.data!.data.map((r) => r.detail)).toEqual(['Top-up missing']);
    const ddl = await t.call<Row[]>(
      S,
      'GetScreenCriteriaDdlList',
      { screenCriId: 1, query: 'pay', topN: 50, filterBy: null },
      operator.as,
    );
    expect(ddl.d.data).toEqual([{ key: 'PAY', label: 'Payments and credits' }]);
    const badCri = await t.call(S, 'SetScreenCriteria', { criteriaValues: { '9': 'x' } }, operator.as);
    expect(badCri.status).toBe(400);
  });
}

function metadataCases(): void {
  it('serves metadata, dropdowns and column content', async () => {
    const authCol = await t.call<Row[]>(S, 'GetAuthCol', {}, carol.as);
    expect(authCol.d.data!.find((c) => c.ColName === 'UserId51')).toMatchObject({
      ColVisible: 'Y',
      ColReadOnly: 'Y',
    });
    expect(authCol.d.data!.find((c) => c.ColName === 'RequestInfo51')).toMatchObject({ ColReadOnly: 'N' });
    expect((await t.call<Row[]>(S, 'GetAuthRow', {}, carol.as)).d.data).toEqual([
      { AllowAdd: 'Y', AllowUpd: 'N', AllowDel: 'N', ViewOnly: 'N', RowScope: 'own' },
    ]);
    expect((await t.call<Row[]>(S, 'GetAuthRow', {}, admin.as)).d.data![0]).toMatchObject({
      AllowDel: 'Y',
      RowScope: 'all',
    });
    const labels = await t.call<Row[]>(S, 'GetScreenLabel', {}, carol.as);
    expect(labels.d.data!.find((c) => c.ColumnName === 'RequestTypeId51')).toMatchObject({
      ColumnHeader: 'Request Type',
      Required: 'Y',
    });
    expect(
      (await t.call<Row[]>(S, 'GetLabels', { labelCat: 'screen:SupportRequest' }, carol.as)).d.data!.length,
    ).toBeGreaterThan(5);
    expect(
      (await t.call<Row[]>(S, 'GetSystemLabels', { labelCat: 'Buttons' }, carol.as)).d.data,
    ).toHaveLength(10);
    const buttons = await t.call<Row[]>(S, 'GetScreenButtonHlp', {}, carol.as);
    expect(buttons.d.data!.filter((b) => b.ButtonVisible === 'Y').map((b) => b.ButtonTypeName)).toEqual([
      'New',
      'Copy',
      'Save',
      'SaveClose',
    ]);
    expect((await t.call<Row>(S, 'GetScreenHlp', {}, carol.as)).d.data).toMatchObject({
      ScreenTitle: 'Support Requests',
    });
    expect(
      (await t.call<Row[]>(S, 'GetRequestTypeId51List', { query: '', topN: 50, filterBy: null }, carol.as)).d
        .data,
    ).toHaveLength(6);
    expect((await t.call<Row[]>(S, 'GetKycPersonId51List', { query: '' }, dave.as)).d.data).toEqual([]);
    expect((await t.call<Row[]>(S, 'GetKycPersonId51List', { query: 'car' }, carol.as)).d.data).toEqual([
      { key: personId, label: 'Carol C' },
    ]);
    expect((await t.call<Row[]>(S, 'GetUserId51List', {}, dave.as)).d.data).toEqual([
      { key: String(dave.usrId), label: 'dave@example.com' },
    ]);
    expect((await t.call<Row[]>(S, 'GetKycCorpId51List', {}, carol.as)).d.data).toEqual([]);
    const ref = await t.call(
      S,
      'GetRefColumnContent',
      {
        mstId: requestId,
        dtlId: '',
        refKeyId: personId,
        refScreenColumnName: 'KycPersonId51',
        isMaster: true,
        options: {},
      },
      carol.as,
    );
    expect(ref.d.data).toEqual({ key: personId, label: 'Carol C' });
    const refOther = await t.call(
      S,
      'GetRefColumnContent',
      { refKeyId: personId, refScreenColumnName: 'KycPersonId51' },
      dave.as,
    );
    expect(refOther.d.data).toBeNull();
    const col = await t.call(
      S,
      'GetColumnContent',
      {
        mstId: requestId,
        dtlId: '',
        screenColumnName: 'RequestInfo51',
        columnName: 'request_info',
        isMaster: true,
      },
      carol.as,
    );
    expect(col.d.data).toBe('My camera is not detected');
    expect(
      (await t.call(S, 'GetColumnContent', { mstId: requestId, screenColumnName: 'RequestInfo51' }, dave.as))
        .status,
    ).toBe(403);
    const zip = await t.call<Row>(S, 'GetDocZipDownload', { keyId: requestId, options: {} }, carol.as);
    expect(Buffer.from(String(zip.d.data!.base64), 'base64').length).toBe(22);
    expect(
      (
        await t.call(
          S,
          'GetDoc',
          { mstId: requestId, docId: 1, isMaster: true, screenColumnName: 'RequestInfo51' },
          carol.as,
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await t.call(
          S,
          'AddDocColumnContent',
          { mstId: requestId, isMaster: true, screenColumnName: 'RequestInfo51', docJson: '{}' },
          admin.as,
        )
      ).status,
    ).toBe(403);
  });
}

function initAndUsrCases(): void {
  it('LoadInitPage opens a record with its lists; operators update and admins delete', async () => {
    const init = await t.call<Row, Row>(
      S,
      'LoadInitPage',
      { options: { MstId: requestId, SkipOnDemandData: 'Y', ReAuth: 'N' } },
      operator.as,
    );
    expect(init.d.data).toMatchObject({ Mst: { SupportRequestId51: Number(requestId) }, Dtl: [] });
    expect(init.d.supportingData).toMatchObject({ GetRequestTypeId51List: expect.any(Array) as unknown });
    const mst = init.d.data!.Mst as Row;
    const upd = await t.call<{ mst: Row }>(
      S,
      'SaveData',
      { mst: { ...mst, RequestTypeId51: 'KYC' } },
      operator.as,
    );
    expect(upd.d.data!.mst).toMatchObject({ RequestTypeId51: 'KYC', RowVersion51: 2 });
    expect((await t.call(S, 'DelMst', { mst: upd.d.data!.mst, options: {} }, operator.as)).status).toBe(403);
    const stale = await t.call(S, 'DelMst', { mst }, admin.as);
    expect(stale.status).toBe(409);
    const before = await countRows(t, 'support_request');
    const del = await t.call(S, 'DelMst', { mst: upd.d.data!.mst }, admin.as);
    expect(del.d).toMatchObject({ status: 'success', message: 'Deleted' });
    expect(await countRows(t, 'support_request')).toBe(before - 1);
    // Staff reach every row: a deleted record is simply not found (framework README).
    expect((await t.call(S, 'GetSupportRequest51ById', { keyId: requestId }, admin.as)).status).toBe(404);
  });

  it('UsrWs: staff see accounts and wallets, never password hashes; customers are refused', async () => {
    await t.database.query(`INSERT INTO wallets (address, usr_id, created_at) VALUES ('0xabc', $1, now())`, [
      carol.usrId,
    ]);
    const list = await t.call<{ data: Row[] }>(
      'Usr',
      'GetSearchList',
      { searchStr: 'carol', topN: 5 },
      operator.as,
    );
    expect(list.d.data!.data).toEqual([
      {
        key: String(carol.usrId),
        label: 'carol@example.com',
        labelR: 'Borrower',
        detail: expect.any(String) as unknown,
        detailR: '',
      },
    ]);
    const rec = await t.call<Row>('Usr', 'GetUsr1ById', { keyId: carol.usrId }, operator.as);
    expect(Object.keys(rec.d.data!)).not.toContain('password_hash');
    expect(JSON.stringify(rec.d.data)).not.toContain('not-a-password-hash');
    const wallets = await t.call<Row[]>('Usr', 'GetUsr1DtlById', { keyId: carol.usrId }, operator.as);
    expect(wallets.d.data).toEqual([
      { WalletAddr1: '0xabc', WalletCreatedAt1: expect.any(String) as unknown },
    ]);
    const staff = await t.call<{ data: Row[] }>(
      'Usr',
      'GetSearchList',
      { filterId: '1', topN: 50 },
      operator.as,
    );
    expect(staff.d.data!.data.map((r) => r.label).sort()).toEqual(['admin@payd.test', 'operator@payd.test']);
    expect((await t.call('Usr', 'GetSearchList', {}, carol.as)).status).toBe(403);
  });

  it('a staff user made by the admin command signs in with their password and reviews KYC', async () => {
    const made = await createStaff(t.database.db, {
      email: 'Kim@Payd.test',
      role: 'kyc-reviewer',
      password: 'Quartz-Heron#2026',
    });
    expect(made).toMatchObject({ role: Role.kycReviewer, created: true });
    const tokens = await logIn(t, 'kim@payd.test', 'Quartz-Heron#2026');
    const queue = await t.call<{ data: Row[] }>(
      'KycPerson',
      'GetSearchList',
      { filterId: '1' },
      { token: tokens.access_token },
    );
    expect(queue.d.data!.data.map((r) => r.label)).toEqual(['Carol C']);
    await expect(
      createStaff(t.database.db, { email: 'x@payd.test', role: 'borrower', password: 'Password#1' }),
    ).rejects.toThrow(/role must be one of/);
    // Staff passwords follow the same rules as the customers' (spec 002) and the common list.
    await expect(
      createStaff(t.database.db, { email: 'y@payd.test', role: 'admin', password: 'longenoughpassword' }),
    ).rejects.toThrow(/capital/i);
    await expect(
      createStaff(t.database.db, { email: 'y@payd.test', role: 'admin', password: 'Password123!' }),
    ).rejects.toThrow(/common/i);
    const again = await createStaff(t.database.db, {
      email: 'kim@payd.test',
      role: 'admin',
      password: 'Amber-Lynx#2026',
    });
    expect(again).toMatchObject({ usrId: made.usrId, role: Role.admin, created: false });
  });
}

function registeredWalletCases(): void {
  it('UsrWs: staff read the on-chain wallet a customer registered, not a withdrawn one', async () => {
    const none = await t.call<Row>('Usr', 'GetUsr1ById', { keyId: dave.usrId }, operator.as);
    expect(none.d.data).toMatchObject({ RegisteredWallet1: null, RegisteredWalletKycMarkedOn1: null });
    const addr = '0x00000000000000000000000000000000000000dd';
    await t.database.query(
      `INSERT INTO stake_wallet_address (usr_id, stake_wallet_addr, stake_wallet_status_cd) VALUES ($1, '0x00000000000000000000000000000000000000d0', 'D')`,
      [dave.usrId],
    );
    await t.database.query(
      `INSERT INTO stake_wallet_address (usr_id, stake_wallet_addr, stake_wallet_status_cd, kyc_marked_on) VALUES ($1, $2, 'A', now())`,
      [dave.usrId, addr],
    );
    const rec = await t.call<Row>('Usr', 'GetUsr1ById', { keyId: dave.usrId }, operator.as);
    expect(rec.d.data).toMatchObject({
      UsrName1: 'dave@example.com',
      RegisteredWallet1: addr,
      RegisteredWalletKycMarkedOn1: expect.any(String) as unknown,
    });
    const init = await t.call<{ AuthCol: { ColumnName: string; ColumnHeader?: string }[] }>(
      'Usr',
      'LoadInitPage',
      { options: { TopN: 5, FirstOrDefault: 'N' } },
      operator.as,
    );
    expect(JSON.stringify(init.d.data!.AuthCol)).toContain('Registered Wallet');
    expect((await t.call('Usr', 'GetUsr1ById', { keyId: dave.usrId }, dave.as)).status).toBe(403);
  });
}
