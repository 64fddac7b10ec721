// The e-mail a customer gets when staff change their KYC status in the back office: one per change,
// after the change is saved, with the status page's words; nothing for the customer's own saves.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { Role } from '../framework/roles.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';
import { backofficeFeature } from '../backoffice/plugin.ts';
import { createKycFeature } from './plugin.ts';
import { SETTLED_MS, kycStatusMail, sendKycStatusMails } from './notificationsKycStatus.ts';

type Row = Record<string, unknown>;

describe('kycStatusMail', () => {
  const o = { corporate: false, reason: 'Blurred photo', siteUrl: 'https://payd.test' };
  it('says approved, declined (with the reason), problem (with the reason) and waiting', () => {
    expect(kycStatusMail('AP', o)).toMatchObject({ subject: 'payd: KYC Approved' });
    expect(kycStatusMail('AP', o)!.text).toContain('https://payd.test/kyc-status');
    const de = kycStatusMail('DE', o)!;
    expect(de.subject).toBe('payd: KYC Declined');
    expect(de.text).toContain('KYC Declined, Please contact customer service for more detail.');
    expect(de.text).toContain('Reason: Blurred photo');
    const p2 = kycStatusMail('P2', o)!;
    expect(p2.text).toContain("We've flagged the following issues:");
    expect(p2.text).toContain('Blurred photo');
    const corp = kycStatusMail('P2', { ...o, corporate: true })!;
    expect(corp.text).toContain("We've flagged the issues with data collection.");
    expect(corp.text).not.toContain('Blurred photo');
    for (const s of ['P1', 'p1', 'P3', 'P4'])
      expect(kycStatusMail(s, o)).toMatchObject({ subject: 'payd: Waiting for Review' });
    expect(kycStatusMail('', o)).toBeNull();
  });

  it("writes the mail in the customer's language, the reviewer's reason as written (issue 28)", () => {
    const de = kycStatusMail('P2', { ...o, cultureId: 2 })!;
    expect(de.subject).toBe('payd: Problem bei der Datenerfassung');
    expect(de.text).toContain('Wir haben folgende Probleme festgestellt:');
    expect(de.text).toContain('Grund: Blurred photo');
    expect(de.text).toContain('Melden Sie sich an, um Ihren Antrag zu sehen: https://payd.test/kyc-status');
    expect(kycStatusMail('AP', { ...o, cultureId: 4 })!.subject).toBe('payd: KYC aprobado');
    expect(kycStatusMail('AP', { ...o, cultureId: 5 })!.text).toContain('状态：KYC 已批准');
  });
});

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let reviewer: TestUser;
let aliceId: string;

const sweep = () =>
  sendKycStatusMails({ db: t.database.db, clock: t.clock, mailer: t.mailer, siteUrl: 'https://payd.test' });

async function setStatus(service: string, entity: string, key: string, values: Row): Promise<void> {
  const rec = await t.call<Row>(service, `Get${entity}ById`, { keyId: key }, reviewer.as);
  const s = await t.call(service, 'SaveData', { mst: { ...rec.d.data, ...values } }, reviewer.as);
  expect(s.d.status).toBe('success');
}

