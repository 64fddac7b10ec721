import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/testApp.ts';
import { makeCustomers, topUp, type Customer } from './fixtures.ts';
import { creditBalance, monthTotals } from './ledger.ts';

describe.each(testDatabaseKinds)('credit ledger (%s)', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  let c: Customer;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(kind));
    c = (
      await makeCustomers(database, { count: 1, validators: 2, activatedAt: new Date('2026-01-01Z') })
    )[0]!;
    await topUp(database, c.usrId, '0.1', new Date('2026-03-10T12:00:00Z'));
    await topUp(database, c.usrId, '0.2', new Date('2026-03-31T23:59:59Z'));
    await topUp(database, c.usrId, '100', new Date('2026-04-01T00:00:00Z'));
    await database.query(
      `INSERT INTO stake_payment (pmt_type_cd, pmt_amt, credit_amt, pmt_status_cd, usr_id) VALUES ('C', 50, 50, 'P', $1)`,
      [c.usrId],
    );
    await database.query(
      `INSERT INTO stake_charge (usr_id, eth2_validator_id, charge_day, credit_amt)
       VALUES ($1, $2, '2026-03-31', 1.25), ($1, $3, '2026-03-31', 1.25), ($1, $2, '2026-04-01', 1.25)`,
      [c.usrId, c.validatorIds[0], c.validatorIds[1]],
    );
  });
  afterAll(() => drop());

  it('is successful top-ups minus charges, in exact decimals', async () => {
    expect(await creditBalance(database.db, c.usrId)).toBe('96.55');
  });

  it('counts payments paid and days charged before the given instant', async () => {
    expect(await creditBalance(database.db, c.usrId, new Date('2026-03-31T00:00:00Z'))).toBe('0.10');
    expect(await creditBalance(database.db, c.usrId, new Date('2026-04-01T00:00:00Z'))).toBe('-2.20');
    expect(await creditBalance(database.db, c.usrId, new Date('2026-04-02T00:00:00Z'))).toBe('96.55');
  });

  it('gives a month its top-ups and charges', async () => {
    expect(await monthTotals(database.db, c.usrId, { year: 2026, month: 3 })).toEqual({
      topUps: '0.30',
      charges: '2.50',
    });
    expect(await monthTotals(database.db, c.usrId, { year: 2026, month: 4 })).toEqual({
      topUps: '100.00',
      charges: '1.25',
    });
    expect(await monthTotals(database.db, c.usrId, { year: 2026, month: 5 })).toEqual({
      topUps: '0.00',
      charges: '0.00',
    });
  });

  it('is zero for a customer with nothing', async () => {
    const [n] = await makeCustomers(database, { count: 1, validators: 0, activatedAt: new Date() });
    expect(await creditBalance(database.db, n!.usrId)).toBe('0.00');
  });
});
