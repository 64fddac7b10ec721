import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/testApp.ts';
import { chargeValidators } from './chargeRun.ts';
import { makeCustomers } from './fixtures.ts';
import { creditBalance } from './ledger.ts';

const at = (s: string) => new Date(s);

let database: Database;
let drop: () => Promise<void>;

const charges = (usrId: number) =>
  database.query<{ v: number; day: string; amt: string }>(
    `SELECT eth2_validator_id AS v, charge_day::text AS day, credit_amt::text AS amt FROM stake_charge
     WHERE usr_id = $1 ORDER BY 1, 2`,
    [usrId],
  );

describe.each(testDatabaseKinds)('daily charge run (%s)', (kind) => {
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(kind));
  });

  afterAll(() => drop());

  beforeEach(async () => {
    await database.query('DELETE FROM stake_charge');
    await database.query('DELETE FROM eth2_validator');
  });

  it('charges a day only once it has passed 00:00 UTC, from the first full day after activation', async () => {
    const [c] = await makeCustomers(database, {
      count: 1,
      validators: 1,
      activatedAt: at('2026-05-01T10:00:00Z'),
    });
    const run = (now: string) => chargeValidators(database.db, { now: at(now), dailyCharge: '1.5' });
    // Active from 10:00 on 1 May: that day is not charged; 2 May is, once it has passed.
    expect(await run('2026-05-02T00:00:00Z')).toBe(0);
    expect(await run('2026-05-02T23:59:59.999Z')).toBe(0);
    expect(await run('2026-05-03T00:00:00Z')).toBe(1);
    expect(await charges(c!.usrId)).toEqual([{ v: c!.validatorIds[0], day: '2026-05-02', amt: '1.50' }]);
    expect(await run('2026-05-03T23:00:00Z')).toBe(0);
    expect(await creditBalance(database.db, c!.usrId)).toBe('-1.50');
  });

  midnightCases();

  it('catches up every missed day after downtime, from the first full day to exit', async () => {
    const [a, b] = await makeCustomers(database, {
      count: 2,
      validators: 2,
      activatedAt: at('2026-05-01T10:00:00Z'),
    });
    // b's first validator exited on 4 May at noon: 2 to 4 May are its days.
    await database.query(
      `UPDATE eth2_validator SET validator_status_cd = '7', exit_utc = '2026-05-04T12:00:00Z' WHERE eth2_validator_id = $1`,
      [b!.validatorIds[0]],
    );
    expect(await chargeValidators(database.db, { now: at('2026-05-03T01:00:00Z'), dailyCharge: '1' })).toBe(
      4,
    );
    // Down from 3 May to 11 May 06:00: 3 to 10 May of 3 validators, 3 and 4 May of the exited one.
    expect(await chargeValidators(database.db, { now: at('2026-05-11T06:00:00Z'), dailyCharge: '1' })).toBe(
      3 * 8 + 2,
    );
    const days = (rows: { day: string }[]) => rows.map((r) => r.day);
    const aRows = await charges(a!.usrId);
    expect(aRows).toHaveLength(18);
    expect(days(aRows.filter((r) => r.v === a!.validatorIds[0]))).toEqual(
      Array.from({ length: 9 }, (_, i) => `2026-05-${String(i + 2).padStart(2, '0')}`),
    );
    expect(days((await charges(b!.usrId)).filter((r) => r.v === b!.validatorIds[0]))).toEqual([
      '2026-05-02',
      '2026-05-03',
      '2026-05-04',
    ]);
  });

  it('does not charge validators not yet active, nor a terminated customer', async () => {
    const [p] = await makeCustomers(database, {
      count: 1,
      validators: 1,
      activatedAt: at('2026-05-01Z'),
      code: '1',
    });
    const [d] = await makeCustomers(database, { count: 1, validators: 1, activatedAt: at('2026-05-01Z') });
    await database.query(`UPDATE stake_wallet_address SET stake_wallet_status_cd = 'D' WHERE usr_id = $1`, [
      d!.usrId,
    ]);
    expect(await chargeValidators(database.db, { now: at('2026-05-05Z'), dailyCharge: '1' })).toBe(0);
    expect(await charges(p!.usrId)).toEqual([]);
  });

  it('with two runners at once, charges each validator-day once', async () => {
    const cs = await makeCustomers(database, {
      count: 30,
      validators: 3,
      activatedAt: at('2026-04-01T00:00:00Z'),
    });
    const now = at('2026-04-11T00:00:01Z');
    const [x, y] = await Promise.all([
      chargeValidators(database.db, { now, dailyCharge: '1', batchSize: 7 }),
      chargeValidators(database.db, { now, dailyCharge: '1', batchSize: 11 }),
    ]);
    expect(x + y).toBe(30 * 3 * 10);
    const [n] = await database.query<{ n: number; d: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT (eth2_validator_id, charge_day))::int AS d FROM stake_charge`,
    );
    expect(n).toEqual({ n: 900, d: 900 });
    for (const c of cs.slice(0, 3)) expect(await creditBalance(database.db, c.usrId)).toBe('-30.00');
  });

  it('a run killed halfway and run again leaves nothing missing and nothing twice', async () => {
    await makeCustomers(database, { count: 20, validators: 2, activatedAt: at('2026-04-01T00:00:00Z') });
    const now = at('2026-04-06T00:00:00Z');
    let batches = 0;
    const killed = chargeValidators(database.db, {
      now,
      dailyCharge: '1',
      batchSize: 10,
      afterBatch: () => {
        if (++batches === 2) throw new Error('killed');
      },
    });
    await expect(killed).rejects.toThrow('killed');
    const [half] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM stake_charge`);
    expect(half!.n).toBe(2 * 10 * 5);
    expect(await chargeValidators(database.db, { now, dailyCharge: '1', batchSize: 10 })).toBe(20 * 5);
    expect(await chargeValidators(database.db, { now, dailyCharge: '1' })).toBe(0);
    const [all] = await database.query<{ n: number; d: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT (eth2_validator_id, charge_day))::int AS d FROM stake_charge`,
    );
    expect(all).toEqual({ n: 200, d: 200 });
  });
});

function midnightCases(): void {
  it('charges a day whose 00:00 UTC the validator was active at: activation and exit at midnight', async () => {
    const [c] = await makeCustomers(database, {
      count: 1,
      validators: 2,
      activatedAt: at('2026-05-01T00:00:00Z'),
    });
    // One exits at exactly 00:00 on 4 May (4 May is not its day), the other at 00:00:01 (it is).
    await database.query(
      `UPDATE eth2_validator SET validator_status_cd = '7', exit_utc = $2::timestamptz WHERE eth2_validator_id = $1`,
      [c!.validatorIds[0], '2026-05-04T00:00:00Z'],
    );
    await database.query(
      `UPDATE eth2_validator SET validator_status_cd = '7', exit_utc = $2::timestamptz WHERE eth2_validator_id = $1`,
      [c!.validatorIds[1], '2026-05-04T00:00:01Z'],
    );
    await chargeValidators(database.db, { now: at('2026-05-10T00:00:00Z'), dailyCharge: '1' });
    const days = (v: number) =>
      charges(c!.usrId).then((rows) => rows.filter((r) => r.v === v).map((r) => r.day));
    expect(await days(c!.validatorIds[0]!)).toEqual(['2026-05-01', '2026-05-02', '2026-05-03']);
    expect(await days(c!.validatorIds[1]!)).toEqual(['2026-05-01', '2026-05-02', '2026-05-03', '2026-05-04']);
    expect(await creditBalance(database.db, c!.usrId)).toBe('-7.00');
  });
}
