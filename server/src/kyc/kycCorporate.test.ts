// The KYC status of a business record (KycCorporate16): the customer's saves ask for review, a
// reviewer moves it, the locked statuses refuse the customer, another customer reaches nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { Role } from '../framework/roles.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';

type Row = Record<string, unknown>;
const S = 'KycCorporate';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let reviewer: TestUser;
let id: string;
const mine = async () => (await t.call<Row>(S, 'GetKycCorporate16ById', { keyId: id }, owner.as)).d.data!;

async function review(values: Row): Promise<void> {
  const rec = (await t.call<Row>(S, 'GetKycCorporate16ById', { keyId: id }, reviewer.as)).d.data!;
  const s = await t.call(S, 'SaveData', { mst: { ...rec, ...values } }, reviewer.as);
  expect(s.d.status).toBe('success');
}

describe.each(testDatabaseKinds)('KycCorporate16 status transitions on %s', (kind) => {
  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await makeUser(t, 'corp@example.com', Role.borrower);
    other = await makeUser(t, 'other@example.com', Role.lender);
    reviewer = await makeUser(t, 'reviewer@payd.test', Role.kycReviewer);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('new → P1 on the customer save, with reference data the page shows as labels', async () => {
    const s = await t.call<{ mst: Row }>(
      S,
      'SaveData',
      {
        mst: {
          KycCorpId16: '',
          Name16: 'Acme Pte Ltd',
          EntityTypeId16: 'PTE',
          CountryOfIncorpId16: 'SG',
          SourceOfFundsId16: '2',
        },
        dtl: [],
      },
      owner.as,
    );
    expect(s.d.data!.mst).toMatchObject({
      InternalStatus16: 'P1',
      EntityTypeId16Text: 'Private limited company',
      CountryOfIncorpId16Text: 'Singapore',
      SourceOfFundsId16Text: 'Business income',
    });
    id = String(s.d.data!.mst.KycCorpId16);
    const init = await t.call<{ Mst: Row }, Record<string, unknown[]>>(
      S,
      'LoadInitPage',
      { options: { FirstOrDefault: 'Y', SkipMetaData: 'Y', TopN: 1 } },
      owner.as,
    );
    expect(init.d.data!.Mst.KycCorpId16).toBe(Number(id));
    expect(init.d.supportingData!.GetEntityTypeId16List!.length).toBeGreaterThan(0);
    expect(init.d.supportingData!.GetCountryOfIncorpId16List!.length).toBeGreaterThan(0);
  });

  it('P2 → P1 when the customer saves again; locked statuses refuse the customer', async () => {
    await review({ InternalStatus16: 'P2', Reason16: 'Missing register extract' });
    const fixed = await t.call<{ mst: Row }>(
      S,
      'SaveData',
      { mst: { ...(await mine()), Name16: 'Acme Ltd' } },
      owner.as,
    );
    expect(fixed.d.data!.mst.InternalStatus16).toBe('P1');
    for (const s of ['p1', 'P3', 'P4', 'AP', 'DE']) {
      await review({ InternalStatus16: s });
      const refused = await t.call(
        S,
        'SaveData',
        { mst: { ...(await mine()), Name16: 'Changed' } },
        owner.as,
      );
      expect(refused.status).toBe(403);
      expect((await mine()).Name16).toBe('Acme Ltd');
    }
    expect((await mine()).InternalStatus16).toBe('DE');
  });

  it("another customer's request for the record is denied and returns nothing", async () => {
    const read = await t.call(S, 'GetKycCorporate16ById', { keyId: id }, other.as);
    expect(read.status).toBe(403);
    expect(read.d.data).toBeUndefined();
    const init = await t.call<{ Mst: Row }>(
      S,
      'LoadInitPage',
      { options: { FirstOrDefault: 'Y', SkipMetaData: 'Y', SkipSupportingData: 'Y', TopN: 1 } },
      other.as,
    );
    expect(init.d.data!.Mst.KycCorpId16).toBe('');
    const byId = await t.call(
      S,
      'LoadInitPage',
      { options: { MstId: id, SkipMetaData: 'Y', SkipSupportingData: 'Y' } },
      other.as,
    );
    expect(byId.status).toBe(403);
  });

  it('keeps at most 100 documents on a business record, with the spec message', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ).toString('base64');
    const add = (fileName: string) =>
      t.call(
        S,
        'AddDocColumnContent',
        { mstId: id, screenColumnName: 'KycCorpDoc16', docJson: { fileName, base64: png } },
        reviewer.as,
      );
    expect((await add('register.png')).d.status).toBe('success');
    await t.database.query(
      `INSERT INTO kyc_corp_doc (kyc_corp_id, doc_name, mime_type, doc_size, content)
       SELECT ${Number(id)}, 'filler-' || g || '.png', 'image/png', 1, '\\x00'::bytea FROM generate_series(1, 99) g`,
    );
    const refused = await add('one-more.png');
    expect(refused.status).toBe(400);
    expect(refused.d.message).toBe('Maximum allowed amount of files is 100');
    const count = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM kyc_corp_doc WHERE kyc_corp_id = ${Number(id)}`,
    );
    expect(count[0]!.n).toBe(100);
  });
});
