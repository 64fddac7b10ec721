// A customer's alerts in their language (issue 28): the e-mail in the culture of their account,
// the notification centre in the language of the page that asks; an English customer's as before.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GetAlertsReply } from '@payd/schemas';
import { users } from '../db/schema.ts';
import type { OutgoingMail } from '../mail/mailer.ts';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';
import { sendDueEmails } from './delivery.ts';
import { createAlertsFeature } from './plugin.ts';
import { recordConditions } from './record.ts';

describe.each(testDatabaseKinds)('alerts in the customer’s language (%s)', (kind) => {
  let t: TestApp;
  let ann: TestUser;
  let cleo: TestUser;
  const mails: OutgoingMail[] = [];
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { features: [createAlertsFeature({ jobEveryMs: 0 })] });
    ann = await makeUser(t, 'ann.lang@example.com', 1);
    cleo = await makeUser(t, 'cleo.lang@example.com', 1);
    await t.database.db.update(users).set({ cultureId: 2 }).where(eq(users.usrId, cleo.usrId));
    const facts = { balance: '1234.50', dailyCost: '1.00', daysLeft: 0, validators: 1 };
    await recordConditions(
      t.database.db,
      'credits_low',
      [ann, cleo].map((u) => ({ usrId: u.usrId, subject: 'credits', facts })),
      { now: t.clock.now() },
    );
    await sendDueEmails(
      {
        db: t.database.db,
        mailer: { send: (m) => void mails.push(m), flush: async () => {}, close: () => {} },
        publicUrl: 'https://payd.test',
      },
      t.clock.now(),
    );
  });
  afterAll(() => t.close());

  it('writes a German customer’s alert e-mail in German, an English one’s in English', () => {
    const de = mails.find((m) => m.to === cleo.email)!;
    expect(de.subject).toBe('payd: Ihre Credits gehen zur Neige');
    expect(de.text).toContain(
      'Ihr Guthaben beträgt 1.234,50 Credits; Ihre Validatoren kosten 1,00 Credits pro Tag. ' +
        'Sie decken den nächsten Tag Ihrer Validatoren nicht mehr.',
    );
    expect(de.text).toContain('Credits aufladen: https://payd.test/payment');
    const en = mails.find((m) => m.to === ann.email)!;
    expect(en.subject).toBe('payd: Your credits are running out');
    expect(en.text).toContain('Your balance is 1234.50 credits; your validators cost 1.00 credits a day.');
  });

  it('lists the alerts in the language of the page that asks', async () => {
    const de = await t.call<GetAlertsReply>(
      'Alert',
      'GetAlerts',
      {},
      { ...cleo.as, scope: { cultureId: 2 } },
    );
    expect(de.d.data!.Alerts.map((a) => [a.Title, a.ActionLabel, a.ActionPath])).toEqual([
      ['Ihre Credits gehen zur Neige', 'Credits aufladen', '/payment'],
    ]);
    const en = await t.call<GetAlertsReply>('Alert', 'GetAlerts', {}, cleo.as);
    expect(en.d.data!.Alerts[0]!.Title).toBe('Your credits are running out');
  });
});
