import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import type { Mailer, OutgoingMail } from '../../mail/mailer.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/testApp.ts';
import { makeCustomers, topUp, type Customer } from './fixtures.ts';
import { runChargeJob, type ChargeJobDeps } from './job.ts';
import { ChargeMailSubjects } from './mails.ts';

const DAY = 86_400_000;

let database: Database;

/** A customer with 2 validators active since `start` and `credits` credits; a job whose clock is `at`. */
async function setUp(start: Date, credits = '10') {
  for (const table of ['stake_charge', 'stake_credit_state', 'stake_payment', 'eth2_validator'])
    await database.query(`DELETE FROM ${table}`);
  const [c] = (await makeCustomers(database, { count: 1, validators: 2, activatedAt: start })) as [Customer];
  if (credits !== '0') await topUp(database, c.usrId, credits, start);
  const [u] = await database.query<{ usr_name: string }>('SELECT usr_name FROM users WHERE usr_id = $1', [
    c.usrId,
  ]);
  const mails: OutgoingMail[] = [];
  const mailer: Mailer = { send: (m) => void mails.push(m), flush: async () => {}, close: () => {} };
  const exitCalls: number[] = [];
  let at = start;
  const deps: ChargeJobDeps = {
    db: database.db,
    mailer,
    publicUrl: 'https://payd.example',
    exits: async (usrId) => {
      exitCalls.push(usrId);
      await database.query(`UPDATE eth2_validator SET validator_status_cd = '4' WHERE usr_id = $1`, [usrId]);
      return { exited: ['0xa', '0xb'], refused: [] };
    },
    now: async () => at,
    dailyCharge: () => '1',
    warningDays: 2,
    graceDays: 3,
  };
  const runAt = async (day: number) => {
    at = new Date(start.getTime() + day * DAY);
    return runChargeJob(deps);
  };
  const mine = () => mails.filter((m) => m.to === u!.usr_name).map((m) => m.subject);
  const status = async () =>
    (
      await database.query<{ s: string }>(
        'SELECT stake_wallet_status_cd AS s FROM stake_wallet_address WHERE usr_id = $1',
        [c.usrId],
      )
    )[0]!.s;
  const balance = async () =>
    (
      await database.query<{ b: string }>(
        `SELECT ((SELECT coalesce(sum(credit_amt), 0) FROM stake_payment WHERE usr_id = $1)
               - (SELECT coalesce(sum(credit_amt), 0) FROM stake_charge WHERE usr_id = $1))::numeric(20, 2)::text AS b`,
        [c.usrId],
      )
    )[0]!.b;
  return { c, runAt, mine, status, balance, exitCalls, deps };
}

describe.each(testDatabaseKinds)('warning and termination (%s)', (kind) => {
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(kind));
  });
  afterAll(() => drop());

  it('warns once when the credits pay fewer days than the notice, then terminates when they run out', async () => {
    const t = await setUp(new Date('2026-06-01T00:00:00Z'));
    // 10 credits, 2 credits a day: 1-3 June leave 4 on 4 June, 2 more days: warned.
    for (const day of [1, 2]) expect((await t.runAt(day + 0.1)).warned).toEqual([]);
    expect((await t.runAt(3.1)).warned).toEqual([t.c.usrId]);
    expect(t.mine()).toEqual([ChargeMailSubjects.warning]);
    expect((await t.runAt(3.5)).warned).toEqual([]);
    expect((await t.runAt(4.1)).terminated).toEqual([]);
    expect(await t.status()).toBe('A');
    // 5 June: 0 credits; warned 2 days before: terminated, once.
    const end = await t.runAt(5.1);
    expect(end.terminated).toEqual([t.c.usrId]);
    expect(await t.status()).toBe('D');
    expect(t.exitCalls).toEqual([t.c.usrId]);
    expect(t.mine()).toEqual([ChargeMailSubjects.warning, ChargeMailSubjects.terminated]);
    expect(await t.runAt(5.2)).toMatchObject({ terminated: [], warned: [] });
    // A terminated customer is no longer charged.
    expect((await t.runAt(8.1)).charged).toBe(0);
    expect(t.mine()).toHaveLength(2);
  });

  it('a top-up before the credits run out stops the termination and ends the episode', async () => {
    const t = await setUp(new Date('2026-07-01T00:00:00Z'));
    expect((await t.runAt(3.1)).warned).toEqual([t.c.usrId]);
    await topUp(database, t.c.usrId, '20', new Date('2026-07-04T12:00:00Z'));
    expect((await t.runAt(4)).recovered).toContain(t.c.usrId);
    expect((await t.runAt(5.1)).terminated).toEqual([]);
    expect(await t.status()).toBe('A');
    // 20 left on 6 July; 2 a day: 4 left (2 days) on 14 July, warned again; none on 16 July.
    expect((await t.runAt(12.1)).warned).toEqual([]);
    expect((await t.runAt(13.1)).warned).toEqual([t.c.usrId]);
    expect((await t.runAt(14.1)).terminated).toEqual([]);
    expect((await t.runAt(15.1)).terminated).toEqual([t.c.usrId]);
    expect(t.mine()).toEqual([
      ChargeMailSubjects.warning,
      ChargeMailSubjects.warning,
      ChargeMailSubjects.terminated,
    ]);
  });

  it('two jobs at once send each mail once and terminate once', async () => {
    const t = await setUp(new Date('2026-08-01T00:00:00Z'));
    await Promise.all([t.runAt(3.1), t.runAt(3.1)]);
    await Promise.all([t.runAt(3.1), t.runAt(3.1)]);
    expect(t.mine()).toEqual([ChargeMailSubjects.warning]);
    const both = await Promise.all([t.runAt(5.1), t.runAt(5.1)]);
    expect(both.flatMap((r) => r.terminated)).toEqual([t.c.usrId]);
    expect(t.exitCalls).toEqual([t.c.usrId]);
    expect(t.mine()).toEqual([ChargeMailSubjects.warning, ChargeMailSubjects.terminated]);
  });

  firstDaysAndNoticeCases();
});

