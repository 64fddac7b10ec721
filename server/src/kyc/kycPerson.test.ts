// KycPersonWs walked through every common operation, as a customer and as staff: records and
// their review here; documents, the transaction, metadata and lookups in kycPerson.details.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { CONFLICT_MESSAGE } from '../framework/engine.ts';
import { countRows, type TestUser } from '../testing/testUsers.ts';
import { startKycPersonCast } from '../testing/kycPersonCast.ts';

type Row = Record<string, unknown>;
const S = 'KycPerson';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let reviewer: TestUser;
let aliceId: string;

describe.each(testDatabaseKinds)('KycPersonWs on %s', (kind) => {
  beforeAll(async () => {
    ({ t, alice, bob, reviewer } = await startKycPersonCast(kind));
  });

  afterAll(async () => {
    await t?.close();
  });

  newRecordCases();
  queueAndReviewCases();
  refusalCases();
});

function newRecordCases(): void {
  it('gives a customer a new record, saves it as waiting for review with their e-mail', async () => {
    const n = await t.call<Row>(S, 'GetNewMst', {}, alice.as);
    expect(n.d.status).toBe('success');
    expect(n.d.data).toMatchObject({ KycPersonId15: '', Active15: 'Y' });
    expect(n.d.data).not.toHaveProperty('RiskReport15');
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
    expect(s.d.status).toBe('success');
    expect(s.d.message).toBe('Saved');
    const mst = s.d.data!.mst;
    expect(mst).toMatchObject({
      Name15: 'Alice Liddell',
      GenderCd15: 'F',
      GenderCd15Text: 'Female',
      DateOfBirth15: '1990-05-04',
      AnnualIncome15: '85000.50',
      EmailAddrs15: 'alice@example.com',
      InternalStatus15: 'P1',
      InternalStatus15Text: 'Waiting for Review',
      InputFor15: alice.usrId,
      RowVersion15: 1,
    });
    expect(mst).not.toHaveProperty('KycDesc15');
    aliceId = String(mst.KycPersonId15);
  });

  it('reports a missing name with the spec message and writes nothing', async () => {
    const before = await countRows(t, 'kyc_person');
    const s = await t.call(S, 'SaveData', { mst: { KycPersonId15: '', Name15: '' } }, bob.as);
    expect(s.status).toBe(400);
    expect(s.d.validationErrors).toEqual([{ field: 'mst.Name15', message: 'Please enter name' }]);
    expect(await countRows(t, 'kyc_person')).toBe(before);
  });

  it('refuses an ID issued in the future or on or after its expiry, naming the field; writes nothing', async () => {
    const before = await countRows(t, 'kyc_person');
    const save = (mst: Row) =>
      t.call(S, 'SaveData', { mst: { KycPersonId15: '', Name15: 'Bob', ...mst } }, bob.as);
    const future = await save({ IdIssueDate15: day(1), IdExpiryDate15: day(3650) });
    expect(future.status).toBe(400);
    expect(future.d.validationErrors).toEqual([
      { field: 'mst.IdIssueDate15', message: 'Issue date cannot be in the future' },
    ]);
    const afterExpiry = await save({ IdIssueDate15: day(-10), IdExpiryDate15: day(-20) });
    expect(afterExpiry.d.validationErrors).toEqual([
      { field: 'mst.IdIssueDate15', message: 'Issue date must be before the expiry date' },
    ]);
    expect(await countRows(t, 'kyc_person')).toBe(before);
  });

  it('says a third decimal of annual income is more than cents, the message the web form shows', async () => {
    const s = await t.call(
      S,
      'SaveData',
      { mst: { KycPersonId15: '', Name15: 'Bob', AnnualIncome15: '85000.123' } },
      bob.as,
    );
    expect(s.status).toBe(400);
    expect(s.d.validationErrors).toEqual([
      { field: 'mst.AnnualIncome15', message: 'Annual income has at most 2 decimal places (cents).' },
    ]);
  });
}

