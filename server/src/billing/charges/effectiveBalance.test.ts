// Fees that fit (issue 25 item 9): the daily charge is per 32 ETH of the effective balance of the
// day charged. A 64-ETH 0x02 validator pays twice the daily charge, a 32-ETH one exactly the daily
// charge as before; the account's runway (Remaining) and the low-credit warning count the same fees.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { validatorDailyFee } from '@payd/schemas';
import type { Database } from '../../db/database.ts';
import { parsedRows } from '../../framework/sqlText.ts';
import type { Mailer, OutgoingMail } from '../../mail/mailer.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/testApp.ts';
import { balanceRecord } from '../payments/balance.ts';
import { chargeValidators } from './chargeRun.ts';
import { dailyFeeSql } from './effectiveBalance.ts';
import { makeCustomers, topUp, type Customer } from './fixtures.ts';
import { ChargeMailSubjects } from './mails.ts';
import { reviewCredits } from './termination.ts';

const ETH = 1_000_000_000n;
const at = (s: string) => new Date(s);

let database: Database;
let drop: () => Promise<void>;

/** Makes validator `id` a 0x02 one deposited with `eth` and records the effective balances a sync saw. */
async function compounding(id: number, eth: number, seen: [string, number][]) {
  await database.query(
    `UPDATE eth2_validator SET withdrawal_kind = '0x02', chain_kind = '0x02', deposit_gwei = $2,
            effective_gwei = $3 WHERE eth2_validator_id = $1`,
    [id, BigInt(eth) * ETH, BigInt(seen.at(-1)![1]) * ETH],
  );
  for (const [since, gwei] of seen)
    await database.query(
      `INSERT INTO eth2_validator_effective (eth2_validator_id, since_utc, effective_gwei) VALUES ($1, $2, $3)`,
      [id, since, BigInt(gwei) * ETH],
    );
}

const charges = (usrId: number) =>
  database.query<{ v: number; day: string; amt: string; eth: string }>(
    `SELECT eth2_validator_id AS v, charge_day::text AS day, credit_amt::text AS amt,
            (effective_gwei / 1000000000)::text AS eth
     FROM stake_charge WHERE usr_id = $1 ORDER BY 1, 2`,
    [usrId],
  );

describe.each(testDatabaseKinds)('the daily fee per 32 ETH of effective balance (%s)', (kind) => {
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(kind));
  });
  afterAll(() => drop());
  beforeEach(async () => {
    for (const t of [
      'stake_charge',
      'stake_credit_state',
      'stake_payment',
      'eth2_validator_effective',
      'eth2_validator',
    ])
      await database.query(`DELETE FROM ${t}`);
  });

  it('computes in SQL exactly the fee @payd/schemas quotes', async () => {
    for (const cr of ['1', '1.5', '0.37', '0.125', '3.333'])
      for (const eth of [1n, 16n, 31n, 32n, 33n, 40n, 63n, 64n, 100n, 2047n, 2048n]) {
        const [r] = await parsedRows(
          database.db,
          sql`SELECT ${dailyFeeSql(cr, sql`${(eth * ETH).toString()}::bigint`)}::text AS fee`,
          z.object({ fee: z.string() }),
        );
        expect(`${cr} × ${eth} ETH: ${r!.fee}`).toBe(
          `${cr} × ${eth} ETH: ${validatorDailyFee(cr, eth * ETH)}`,
        );
      }
  });

  it('charges a 64-ETH 0x02 validator twice the daily charge and a 32-ETH one exactly the daily charge', async () => {
    const [c] = (await makeCustomers(database, {
      count: 1,
      validators: 2,
      activatedAt: at('2026-05-01T10:00:00Z'),
    })) as [Customer];
    const [old, big] = c.validatorIds as [number, number];
    await database.query(
      `INSERT INTO eth2_validator_effective (eth2_validator_id, since_utc, effective_gwei) VALUES ($1, $2, $3)`,
      [old, '2026-05-01T10:00:00Z', 32n * ETH],
    );
    await compounding(big, 64, [['2026-05-01T10:00:00Z', 64]]);
    expect(await chargeValidators(database.db, { now: at('2026-05-03T00:00:00Z'), dailyCharge: '1.5' })).toBe(
      2,
    );
    expect(await charges(c.usrId)).toEqual([
      { v: old, day: '2026-05-02', amt: '1.50', eth: '32' },
      { v: big, day: '2026-05-02', amt: '3.00', eth: '64' },
    ]);
  });

  it('charges each day the effective balance in force at its 00:00 UTC', async () => {
    const [c] = (await makeCustomers(database, {
      count: 1,
      validators: 1,
      activatedAt: at('2026-05-01T10:00:00Z'),
    })) as [Customer];
    const [v] = c.validatorIds as [number];
    // First seen by a sync on 2 May at 06:00 (64 ETH); compounding to 65 ETH seen on 3 May at 12:00,
    // then a partial withdrawal down to 40 ETH seen exactly at 00:00 on 5 May.
    await compounding(v, 64, [
      ['2026-05-02T06:00:00Z', 64],
      ['2026-05-03T12:00:00Z', 65],
      ['2026-05-05T00:00:00Z', 40],
    ]);
    await chargeValidators(database.db, { now: at('2026-05-06T01:00:00Z'), dailyCharge: '1' });
    expect(await charges(c.usrId)).toEqual([
      // Before the first record: the first one.
      { v, day: '2026-05-02', amt: '2.00', eth: '64' },
      // The change at noon counts from the next day.
      { v, day: '2026-05-03', amt: '2.00', eth: '64' },
      // 65/32 = 2.03125 → 2.03
      { v, day: '2026-05-04', amt: '2.03', eth: '65' },
      { v, day: '2026-05-05', amt: '1.25', eth: '40' },
    ]);
  });

  it('gives the runway and the low-credit warning at the fees of the effective balances', async () => {
    const start = at('2026-05-01T10:00:00Z');
    const [c] = (await makeCustomers(database, { count: 1, validators: 2, activatedAt: start })) as [
      Customer,
    ];
    await compounding(c.validatorIds[1]!, 64, [['2026-05-01T10:00:00Z', 64]]);
    // 96 ETH at 1 credit per 32 ETH: 3 credits a day. 2 validators × 1 would have read 10 days.
    await topUp(database, c.usrId, '20', start);
    const now = at('2026-05-05T12:00:00Z');
    await chargeValidators(database.db, { now, dailyCharge: '1' }); // 2, 3, 4 May: 9 credits
    const record = await balanceRecord(database.db, c.usrId, now, '1');
    expect(record).toMatchObject({
      Credits: '11.00',
      Charges: '9.00',
      Validators: 2,
      DailyCharge: '3.00',
      EffectiveEth: '96',
      Remaining: 3,
      RemainingText: 'about 3 days',
    });

    const mails: OutgoingMail[] = [];
    const mailer: Mailer = { send: (m) => void mails.push(m), flush: async () => {}, close: () => {} };
    const deps = {
      db: database.db,
      mailer,
      publicUrl: 'https://payd.example',
      exits: () => Promise.resolve({ exited: [], refused: [] }),
    };
    // 11 credits pay 3 days at 3 a day: under a 4-day notice (by count, 5 days: not warned).
    const review = await reviewCredits(deps, { now, dailyCharge: '1', warningDays: 4, graceDays: 3 });
    expect(review.warned).toEqual([c.usrId]);
    expect(mails.map((m) => m.subject)).toEqual([ChargeMailSubjects.warning]);
    expect(mails[0]!.text).toContain('2 validators cost 3.00 credits per day');
    expect(mails[0]!.text).toContain('about 3 more days');
  });
});
