// KycPersonWs walked through, continued from kycPerson.test.ts on the records that walk leaves
// (alice's sent back to her, P2; bob's waiting): documents through detail rows, a save rolled back
// as a whole, metadata, criteria and lookups.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import type { TestUser } from '../testing/testUsers.ts';
import { pdfOf, pngOf } from '../testing/docFixtures.ts';
import { startKycPersonCast } from '../testing/kycPersonCast.ts';

type Row = Record<string, unknown>;
const S = 'KycPerson';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let reviewer: TestUser;
let aliceId: string;

/** The records as kycPerson.test.ts leaves them: alice's and bob's saved by their owners, alice's
 * sent back by the reviewer (P2, with a reason) and then described by them. */
async function recordsInReview(): Promise<void> {
  const n = await t.call<Row>(S, 'GetNewMst', {}, alice.as);
  const s = await t.call<{ mst: Row }>(
    S,
    'SaveData',
    {
      mst: {
        ...n.d.data,
        Name15: 'Alice Liddell',
        GenderCd15: 'F',
        DateOfBirth15: '1990-05-04',
        AnnualIncome15: '85000.50',
      },
      dtl: [],
    },
    alice.as,
  );
  aliceId = String(s.d.data!.mst.KycPersonId15);
  await t.call(S, 'SaveData', { mst: { KycPersonId15: '', Name15: 'Bob Builder' } }, bob.as);
  const rec = await t.call<Row>(S, 'GetKycPerson15ById', { keyId: aliceId, options: {} }, reviewer.as);
  await t.call(
    S,
    'SaveData',
    { mst: { ...rec.d.data, InternalStatus15: 'P2', Reason15: 'The ID photo is blurred' } },
    reviewer.as,
  );
  const a = (await t.call<Row>(S, 'GetKycPerson15ById', { keyId: aliceId }, reviewer.as)).d.data!;
  await t.call(S, 'SaveData', { mst: { ...a, KycDesc15: 'first' } }, reviewer.as);
}

describe.each(testDatabaseKinds)('KycPersonWs on %s', (kind) => {
  beforeAll(async () => {
    ({ t, alice, bob, reviewer } = await startKycPersonCast(kind));
    await recordsInReview();
  });

  afterAll(async () => {
    await t?.close();
  });

  documentCases();
  rollbackCases();
  metadataCases();
  lookupCases();
});

function documentCases(): void {
  it('documents: add, list, fetch, zip, rename through detail rows; another customer gets nothing', async () => {
    // Whole pictures: uploads are decoded to their end (a cut-short file is refused).
    const png = pngOf(8, 8);
    const second = pngOf(4, 4);
    const add = await t.call<Row>(
      S,
      'AddDocColumnContent',
      {
        mstId: aliceId,
        isMaster: true,
        screenColumnName: 'KycPersonDoc15',
        docJson: JSON.stringify({
          fileName: 'passport.png',
          mimeType: 'image/png',
          base64: png.toString('base64'),
        }),
      },
      alice.as,
    );
    expect(add.d.status).toBe('success');
    const docId = Number(add.d.data!.DocId);
    await t.call(
      S,
      'AddDocColumnContent',
      {
        mstId: aliceId,
        screenColumnName: 'KycPersonDoc15',
        docJson: { fileName: 'passport.png', mimeType: 'image/png', base64: second.toString('base64') },
      },
      alice.as,
    );
    const rec = await t.call<Row>(S, 'GetKycPerson15ById', { keyId: aliceId }, alice.as);
    expect(rec.d.data!.KycPersonDoc15).toEqual([
      expect.objectContaining({
        DocId: docId,
        DocName: 'passport.png',
        MimeType: 'image/png',
        DocSize: png.length,
      }),
      expect.objectContaining({ DocName: 'passport.png', DocSize: second.length }),
    ]);
    const doc = await t.call<Row>(
      S,
      'GetDoc',
      { mstId: aliceId, docId, isMaster: true, screenColumnName: 'KycPersonDoc15' },
      alice.as,
    );
    expect(Buffer.from(String(doc.d.data!.base64), 'base64')).toEqual(png);
    const zip = await t.call<Row>(S, 'GetDocZipDownload', { keyId: aliceId, options: {} }, reviewer.as);
    const bytes = Buffer.from(String(zip.d.data!.base64), 'base64');
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(bytes.includes(Buffer.from('passport (2).png'))).toBe(true);
    expect(bytes.includes(png)).toBe(true);
    const dtl = await t.call<Row[]>(
      S,
      'GetKycPerson15DtlById',
      { keyId: aliceId, options: {}, filterId: '0' },
      alice.as,
    );
    expect(dtl.d.data).toHaveLength(2);
    expect(dtl.d.data![0]).not.toHaveProperty('LoginName');
    await expectDetailFilters();
    await expectOthersRefused(docId);
    const a = (await t.call<Row>(S, 'GetKycPerson15ById', { keyId: aliceId }, alice.as)).d.data!;
    // A customer cannot retype a stored file (the type is set at upload, where a proof of
    // address's date is checked); the refused save deletes nothing either.
    const retyped = await t.call(
      S,
      'SaveData',
      {
        mst: a,
        dtl: [
          { ...dtl.d.data![0], DocTypeCd: 'POA' },
          { ...dtl.d.data![1], _mode: 'delete' },
        ],
      },
      alice.as,
    );
    expect(retyped.status).toBe(403);
    expect(
      (await t.call<Row[]>(S, 'GetKycPerson15DtlById', { keyId: aliceId }, alice.as)).d.data,
    ).toHaveLength(2);
    const renamed = await t.call<{ mst: Row }>(
      S,
      'SaveData',
      {
        mst: a,
        dtl: [
          { ...dtl.d.data![0], DocName: 'passport-front.png' },
          { ...dtl.d.data![1], _mode: 'delete' },
        ],
      },
      alice.as,
    );
    expect(renamed.d.status).toBe('success');
    // a reviewer may correct the type
    const staffView = (await t.call<Row>(S, 'GetKycPerson15ById', { keyId: aliceId }, reviewer.as)).d.data!;
    const staffRows = (await t.call<Row[]>(S, 'GetKycPerson15DtlById', { keyId: aliceId }, reviewer.as)).d
      .data!;
    const corrected = await t.call(
      S,
      'SaveData',
      { mst: staffView, dtl: [{ ...staffRows[0], DocTypeCd: 'ID' }] },
      reviewer.as,
    );
    expect(corrected.d.status).toBe('success');
    const after = await t.call<Row[]>(S, 'GetKycPerson15DtlById', { keyId: aliceId }, alice.as);
    expect(after.d.data).toEqual([
      expect.objectContaining({
        DocId: docId,
        DocName: 'passport-front.png',
        DocTypeCd: 'ID',
        DocTypeCdText: 'Identity document',
      }),
    ]);
  });
}

