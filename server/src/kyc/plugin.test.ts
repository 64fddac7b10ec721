// KycPersonWs AcceptDisclosures (step 4 of 4): the customer accepts the risks and disclosures on
// their own record, in every status the status page sends them there from, never when declined,
// never on another customer's record; the change is in the audit trail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { Role } from '../framework/roles.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';
import { DETAILS_FIRST_MESSAGE } from './plugin.ts';

type Row = Record<string, unknown>;

describe.each(testDatabaseKinds)('KycPersonWs AcceptDisclosures on %s', (kind) => {
  let t: TestApp;
  let dana: TestUser;
  let erin: TestUser;
  let reviewer: TestUser;

  beforeAll(async () => {
    t = await startTestApp(kind);
    dana = await makeUser(t, 'dana@example.com', Role.borrower);
    erin = await makeUser(t, 'erin@example.com', Role.lender);
    reviewer = await makeUser(t, 'reviewer@payd.test', Role.kycReviewer);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function personOf(u: TestUser, status: string | null, disclosures: string | null = null) {
    const [r] = await t.database.query<{ k: number }>(
      `INSERT INTO kyc_person (name, input_for, internal_status, disclosures_chked, liveness_passed)
       VALUES ('Person', $1, $2, $3, 'Y') RETURNING kyc_person_id AS k`,
      [u.usrId, status, disclosures],
    );
    return String(r!.k);
  }
  const read = async (id: string) =>
    (await t.database.query<Row>(`SELECT * FROM kyc_person WHERE kyc_person_id = $1`, [Number(id)]))[0]!;
  const clear = () => t.database.query(`DELETE FROM kyc_person`);

  it('an approved customer accepts the disclosures while the generic save stays locked', async () => {
    await clear();
    const id = await personOf(dana, 'AP');
    // The generic save stays locked for an approved record.
    const row = (await t.call<Row>('KycPerson', 'GetKycPerson15ById', { keyId: id }, dana.as)).d.data!;
    const locked = await t.call(
      'KycPerson',
      'SaveData',
      { mst: { ...row, DisclosuresChked15: 'Y' } },
      dana.as,
    );
    expect(locked.status).toBe(403);

    const r = await t.call<Row>('KycPerson', 'AcceptDisclosures', { keyId: id }, dana.as);
    expect(r.d).toMatchObject({
      status: 'success',
      message: 'Saved',
      data: { KycPersonId15: Number(id), DisclosuresChked15: 'Y' },
    });
    const after = (await t.call<Row>('KycPerson', 'GetKycPerson15ById', { keyId: id }, dana.as)).d.data!;
    expect(after).toMatchObject({
      InternalStatus15: 'AP',
      DisclosuresChked15: 'Y',
      RowVersion15: Number(row.RowVersion15) + 1,
    });
    expect((await read(id)).modified_by).toBe(dana.usrId);
    const history = await t.call<Row[]>('KycPerson', 'GetStatusHistory', { keyId: id }, reviewer.as);
    expect(history.d.data).toEqual([
      expect.objectContaining({
        ColumnName: 'DisclosuresChked15',
        Before: null,
        After: 'Y',
        ChangedBy: dana.usrId,
      }),
    ]);
    // Accepting again changes nothing more.
    await t.call('KycPerson', 'AcceptDisclosures', { keyId: id }, dana.as);
    expect((await read(id)).row_version).toBe(Number(row.RowVersion15) + 1);
  });

  it('works without an id (the own record) in each waiting and problem status', async () => {
    for (const status of ['P1', 'p1', 'P2', 'P3', 'P4']) {
      await clear();
      const id = await personOf(dana, status, 'N');
      const r = await t.call<Row>('KycPerson', 'AcceptDisclosures', {}, dana.as);
      expect(r.d.data).toEqual({ KycPersonId15: Number(id), DisclosuresChked15: 'Y' });
      expect(await read(id)).toMatchObject({ internal_status: status, disclosures_chked: 'Y' });
    }
  });

  it("refuses another customer's record id and returns nothing", async () => {
    await clear();
    const danas = await personOf(dana, 'AP');
    await personOf(erin, 'AP');
    const r = await t.call('KycPerson', 'AcceptDisclosures', { keyId: danas }, erin.as);
    expect(r.status).toBe(403);
    expect(r.d).toMatchObject({ status: 'failed', error: 'access_denied' });
    expect(r.d.data).toBeUndefined();
    expect((await read(danas)).disclosures_chked).toBeNull();
    const missing = await t.call('KycPerson', 'AcceptDisclosures', { keyId: 999999 }, erin.as);
    expect(missing.status).toBe(403);
  });

  it('refuses a declined customer, one without details, staff and anonymous callers', async () => {
    await clear();
    const declined = await personOf(dana, 'DE');
    const r = await t.call('KycPerson', 'AcceptDisclosures', {}, dana.as);
    expect(r.status).toBe(403);
    expect((await read(declined)).disclosures_chked).toBeNull();

    const none = await t.call('KycPerson', 'AcceptDisclosures', {}, erin.as);
    expect(none.status).toBe(403);
    await personOf(erin, null);
    const blank = await t.call('KycPerson', 'AcceptDisclosures', {}, erin.as);
    expect(blank.d).toMatchObject({ status: 'failed', message: DETAILS_FIRST_MESSAGE });

    expect((await t.call('KycPerson', 'AcceptDisclosures', { keyId: declined }, reviewer.as)).status).toBe(
      403,
    );
    expect((await t.call('KycPerson', 'AcceptDisclosures', {})).status).toBe(401);
  });
});