function queueAndReviewCases(): void {
  it('lists, searches (displayed text and ** stored value) and filters the review queue for staff', async () => {
    const bobSave = await t.call<{ mst: Row }>(
      S,
      'SaveData',
      { mst: { KycPersonId15: '', Name15: 'Bob Builder' } },
      bob.as,
    );
    expect(bobSave.d.status).toBe('success');
    const all = await t.call<{ total: number; matchCount: number; data: Row[] }>(
      S,
      'GetSearchList',
      { searchStr: '', topN: 5, filterId: '0' },
      reviewer.as,
    );
    expect(all.d.data).toMatchObject({ total: 2, matchCount: 2 });
    expect(all.d.data!.data[0]).toMatchObject({
      label: 'Bob Builder',
      labelR: 'Waiting for Review',
      detail: 'bob@example.com',
    });
    const byText = await t.call<{ data: Row[]; matchCount: number }>(
      S,
      'GetSearchList',
      { searchStr: 'lidd', topN: 5 },
      reviewer.as,
    );
    expect(byText.d.data!.data.map((r) => r.label)).toEqual(['Alice Liddell']);
    expect(byText.d.data!.matchCount).toBe(1);
    const byStatusText = await t.call<{ data: Row[] }>(
      S,
      'GetSearchList',
      { searchStr: 'p1', topN: 5 },
      reviewer.as,
    );
    expect(byStatusText.d.data!.data).toEqual([]);
    const byStored = await t.call<{ data: Row[] }>(
      S,
      'GetSearchList',
      { searchStr: `**${aliceId}`, topN: 5 },
      reviewer.as,
    );
    expect(byStored.d.data!.data.map((r) => r.key)).toEqual([aliceId]);
    const byStoredCode = await t.call<{ data: Row[] }>(
      S,
      'GetSearchList',
      { searchStr: '**bob@example.com' },
      reviewer.as,
    );
    expect(byStoredCode.d.data!.data.map((r) => r.label)).toEqual(['Bob Builder']);
    const filters = await t.call<Row[]>(S, 'GetScreenFilter', {}, reviewer.as);
    expect(filters.d.data![0]).toEqual({ ScreenFilterId: 1, FilterName: 'Review queue' });
    const queue = await t.call<{ data: Row[] }>(S, 'GetSearchList', { filterId: '1', topN: 5 }, reviewer.as);
    expect(queue.d.data!.data).toHaveLength(2);
    const declined = await t.call<{ data: Row[] }>(
      S,
      'GetSearchList',
      { filterId: '4', topN: 5 },
      reviewer.as,
    );
    expect(declined.d.data!.data).toHaveLength(0);
    const list = await t.call<Row[]>(S, 'GetKycPerson15List', { searchStr: 'bob', topN: 5 }, reviewer.as);
    expect(list.d.data!.map((r) => r.label)).toEqual(['Bob Builder']);
    const own = await t.call<{ data: Row[]; total: number }>(S, 'GetSearchList', { topN: 5 }, alice.as);
    expect(own.d.data!.data.map((r) => r.key)).toEqual([aliceId]);
    expect(own.d.data!.total).toBe(1);
  });

  it('lets a reviewer set P2 with a reason, records it in the audit and shows it to the customer', async () => {
    const rec = await t.call<Row>(S, 'GetKycPerson15ById', { keyId: aliceId, options: {} }, reviewer.as);
    expect(rec.d.data).toHaveProperty('RiskReport15');
    const s = await t.call<{ mst: Row }>(
      S,
      'SaveData',
      { mst: { ...rec.d.data, InternalStatus15: 'P2', Reason15: 'The ID photo is blurred' } },
      reviewer.as,
    );
    expect(s.d.status).toBe('success');
    expect(s.d.data!.mst).toMatchObject({ InternalStatus15: 'P2', RowVersion15: 2 });
    const seen = await t.call<Row>(S, 'GetKycPerson15ById', { keyId: aliceId }, alice.as);
    expect(seen.d.data).toMatchObject({
      InternalStatus15: 'P2',
      InternalStatus15Text: 'Problem With Data Collection',
      Reason15: 'The ID photo is blurred',
    });
    const history = await t.call<Row[]>(S, 'GetStatusHistory', { keyId: aliceId }, reviewer.as);
    expect(history.d.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          ColumnName: 'InternalStatus15',
          Before: 'P1',
          After: 'P2',
          ChangedBy: reviewer.usrId,
          ChangedByName: 'reviewer@payd.test',
        }),
        expect.objectContaining({ ColumnName: 'Reason15', Before: null, After: 'The ID photo is blurred' }),
      ]),
    );
    const denied = await t.call(S, 'GetStatusHistory', { keyId: aliceId }, alice.as);
    expect(denied.status).toBe(403);
  });

  it('refuses a stale second save with the conflict message and keeps the first', async () => {
    const a = (await t.call<Row>(S, 'GetKycPerson15ById', { keyId: aliceId }, reviewer.as)).d.data!;
    const first = await t.call(S, 'SaveData', { mst: { ...a, KycDesc15: 'first' } }, reviewer.as);
    expect(first.d.status).toBe('success');
    const second = await t.call(S, 'SaveData', { mst: { ...a, KycDesc15: 'second' } }, reviewer.as);
    expect(second.status).toBe(409);
    expect(second.d).toMatchObject({ status: 'failed', error: 'conflict', message: CONFLICT_MESSAGE });
    const now = await t.call<Row>(S, 'GetKycPerson15ById', { keyId: aliceId }, reviewer.as);
    expect(now.d.data!.KycDesc15).toBe('first');
  });
}