function rollbackCases(): void {
  it('rolls back the master when a detail row fails inside the transaction', async () => {
    const bobRec = (await t.call<{ data: Row[] }>(S, 'GetSearchList', { searchStr: 'bob' }, reviewer.as)).d
      .data!.data[0]!;
    const bobDoc = await t.call<Row>(
      S,
      'AddDocColumnContent',
      {
        mstId: bobRec.key,
        screenColumnName: 'KycPersonDoc15',
        docJson: { fileName: 'bill.pdf', mimeType: 'application/pdf', base64: pdfOf().toString('base64') },
      },
      bob.as,
    );
    const a = (await t.call<Row>(S, 'GetKycPerson15ById', { keyId: aliceId }, reviewer.as)).d.data!;
    // The master change is written first; the detail row names another person's document.
    const s = await t.call(
      S,
      'SaveData',
      {
        mst: { ...a, KycDesc15: 'should not stay' },
        dtl: [{ DocId: bobDoc.d.data!.DocId, DocName: 'stolen.pdf' }],
      },
      reviewer.as,
    );
    expect(s.status).toBe(403);
    const after = (await t.call<Row>(S, 'GetKycPerson15ById', { keyId: aliceId }, reviewer.as)).d.data!;
    expect(after.KycDesc15).toBe(a.KycDesc15);
    expect(after.RowVersion15).toBe(a.RowVersion15);
    const bobDocs = await t.call<Row[]>(S, 'GetKycPerson15DtlById', { keyId: bobRec.key }, reviewer.as);
    expect(bobDocs.d.data!.map((r) => r.DocName)).toEqual(['bill.pdf']);
    // A detail row the schema rejects stops the save before anything is written.
    const bad = await t.call(
      S,
      'SaveData',
      { mst: { ...a, KycDesc15: 'nope' }, dtl: [{ DocId: '1', DocName: '' }] },
      reviewer.as,
    );
    expect(bad.status).toBe(400);
    expect(bad.d.validationErrors?.[0]?.field).toBe('dtl.0.DocName');
  });
}

