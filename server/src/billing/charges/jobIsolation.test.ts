// One customer must never break billing for everyone (issue 24): a customer whose charges, credit
// review or statement fail (a database trigger planted for that customer alone makes them fail for
// real) sits between two good ones; the good ones are charged, reviewed and get their statements,
// the failure is logged and staff get one mail naming the customer and no query text. Runs on
// PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKinds, type TestApp } from '../../testing/testApp.ts';
import { FAILURE_MAIL_SUBJECT, failureReporter, type ReportFailure } from '../customerFailures.ts';
import { generateMonth } from '../statements/generate.ts';
import { makeCustomers, topUp, type Customer } from './fixtures.ts';
import { chargeValidators } from './chargeRun.ts';
import { runChargeJob } from './job.ts';

/** Makes every insert into `table` fail for `usrId`, as a broken row of one customer would. */
async function plantFailure(t: TestApp, table: string, usrId: number) {
  await t.database.query(
    `CREATE OR REPLACE FUNCTION planted_${table}() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF NEW.usr_id = ${Number(usrId)} THEN RAISE EXCEPTION 'planted failure for one customer'; END IF;
       RETURN NEW;
     END $$`,
  );
  await t.database.query(
    `CREATE TRIGGER planted_${table} BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION planted_${table}()`,
  );
}

const count = async (t: TestApp, table: string, usrId: number) =>
  (
    await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE usr_id = $1`, [
      usrId,
    ])
  )[0]!.n;

describe.each(testDatabaseKinds)('billing jobs isolate a failing customer on %s', (kind) => {
  let t: TestApp;
  let good1: Customer;
  let bad: Customer;
  let good2: Customer;
  let logged: Record<string, unknown>[];
  let report: ReportFailure;

  beforeAll(async () => {
    t = await startTestApp(kind);
    [good1, bad, good2] = (await makeCustomers(t.database, {
      count: 3,
      validators: 1,
      activatedAt: new Date('2026-05-01T00:00:00Z'),
    })) as [Customer, Customer, Customer];
    logged = [];
    report = failureReporter({
      mailer: t.mailer,
      staffEmail: t.config.supportEmail,
      log: (fields) => logged.push(fields),
      now: () => new Date('2026-05-04T01:00:00Z'),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('charges and reviews the customers on either side of one that fails, and tells staff', async () => {
    // A first day charged for everyone: only a customer with a charge booked is reviewed (the
    // grace rule), and the failing customer's review must fail too.
    expect(
      await chargeValidators(t.database.db, { now: new Date('2026-05-02T01:00:00Z'), dailyCharge: '1' }),
    ).toBe(3);
    await plantFailure(t, 'stake_charge', bad.usrId);
    const exited: number[] = [];
    const result = await runChargeJob({
      db: t.database.db,
      mailer: t.mailer,
      publicUrl: 'http://localhost',
      // The failing customer's exit fails too: the review goes on with the next customer.
      exits: async (usrId) => {
        if (usrId === bad.usrId) throw new Error('beacon node refused');
        exited.push(usrId);
        return { exited: [], refused: [] };
      },
      now: async () => new Date('2026-05-04T01:00:00Z'),
      dailyCharge: () => '1',
      warningDays: 0,
      graceDays: 0,
      report,
    });
    expect(result.charged).toBe(4);
    expect([
      await count(t, 'stake_charge', good1.usrId),
      await count(t, 'stake_charge', good2.usrId),
    ]).toEqual([3, 3]);
    expect(await count(t, 'stake_charge', bad.usrId)).toBe(1);
    expect(result.terminated).toEqual([good1.usrId, good2.usrId]);
    expect(exited).toEqual([good1.usrId, good2.usrId]);
    expect(logged.map((l) => [l.job, l.usrId])).toEqual([
      ['charge', bad.usrId],
      ['credit review', bad.usrId],
    ]);
    expect(String(logged[0]!.error)).toContain('planted failure for one customer');
    expect(logged[1]!.error).toBe('beacon node refused');
    const mails = (await t.mails(t.config.supportEmail)).filter((m) => m.subject === FAILURE_MAIL_SUBJECT);
    expect(mails).toHaveLength(2);
    for (const m of mails) {
      expect(m.text).toContain(`customer ${bad.usrId}`);
      expect(m.text).not.toMatch(/INSERT|@example\.com/);
    }
  });

  it('makes the statements of the customers on either side of one whose statement fails', async () => {
    for (const c of [good1, bad, good2]) await topUp(t.database, c.usrId, '50', new Date('2026-05-02Z'));
    await plantFailure(t, 'stake_stmt', bad.usrId);
    const failed: number[] = [];
    const r = await generateMonth(t.database.db, '2026-05-01', new Date('2026-06-10Z'), 1, (usrId, err) => {
      failed.push(usrId);
      report('statement', usrId, err);
    });
    expect(r).toMatchObject({ made: 2, failed: 1 });
    expect(failed).toEqual([bad.usrId]);
    expect([await count(t, 'stake_stmt', good1.usrId), await count(t, 'stake_stmt', good2.usrId)]).toEqual([
      1, 1,
    ]);
    // A second run reports again in the log but does not mail staff again the same day.
    await generateMonth(t.database.db, '2026-05-01', new Date('2026-06-10Z'), 1, (usrId, err) =>
      report('statement', usrId, err),
    );
    const mails = (await t.mails(t.config.supportEmail)).filter((m) => m.text.includes('statement job'));
    expect(mails).toHaveLength(1);
    expect(logged.filter((l) => l.job === 'statement')).toHaveLength(2);
  });
});
