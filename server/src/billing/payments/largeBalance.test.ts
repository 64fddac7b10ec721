// A balance past 10^18 credits (two payments each at the credit column's limit, as item 1 of issue
// 24 could book them) must not break the customer's own billing pages or staff's view: the sums
// are exact, never a 500. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StakeStmtRow } from '@payd/schemas';
import { startTestApp, testDatabaseKinds, type TestApp } from '../../testing/testApp.ts';
import { makeUser, type TestUser } from '../../testing/testUsers.ts';
import { Role } from '../../framework/roles.ts';
import { topUp } from '../charges/fixtures.ts';

const AT_LIMIT = '999999999999999999.99';

describe.each(testDatabaseKinds)('a balance past 10^18 credits on %s', (kind) => {
  let t: TestApp;
  let whale: TestUser;
  let operator: TestUser;

  beforeAll(async () => {
    t = await startTestApp(kind);
    t.clock.advance(Date.parse('2026-07-10T12:00:00Z') - t.clock.now().getTime());
    whale = await makeUser(t, 'whale@example.com', Role.borrower);
    operator = await makeUser(t, 'operator@payd.test', Role.operator);
    await topUp(t.database, whale.usrId, AT_LIMIT, new Date('2026-05-02T10:00:00Z'));
    await topUp(t.database, whale.usrId, AT_LIMIT, new Date('2026-06-20T10:00:00Z'));
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers the customer's GetBalance with the exact sum", async () => {
    const r = await t.call<{ Dtl: { Credits: string; Topups: string }[] }>(
      'StakeAcctBalance',
      'GetBalance',
      {},
      whale.as,
    );
    expect(r.status).toBe(200);
    expect(r.d.data!.Dtl[0]).toMatchObject({ Credits: '1999999999999999999.98', Topups: '0.00' });
  });

  it('makes and lists the statements, whose figures carry the sum', async () => {
    const r = await t.call<StakeStmtRow[]>('StakeStmt', 'GetStakeStmt5List', {}, whale.as);
    expect(r.status).toBe(200);
    expect(r.d.status, r.d.message).toBe('success');
    expect(r.d.data!.map((s) => [s.StmtLabel8, s.StmtTypeCd8])).toEqual([
      ['Jun 2026', 'A'],
      ['May 2026', 'A'],
    ]);
    const [june] = await t.database.query<{ summary: Record<string, string> }>(
      `SELECT summary FROM stake_stmt WHERE usr_id = $1 AND stmt_month = '2026-06-01'`,
      [whale.usrId],
    );
    expect(june!.summary).toMatchObject({
      opening: AT_LIMIT,
      topUps: AT_LIMIT,
      closing: '1999999999999999999.98',
    });
  });

  it("answers staff's GetCreditBalance with the exact sum", async () => {
    const r = await t.call<{ Balance: string; TopUpsThisMonth: string }>(
      'StakeCharge',
      'GetCreditBalance',
      { usrId: whale.usrId },
      operator.as,
    );
    expect(r.status).toBe(200);
    expect(r.d.data).toMatchObject({ Balance: '1999999999999999999.98', TopUpsThisMonth: '0.00' });
  });
});