function metadataCases(): void {
  it('serves metadata: auth columns and rows, labels per culture, buttons, help, criteria, new detail', async () => {
    const cols = await t.call<Row[]>(S, 'GetAuthCol', {}, alice.as);
    const col = (n: string) => cols.d.data!.find((c) => c.ColName === n);
    expect(col('InternalStatus15')).toMatchObject({ ColVisible: 'Y', ColReadOnly: 'Y', MasterTable: 'Y' });
    expect(col('RiskReport15')).toMatchObject({ ColVisible: 'N' });
    expect(col('Name15')).toMatchObject({ ColVisible: 'Y', ColReadOnly: 'N' });
    const staffCols = await t.call<Row[]>(S, 'GetAuthCol', {}, reviewer.as);
    expect(staffCols.d.data!.find((c) => c.ColName === 'InternalStatus15')).toMatchObject({
      ColReadOnly: 'N',
    });
    const row = await t.call<Row[]>(S, 'GetAuthRow', {}, alice.as);
    expect(row.d.data).toEqual([
      { AllowAdd: 'Y', AllowUpd: 'Y', AllowDel: 'N', ViewOnly: 'N', RowScope: 'own' },
    ]);
    await t.database.query(
      `INSERT INTO labels (culture_id, label_cat, label_key, label_text) VALUES (2, 'screen:KycPerson', 'Name15', 'Nom'), (2, 'Greeting', 'Hello', 'Bonjour'), (1, 'Greeting', 'Hello', 'Hello'), (1, 'Greeting', 'Bye', 'Bye')`,
    );
    const fr = await t.call<Row[]>(S, 'GetScreenLabel', {}, { ...alice.as, scope: { cultureId: 2 } });
    const label = (l: Row[], n: string) => l.find((c) => c.ColumnName === n)?.ColumnHeader;
    expect(label(fr.d.data!, 'Name15')).toBe('Nom');
    // Culture 2 is German: a label without a row of its own is the catalogue's German.
    expect(label(fr.d.data!, 'GenderCd15')).toBe('Geschlecht');
    expect(fr.d.data!.some((c) => c.ColumnName === 'RiskReport15')).toBe(false);
    const labels = await t.call<Row[]>(
      S,
      'GetLabels',
      { labelCat: 'Greeting' },
      { ...alice.as, scope: { cultureId: 2 } },
    );
    expect(labels.d.data).toEqual([
      { LabelCat: 'Greeting', LabelKey: 'Bye', LabelText: 'Bye' },
      { LabelCat: 'Greeting', LabelKey: 'Hello', LabelText: 'Bonjour' },
    ]);
    const sys = await t.call<Row[]>(S, 'GetSystemLabels', { labelCat: 'Framework' }, alice.as);
    expect(sys.d.data!.find((l) => l.LabelKey === 'NoResults')?.LabelText).toBe('No results found');
    const buttons = await t.call<Row[]>(S, 'GetScreenButtonHlp', {}, alice.as);
    const b = (n: string) => buttons.d.data!.find((x) => x.ButtonTypeName === n);
    expect(b('New')).toMatchObject({ ButtonVisible: 'Y', ButtonName: 'New', ButtonPlacement: 'B' });
    expect(b('Delete')).toMatchObject({ ButtonVisible: 'N' });
    expect(b('InsRow')).toMatchObject({ ButtonVisible: 'N' });
    expect(b('DelRow')).toMatchObject({ ButtonVisible: 'Y' });
    const hlp = await t.call<Row>(S, 'GetScreenHlp', {}, alice.as);
    expect(hlp.d.data).toMatchObject({
      ScreenTitle: 'KYC Persons',
      NoMasterMsg: 'No master record selected',
    });
    const newDtl = await t.call<Row>(S, 'GetNewDtl', {}, alice.as);
    expect(newDtl.d.data).toMatchObject({ DocId: '', DocName: null });
    const set = await t.call<Row[]>(
      S,
      'SetScreenCriteria',
      { criteriaValues: [{ ScreenCriId: 1, LastCriteria: 'P2' }] },
      reviewer.as,
    );
    expect(set.d.data![0]).toMatchObject({
      ScreenCriId: 1,
      ColumnName: 'InternalStatus15',
      LastCriteria: 'P2',
    });
    const crit = await t.call<Row[]>(S, 'GetScreenCriteria', {}, reviewer.as);
    expect(crit.d.data![0]).toMatchObject({ LastCriteria: 'P2', DisplayName: 'Status' });
    const narrowed = await t.call<{ data: Row[] }>(S, 'GetSearchList', { topN: 5 }, reviewer.as);
    expect(narrowed.d.data!.data).toEqual([]);
    await t.call(S, 'SetScreenCriteria', { criteriaValues: { '1': 'P1' } }, reviewer.as);
    const waiting = await t.call<{ data: Row[] }>(S, 'GetSearchList', { topN: 5 }, reviewer.as);
    expect(waiting.d.data!.data.map((r) => r.label)).toEqual(['Bob Builder', 'Alice Liddell']);
    const desired = await t.call<{ data: Row[] }>(
      S,
      'GetSearchList',
      { topN: 5, desiredScreenCriteria: [{ ScreenCriId: 1, LastCriteria: '' }] },
      reviewer.as,
    );
    expect(desired.d.data!.data).toHaveLength(2);
    await t.call(S, 'SetScreenCriteria', { criteriaValues: {} }, reviewer.as);
    const ddl = await t.call<Row[]>(
      S,
      'GetScreenCriteriaDdlList',
      { screenCriId: 1, query: 'review', topN: 50 },
      reviewer.as,
    );
    expect(ddl.d.data!.map((r) => r.key)).toEqual(['P1', 'p1', 'P3', 'P4']);
  });
}

