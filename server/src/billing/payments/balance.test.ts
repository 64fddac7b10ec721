// GetBalance, the Total Balance card of /payment: 'this month' is the month of the billing clock the
// charges follow (on chain 88 the dev chain's, which can run ahead of the server's), and the
// Remaining figure says the credits ran out only when validators are charged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_VALIDATORS_CHARGED_TEXT } from '@payd/schemas';
import { Role } from '../../framework/roles.ts';
import { startTestApp, testDatabaseKinds, type TestApp } from '../../testing/testApp.ts';
import { makeUser, type TestUser } from '../../testing/testUsers.ts';
import { topUp } from '../charges/fixtures.ts';
import type { BalanceRecord } from './balance.ts';
import { paymentsConfig } from './config.ts';
import { createPaymentsFeature } from './plugin.ts';
import { fixedFtxPrice } from './rates.ts';

const DAY = 86_400_000;

describe.each(testDatabaseKinds)('the Total Balance card on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let billingAt: Date;

  const balance = async (who: TestUser) => {
    const r = await t.call<{ Dtl: BalanceRecord[] }>('StakeAcctBalance', 'GetBalance', {}, who.as);
    expect(r.d.status, r.d.message).toBe('success');
    return r.d.data!.Dtl[0]!;
  };

  beforeAll(async () => {
    t = await startTestApp(
      kind,
      {},
      {
        features: [
          createPaymentsFeature({
            sources: {
              config: paymentsConfig(88, {}),
              chain: () => Promise.reject(new Error('no chain in this test')),
              ftx: fixedFtxPrice(null),
            },
            now: async () => billingAt,
          }),
        ],
      },
    );
    // The dev chain's clock two months ahead of the server's, mid-month.
    const s = t.clock.now();
    billingAt = new Date(Date.UTC(s.getUTCFullYear(), s.getUTCMonth() + 2, 15, 12));
    alice = await makeUser(t, 'alice@example.com', Role.borrower);
    bob = await makeUser(t, 'bob@example.com', Role.borrower);
    const [w] = await t.database.query<{ id: number }>(
      `INSERT INTO eth2_wallet (usr_id, network_id, eth1_withdrawal_addr) VALUES ($1, '88', $2)
       RETURNING eth2_wallet_id AS id`,
      [alice.usrId, '0x00000000000000000000000000000000000000a1'],
    );
    const [v] = await t.database.query<{ id: number }>(
      `INSERT INTO eth2_validator (eth2_wallet_id, usr_id, idx, validator_status_cd, pub_key, activation_utc)
       VALUES ($1, $2, 0, '3', $3, $4) RETURNING eth2_validator_id AS id`,
      [w!.id, alice.usrId, `0x${'b1'.repeat(48)}`, new Date(billingAt.getTime() - 5 * DAY).toISOString()],
    );
    await topUp(t.database, alice.usrId, '20', new Date(billingAt.getTime() - 3 * DAY));
    await t.database.query(
      `INSERT INTO stake_charge (usr_id, eth2_validator_id, charge_day, credit_amt)
       VALUES ($1, $2, $3::date, 1), ($1, $2, $4::date, 1)`,
      [
        alice.usrId,
        v!.id,
        new Date(billingAt.getTime() - 2 * DAY).toISOString().slice(0, 10),
        new Date(billingAt.getTime() - DAY).toISOString().slice(0, 10),
      ],
    );
    await topUp(t.database, bob.usrId, '94', new Date(billingAt.getTime() - DAY));
  });

  afterAll(async () => {
    await t?.close();
  });

  it("counts this month's top-ups and charges by the billing clock", async () => {
    const b = await balance(alice);
    expect(b).toMatchObject({ Credits: '18.00', Topups: '20.00', Charges: '2.00', Validators: 1 });
    expect(b.RemainingText).toBe('about 18 days');
  });

  it('does not say the credits ran out to a customer without validators', async () => {
    const b = await balance(bob);
    expect(b).toMatchObject({ Credits: '94.00', Validators: 0 });
    expect(b.RemainingText).toBe(NO_VALIDATORS_CHARGED_TEXT);
  });
});
