// The KYC status of a personal record through its life (spec 002 section 4): the customer's saves
// ask for review (new → P1, P2 → P1), reviewers move it, the locked statuses (p1, P3, P4, AP, DE)
// refuse the customer's saves, and another customer never reaches the record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { Role } from '../framework/roles.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';

type Row = Record<string, unknown>;
const S = 'KycPerson';

describe.each(testDatabaseKinds)('KycPerson15 status transitions on %s', (kind) => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let reviewer: TestUser;
  let id: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await makeUser(t, 'owner@example.com', Role.borrower);
    other = await makeUser(t, 'other@example.com', Role.lender);
    reviewer = await makeUser(t, 'reviewer@payd.test', Role.kycReviewer);
  });
  afterAll(async () => {
    await t?.close();
  });

  const mine = async () => (await t.call<Row>(S, 'GetKycPerson15ById', { keyId: id }, owner.as)).d.data!;
  const customerSave = async (values: Row) =>
    t.call<{ mst: Row }>(S, 'SaveData', { mst: { ...(await mine()), ...values } }, owner.as);
  async function review(values: Row): Promise<void> {
    const rec = (await t.call<Row>(S, 'GetKycPerson15ById', { keyId: id }, reviewer.as)).d.data!;
    const s = await t.call(S, 'SaveData', { mst: { ...rec, ...values } }, reviewer.as);
    expect(s.d.status).toBe('success');
  }
  const statusOf = async () => String((await mine()).InternalStatus15);

  it('a new record saved by the customer waits for review (P1)', async () => {
    const s = await t.call<{ mst: Row }>(
      S,
      'SaveData',
      { mst: { KycPersonId15: '', Name15: 'Owen' } },
      owner.as,
    );
    expect(s.d.data!.mst).toMatchObject({
      InternalStatus15: 'P1',
      InternalStatus15Text: 'Waiting for Review',
    });
    id = String(s.d.data!.mst.KycPersonId15);
    // Saving again while P1 (not locked) keeps P1.
    expect((await customerSave({ Name15: 'Owen O' })).d.data!.mst.InternalStatus15).toBe('P1');
  });

  it('P1 → P2 by a reviewer; the customer fixes it and it goes back to P1', async () => {
    await review({ InternalStatus15: 'P2', Reason15: 'Wrong birthday' });
    expect(await statusOf()).toBe('P2');
    const fixed = await customerSave({ DateOfBirth15: '1990-01-01' });
    expect(fixed.d.data!.mst).toMatchObject({ InternalStatus15: 'P1', DateOfBirth15: '1990-01-01' });
  });

  it.each(['p1', 'P3', 'P4', 'AP', 'DE'])(
    '%s locks the record against the customer, not the reviewer',
    async (s) => {
      await review({ InternalStatus15: s });
      const before = await mine();
      const refused = await customerSave({ Name15: 'Changed' });
      expect(refused.status).toBe(403);
      expect(refused.d.data).toBeUndefined();
      expect(await mine()).toMatchObject({ Name15: before.Name15, RowVersion15: before.RowVersion15 });
      const auth = await t.call<Row[]>(S, 'GetAuthRow', { keyId: id }, owner.as);
      expect(auth.d.data![0]).toMatchObject({ AllowUpd: 'N', AllowDel: 'N' });
      // The reviewer can still move it on (back to P2 here, then the next status).
      await review({ InternalStatus15: 'P2' });
      expect(await statusOf()).toBe('P2');
    },
  );

  it('records every status change in the status history, in order', async () => {
    const h = await t.call<Row[]>(S, 'GetStatusHistory', { keyId: id }, reviewer.as);
    const changes = h.d
      .data!.filter((r) => r.ColumnName === 'InternalStatus15')
      .map((r) => `${String(r.Before)}→${String(r.After)}`)
      .reverse();
    expect(changes).toEqual([
      'null→P1',
      'P1→P2',
      'P2→P1',
      'P1→p1',
      'p1→P2',
      'P2→P3',
      'P3→P2',
      'P2→P4',
      'P4→P2',
      'P2→AP',
      'AP→P2',
      'P2→DE',
      'DE→P2',
    ]);
  });

  it('another customer reads and changes nothing of the record and cannot set its status', async () => {
    const read = await t.call(S, 'GetKycPerson15ById', { keyId: id }, other.as);
    expect(read.status).toBe(403);
    expect(read.d.data).toBeUndefined();
    const row = await mine();
    const save = await t.call(S, 'SaveData', { mst: { ...row, Name15: 'Hijack' } }, other.as);
    expect(save.status).toBe(403);
    expect(save.d.data).toBeUndefined();
    const accept = await t.call(S, 'AcceptDisclosures', { keyId: id }, other.as);
    expect(accept.status).toBe(403);
    expect((await mine()).Name15).toBe(row.Name15);
  });
});