describe.each(testDatabaseKinds)('KYC status e-mails on %s', (kind) => {
  beforeAll(async () => {
    // The periodic sweep is left idle: the tests run it themselves.
    t = await startTestApp(
      kind,
      {},
      { features: [backofficeFeature, createKycFeature({ statusMailIntervalMs: 3_600_000 })] },
    );
    alice = await makeUser(t, 'alice@example.com', Role.borrower);
    bob = await makeUser(t, 'bob@example.com', Role.lender);
    reviewer = await makeUser(t, 'reviewer@payd.test', Role.kycReviewer);
  });

  afterAll(async () => {
    await t?.close();
  });

  it("mails nothing for the customer's own save (P1)", async () => {
    const s = await t.call<{ mst: Row }>(
      'KycPerson',
      'SaveData',
      { mst: { KycPersonId15: '', Name15: 'Alice Liddell' } },
      alice.as,
    );
    expect(s.d.data!.mst.InternalStatus15).toBe('P1');
    aliceId = String(s.d.data!.mst.KycPersonId15);
    expect(await sweep()).toBe(0);
    expect(await t.mails('alice@example.com')).toEqual([]);
  });

  it('mails each staff status change once: P2 with the reason, P3, AP, DE', async () => {
    await setStatus('KycPerson', 'KycPerson15', aliceId, {
      InternalStatus15: 'P2',
      Reason15: 'The ID photo is blurred',
    });
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    let mails = await t.mails('alice@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('payd: Problem With Data Collection');
    expect(mails[0]!.text).toContain("We've flagged the following issues:");
    expect(mails[0]!.text).toContain('The ID photo is blurred');

    // A change of the reason alone is no status change.
    await setStatus('KycPerson', 'KycPerson15', aliceId, { Reason15: 'Also the address' });
    expect(await sweep()).toBe(0);

    await setStatus('KycPerson', 'KycPerson15', aliceId, { InternalStatus15: 'P3', Reason15: '' });
    await setStatus('KycPerson', 'KycPerson15', aliceId, { InternalStatus15: 'AP' });
    expect(await sweep()).toBe(2);
    mails = await t.mails('alice@example.com');
    expect(mails.map((m) => m.subject)).toEqual([
      'payd: KYC Approved',
      'payd: Waiting for Review',
      'payd: Problem With Data Collection',
    ]);
    expect(mails[0]!.text).toContain('Status: KYC Approved');

    await setStatus('KycPerson', 'KycPerson15', aliceId, {
      InternalStatus15: 'DE',
      Reason15: 'Sanctions list match',
    });
    expect(await sweep()).toBe(1);
    const [declined] = await t.mails('alice@example.com');
    expect(declined!.subject).toBe('payd: KYC Declined');
    expect(declined!.text).toContain('KYC Declined, Please contact customer service for more detail.');
    expect(declined!.text).toContain('Reason: Sanctions list match');
    // Nobody else got anything.
    expect(await t.mails('bob@example.com')).toEqual([]);
  });

  it('mails the owner of a corporate record when staff approve it', async () => {
    const [corp] = await t.database.query<{ k: number }>(
      `INSERT INTO kyc_corporate (name, internal_status, input_for) VALUES ('Bob Ltd', 'P1', $1)
       RETURNING kyc_corp_id AS k`,
      [bob.usrId],
    );
    await setStatus('KycCorporate', 'KycCorporate16', String(corp!.k), { InternalStatus16: 'AP' });
    expect(await sweep()).toBe(1);
    const [mail] = await t.mails('bob@example.com');
    expect(mail!.subject).toBe('payd: KYC Approved');
    expect(mail!.text).toContain('Your business account has been verified.');
  });

  it('moves its start mark over settled changes only, so a sweep reads recent changes alone', async () => {
    const mark = async () =>
      Number((await t.database.query(`SELECT audit_id FROM kyc_status_mail_start`))[0]!.audit_id);
    const dave = await makeUser(t, `dave.${kind}@example.com`, Role.borrower);
    const rec = await t.call<{ mst: Row }>(
      'KycPerson',
      'SaveData',
      { mst: { KycPersonId15: '', Name15: 'Dave Mark' } },
      dave.as,
    );
    const daveId = String(rec.d.data!.mst.KycPersonId15);
    await sweep();
    const before = await mark();
    // A staff change, mailed at once: within the hour it may still have a late-committing
    // neighbour, so the mark stays.
    await setStatus('KycPerson', 'KycPerson15', daveId, { InternalStatus15: 'P3' });
    expect(await sweep()).toBe(1);
    expect(await mark()).toBe(before);
    // A second change is made and not mailed before the hour passes (sessions are short, so it is
    // made first): the late sweep still mails it, and only then the mark moves past both.
    await setStatus('KycPerson', 'KycPerson15', daveId, { InternalStatus15: 'P4' });
    t.clock.advance(SETTLED_MS + 1000);
    expect(await sweep()).toBe(1);
    expect(await mark()).toBeGreaterThan(before);
    expect(await sweep()).toBe(0);
  });

  it('does not mail changes that happened before the feature existed', async () => {
    await t.database.query(
      `UPDATE kyc_status_mail_start SET audit_id = (SELECT max(audit_id) FROM audit_log)`,
    );
    await t.database.query(`DELETE FROM kyc_status_mail`);
    expect(await sweep()).toBe(0);
  });
});

describe('KYC status e-mails in the default app', () => {
  it('arrive without anyone running the sweep by hand', async () => {
    const t = await startTestApp('pglite');
    try {
      const carol = await makeUser(t, 'carol@example.com', Role.guarantor);
      const reviewer = await makeUser(t, 'rev@payd.test', Role.kycReviewer);
      const s = await t.call<{ mst: Row }>(
        'KycPerson',
        'SaveData',
        { mst: { KycPersonId15: '', Name15: 'Carol' } },
        carol.as,
      );
      const rec = await t.call<Row>(
        'KycPerson',
        'GetKycPerson15ById',
        { keyId: s.d.data!.mst.KycPersonId15 },
        reviewer.as,
      );
      await t.call('KycPerson', 'SaveData', { mst: { ...rec.d.data, InternalStatus15: 'AP' } }, reviewer.as);
      await vi.waitFor(
        async () => {
          const [mail] = await t.mails('carol@example.com');
          expect(mail?.subject).toBe('payd: KYC Approved');
        },
        { timeout: 15_000, interval: 250 },
      );
    } finally {
      await t.close();
    }
  });
});
