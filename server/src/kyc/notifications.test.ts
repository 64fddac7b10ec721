// The KYC notification e-mails, read from the real SMTP sink: who may send them, where they go,
// what they say, and the per-account hourly limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { Role } from '../framework/roles.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';
import { NOTIFY_PER_HOUR } from './plugin.ts';

const TEAM = 'team@company.test';
const SUPPORT = 'help@company.test';

describe.each(testDatabaseKinds)('KYC notification e-mails on %s', (kind) => {
  let t: TestApp;
  let dana: TestUser;
  let erin: TestUser;
  let staff: TestUser;

  beforeAll(async () => {
    t = await startTestApp(kind, { COMPANY_TEAM_EMAIL: TEAM, SUPPORT_EMAIL: SUPPORT });
    dana = await makeUser(t, 'dana@example.com', Role.borrower);
    erin = await makeUser(t, 'erin@example.com', Role.lender);
    staff = await makeUser(t, 'staff@payd.test', Role.operator);
    await t.database.query(
      `INSERT INTO kyc_person (name, input_for, internal_status) VALUES ('Dana Scully', $1, 'P1')`,
      [dana.usrId],
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends a business account request to the company team with the login name', async () => {
    const r = await t.call<string>(
      'KycPerson',
      'SendBusinessAccountRequestEmail',
      { emailAddress: 'dana@example.com' },
      dana.as,
    );
    expect(r.status).toBe(200);
    expect(r.d).toMatchObject({ status: 'success', data: 'success' });
    const [mail] = await t.mails(TEAM);
    expect(mail!.subject).toBe('Business account request');
    expect(mail!.text).toContain('Login name: dana@example.com');
    expect(mail!.text).toContain('Name: Dana Scully');
  });

  it('sends a liveness issue to support with the name and e-mail of the signed-in customer', async () => {
    const r = await t.call<string>(
      'SupportRequest',
      'SendLivenessIssueEmail',
      { userInfo: { name: 'Erin\r\nReyes', email: 'someone-else@example.com' } },
      erin.as,
    );
    expect(r.d).toMatchObject({ status: 'success', data: 'success' });
    const [mail] = await t.mails(SUPPORT);
    expect(mail!.subject).toBe('Liveness test issue');
    expect(mail!.text).toContain('Name: Erin Reyes');
    // The address is the account's own, never one the client claims.
    expect(mail!.text).toContain('E-mail: erin@example.com');
    expect(mail!.text).not.toContain('someone-else');
  });

  it('sends a not-enough-liquidity notice with the ETH amount, refusing a malformed amount', async () => {
    const before = (await t.mails(TEAM)).length;
    const bad = await t.call('KycPerson', 'SendNotEnoughLiquidityEmail', { ethAmount: '1e3' }, dana.as);
    expect(bad.status).toBe(400);
    const r = await t.call<string>(
      'KycPerson',
      'SendNotEnoughLiquidityEmail',
      { emailAddress: 'dana@example.com', ethAmount: '32.000000000000000001' },
      dana.as,
    );
    expect(r.d).toMatchObject({ status: 'success', data: 'success' });
    const mails = await t.mails(TEAM);
    expect(mails.length).toBe(before + 1);
    const [mail] = mails;
    expect(mail!.subject).toBe('Not enough liquidity');
    expect(mail!.text).toContain('ETH amount: 32.000000000000000001');
    expect(mail!.text).toContain('Login name: dana@example.com');
  });

  it('refuses anonymous callers and staff, sending nothing', async () => {
    const before = (await t.mails(TEAM)).length;
    const anon = await t.call('KycPerson', 'SendBusinessAccountRequestEmail', {});
    expect(anon.status).toBe(401);
    const byStaff = await t.call('KycPerson', 'SendBusinessAccountRequestEmail', {}, staff.as);
    expect(byStaff.status).toBe(403);
    expect((await t.mails(TEAM)).length).toBe(before);
  });

  it(`allows ${NOTIFY_PER_HOUR} liveness issue mails per customer and hour`, async () => {
    const send = (u: TestUser) => t.call('SupportRequest', 'SendLivenessIssueEmail', { userInfo: 'x' }, u.as);
    // erin sent one above.
    for (let i = 1; i < NOTIFY_PER_HOUR; i++) expect((await send(erin)).status).toBe(200);
    const over = await send(erin);
    expect(over.status).toBe(429);
    expect(over.d.message).toBe('Too many requests. Please try again later.');
    expect((await t.mails(SUPPORT)).length).toBe(NOTIFY_PER_HOUR);
    // Another customer is not affected.
    expect((await send(dana)).status).toBe(200);
  });
});

describe('KYC notifications in the default app', () => {
  it('are registered in features.ts', async () => {
    const t = await startTestApp('pglite');
    try {
      const u = await makeUser(t, 'frank@example.com', Role.guarantor);
      const r = await t.call('KycPerson', 'SendBusinessAccountRequestEmail', {}, u.as);
      expect(r.d.status).toBe('success');
      const [mail] = await t.mails('team@payd.local');
      expect(mail!.text).toContain('Login name: frank@example.com');
    } finally {
      await t.close();
    }
  });
});