function refusalCases(): void {
  it('refuses a customer writing the read-only status and writes nothing', async () => {
    const a = (await t.call<Row>(S, 'GetKycPerson15ById', { keyId: aliceId }, alice.as)).d.data!;
    const s = await t.call(
      S,
      'SaveData',
      { mst: { ...a, Name15: 'Alice L', InternalStatus15: 'AP' } },
      alice.as,
    );
    expect(s.status).toBe(403);
    expect(s.d.error).toBe('access_denied');
    const after = (await t.call<Row>(S, 'GetKycPerson15ById', { keyId: aliceId }, alice.as)).d.data!;
    expect(after).toMatchObject({
      Name15: 'Alice Liddell',
      InternalStatus15: 'P2',
      RowVersion15: a.RowVersion15,
    });
    const hidden = await t.call(S, 'SaveData', { mst: { ...a, RiskReport15: 'fine' } }, alice.as);
    expect(hidden.status).toBe(403);
  });

  it('refuses staff moving a stored ID expiry before its issue date; keeps the stored dates', async () => {
    const a = (await t.call<Row>(S, 'GetKycPerson15ById', { keyId: aliceId }, reviewer.as)).d.data!;
    const dated = await t.call<{ mst: Row }>(
      S,
      'SaveData',
      { mst: { ...a, IdIssueDate15: day(-10), IdExpiryDate15: day(3650) } },
      reviewer.as,
    );
    expect(dated.d.status).toBe('success');
    const moved = await t.call(
      S,
      'SaveData',
      { mst: { ...dated.d.data!.mst, IdExpiryDate15: day(-20) } },
      reviewer.as,
    );
    expect(moved.d.validationErrors).toEqual([
      { field: 'mst.IdIssueDate15', message: 'Issue date must be before the expiry date' },
    ]);
    const after = (await t.call<Row>(S, 'GetKycPerson15ById', { keyId: aliceId }, reviewer.as)).d.data!;
    expect(after).toMatchObject({ IdIssueDate15: day(-10), IdExpiryDate15: day(3650) });
  });
}

/** yyyy-mm-dd of the test clock's today plus `offsetDays`. */
function day(offsetDays: number): string {
  return new Date(t.clock.now().getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}
