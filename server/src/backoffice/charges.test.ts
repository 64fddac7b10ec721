// StakeChargeWs: staff see a customer's daily charges; nobody writes through the screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { Role } from '../framework/roles.ts';
import { makeCustomers, topUp } from '../billing/charges/fixtures.ts';
import { chargeValidators } from '../billing/charges/chargeRun.ts';
import { creditBalance } from '../billing/charges/ledger.ts';
import { countRows, makeUser, type TestUser } from '../testing/testUsers.ts';

type Row = Record<string, unknown>;
const S = 'StakeCharge';

describe.each(testDatabaseKinds)('StakeChargeWs on %s', (kind) => {
  let t: TestApp;
  let operator: TestUser;
  let charged: number;
  let other: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    operator = await makeUser(t, 'operator@payd.test', Role.operator);
    const [a, b] = await makeCustomers(t.database, {
      count: 2,
      validators: 2,
      activatedAt: new Date('2026-05-01Z'),
    });
    charged = a!.usrId;
    other = b!.usrId;
    await topUp(t.database, charged, '10', new Date('2026-05-01Z'));
    await chargeValidators(t.database.db, { now: new Date('2026-05-04T01:00:00Z'), dailyCharge: '1.25' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (body: Row, as = operator.as) =>
    (
      await t.call<{ total: number; data: Row[] }>(
        S,
        'GetSearchList',
        { searchStr: '', topN: 50, filterId: '0', ...body },
        as,
      )
    ).d.data!;

  it("staff list a customer's charges, each validator-day with its credits", async () => {
    const mine = await list({ desiredScreenCriteria: { 1: String(charged) } });
    expect(mine.total).toBe(6);
    expect(mine.data.map((r) => [r.label, r.labelR])).toContainEqual(['2026-05-03', '1.25']);
    expect((await list({ desiredScreenCriteria: { 1: String(other) } })).total).toBe(6);
    expect(
      (await list({ desiredScreenCriteria: { 1: String(charged), 2: '2026-05-02', 3: '2026-05-02' } })).total,
    ).toBe(2);
    expect(await creditBalance(t.database.db, charged)).toBe('2.50');
  });

  it('nobody saves or deletes charges through the screen', async () => {
    const before = await countRows(t, 'stake_charge');
    const save = await t.call(S, 'SaveData', { mst: { ChargeId35: null, CreditAmt35: '0.01' } }, operator.as);
    expect(save.status).not.toBe(200);
    expect(await countRows(t, 'stake_charge')).toBe(before);
  });

  it("staff read a customer's credit balance; a customer cannot read anyone's", async () => {
    const r = await t.call<Row>(S, 'GetCreditBalance', { usrId: charged }, operator.as);
    expect(r.d.status, r.d.message).toBe('success');
    // 10 credits topped up, 3 days of 2 validators at 1.25 charged.
    expect(r.d.data).toMatchObject({ UsrId: charged, Balance: '2.50', Validators: 2 });
    const customer = await makeUser(t, 'customer@payd.test', Role.borrower);
    const refused = await t.call<Row>(S, 'GetCreditBalance', { usrId: customer.usrId }, customer.as);
    expect(refused.d.status).not.toBe('success');
    expect(refused.d.data ?? null).toBeNull();
  });
});