function firstDaysAndNoticeCases(): void {
  it('terminates when the credits no longer pay one day, before any charge into a negative balance', async () => {
    const t = await setUp(new Date('2026-09-01T00:00:00Z'));
    expect((await t.runAt(3.1)).warned).toEqual([t.c.usrId]);
    // 1 more credit: on 6 September 1 credit is left, less than the 2 a day costs, and the notice
    // has passed: terminated now, not after one more day charged into a negative balance.
    await topUp(database, t.c.usrId, '1', new Date('2026-09-04T12:00:00Z'));
    expect((await t.runAt(4.1)).terminated).toEqual([]);
    expect((await t.runAt(5.1)).terminated).toEqual([t.c.usrId]);
    expect(await t.balance()).toBe('1.00');
    expect(await t.status()).toBe('D');
  });

  it('a warned customer who adds validators still gets the whole notice', async () => {
    const t = await setUp(new Date('2026-10-01T00:00:00Z'));
    expect((await t.runAt(3.1)).warned).toEqual([t.c.usrId]);
    // 3 more validators at noon on 4 October: the 2 credits left on 5 October pay no day of 5.
    await database.query(
      `INSERT INTO eth2_validator (eth2_wallet_id, usr_id, idx, validator_status_cd, pub_key, activation_utc,
                                   created_on_utc, status_time_stamp_utc)
       SELECT w.eth2_wallet_id, w.usr_id, 10 + g, '3', 'added_' || w.usr_id || '_' || g, $2, $2, $2
       FROM eth2_wallet w, generate_series(1, 3) g WHERE w.usr_id = $1`,
      [t.c.usrId, '2026-10-04T12:00:00Z'],
    );
    // Warned on 4 October 02:24 with 2 days' notice: not terminated on 5 October, but on 6 October.
    expect((await t.runAt(4.1)).terminated).toEqual([]);
    expect(await t.status()).toBe('A');
    expect((await t.runAt(5.0)).terminated).toEqual([]);
    expect((await t.runAt(5.1)).terminated).toEqual([t.c.usrId]);
    expect(t.mine()).toEqual([ChargeMailSubjects.warning, ChargeMailSubjects.terminated]);
  });

  it('sends nothing before a validator is active and charged, nor in the grace days after activation', async () => {
    // Staked with no credits; the validators turn active at 10:00 on 1 November.
    const t = await setUp(new Date('2026-11-01T10:00:00Z'), '0');
    await database.query(`UPDATE eth2_validator SET validator_status_cd = '1' WHERE usr_id = $1`, [
      t.c.usrId,
    ]);
    expect(await t.runAt(-0.5)).toMatchObject({ charged: 0, warned: [], terminated: [] });
    await database.query(`UPDATE eth2_validator SET validator_status_cd = '3' WHERE usr_id = $1`, [
      t.c.usrId,
    ]);
    // Active, but no day charged yet (1 November is not a full day): nothing.
    expect(await t.runAt(0.01)).toMatchObject({ charged: 0, warned: [] });
    expect(await t.runAt(0.6)).toMatchObject({ charged: 0, warned: [] });
    // 2 and 3 November charged into a negative balance, within the 3 grace days: nothing yet.
    expect(await t.runAt(1.6)).toMatchObject({ charged: 2, warned: [] });
    expect(await t.runAt(2.99)).toMatchObject({ charged: 2, warned: [] });
    expect(t.mine()).toEqual([]);
    // 3 days after activation: the warning, and the termination only after its notice.
    expect((await t.runAt(3)).warned).toEqual([t.c.usrId]);
    expect(await t.balance()).toBe('-4.00');
    expect((await t.runAt(4.99)).terminated).toEqual([]);
    expect((await t.runAt(5)).terminated).toEqual([t.c.usrId]);
    expect(t.mine()).toEqual([ChargeMailSubjects.warning, ChargeMailSubjects.terminated]);
  });
}