function lookupCases(): void {
  it('dropdown lookups, reference and column content, LoadInitPage', async () => {
    const g = await t.call<Row[]>(S, 'GetGenderCd15List', { query: '', topN: 50, filterBy: null }, alice.as);
    expect(g.d.data).toEqual([
      { key: 'M', label: 'Male' },
      { key: 'F', label: 'Female' },
    ]);
    const users = await t.call<Row[]>(S, 'GetInputFor15List', { query: '', topN: 50 }, alice.as);
    expect(users.d.data).toEqual([{ key: String(alice.usrId), label: 'alice@example.com' }]);
    const staffUsers = await t.call<Row[]>(
      S,
      'GetInputFor15List',
      { query: 'example', topN: 50 },
      reviewer.as,
    );
    expect(staffUsers.d.data).toHaveLength(2);
    const hiddenDdl = await t.call(S, 'GetKycRiskRatingId15List', { query: '' }, alice.as);
    expect(hiddenDdl.status).toBe(403);
    const ref = await t.call<Row>(
      S,
      'GetRefColumnContent',
      { mstId: aliceId, refKeyId: 'P2', refScreenColumnName: 'InternalStatus15', isMaster: true },
      alice.as,
    );
    expect(ref.d.data).toEqual({ key: 'P2', label: 'Problem With Data Collection' });
    const content = await t.call(
      S,
      'GetColumnContent',
      { mstId: aliceId, screenColumnName: 'Reason15', columnName: 'reason', isMaster: true },
      alice.as,
    );
    expect(content.d.data).toBe('The ID photo is blurred');
    const hiddenContent = await t.call(
      S,
      'GetColumnContent',
      { mstId: aliceId, screenColumnName: 'RiskReport15', isMaster: true },
      alice.as,
    );
    expect(hiddenContent.status).toBe(403);
    const init = await t.call<Row, Row>(
      S,
      'LoadInitPage',
      { options: { FirstOrDefault: 'Y', TopN: 50 } },
      alice.as,
    );
    expect(init.d.data).toMatchObject({ Mst: { KycPersonId15: Number(aliceId) }, SearchList: { total: 1 } });
    expect(init.d.data!.AuthCol).toBeDefined();
    expect(init.d.supportingData).toHaveProperty('GetGenderCd15List');
    const lean = await t.call<Row>(
      S,
      'LoadInitPage',
      { options: { SkipMetaData: 'Y', SkipSupportingData: 'Y', MstId: '!' } },
      alice.as,
    );
    expect(lean.d.data).not.toHaveProperty('AuthCol');
    expect(lean.d.supportingData).toBeUndefined();
    expect(lean.d.data!.Mst).toMatchObject({ KycPersonId15: '' });
  });
}

/** The detail rows filtered on every column and on one, as a reviewer. */
async function expectDetailFilters(): Promise<void> {
  const filtered = await t.call<Row[]>(
    S,
    'GetKycPerson15DtlById',
    { keyId: aliceId, options: { FilteredColumn: 'All', FilteredValue: 'PNG' } },
    reviewer.as,
  );
  expect(filtered.d.data).toHaveLength(2);
  const none = await t.call<Row[]>(
    S,
    'GetKycPerson15DtlById',
    { keyId: aliceId, options: { FilteredColumn: 'DocName', FilteredValue: 'utility' } },
    reviewer.as,
  );
  expect(none.d.data).toEqual([]);
}

/** Another customer (bob) reaches none of alice's documents, nor adds one to her record. */
async function expectOthersRefused(docId: number): Promise<void> {
  for (const [method, body] of [
    ['GetDoc', { mstId: aliceId, docId, screenColumnName: 'KycPersonDoc15' }],
    ['GetDocZipDownload', { keyId: aliceId }],
    ['GetKycPerson15DtlById', { keyId: aliceId }],
    [
      'AddDocColumnContent',
      {
        mstId: aliceId,
        screenColumnName: 'KycPersonDoc15',
        docJson: { fileName: 'x.png', base64: 'AAEC' },
      },
    ],
  ] as const) {
    const r = await t.call(S, method, body, bob.as);
    expect(r.status, method).toBe(403);
    expect(r.d.data ?? null, method).toBeNull();
  }
}
