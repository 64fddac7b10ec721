// AlertWs: a customer lists, counts and marks only their own alerts; preferences are validated by
// their schema, a bad one is a 400 naming the field and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_ALERT_PREFERENCES,
  type AlertPreferencesReply,
  type GetAlertsReply,
  type MarkAlertsReadReply,
  type UnreadAlertCountReply,
} from '@payd/schemas';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';
import { createAlertsFeature } from './plugin.ts';
import { recordConditions } from './record.ts';

describe.each(testDatabaseKinds)('AlertWs (%s)', (kind) => {
  let t: TestApp;
  let ann: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { features: [createAlertsFeature({ jobEveryMs: 0 })] });
    ann = await makeUser(t, 'ann.alerts@example.com', 1);
    bob = await makeUser(t, 'bob.alerts@example.com', 1);
    const now = t.clock.now();
    const facts = { balance: '3.00', dailyCost: '1.00', daysLeft: 3, validators: 1 };
    await recordConditions(t.database.db, 'credits_low', [{ usrId: ann.usrId, subject: 'credits', facts }], {
      now,
    });
    await recordConditions(
      t.database.db,
      'validator_offline',
      [
        {
          usrId: ann.usrId,
          subject: '0xabc',
          facts: { index: '7', pubkey: '0xabc', epochs: 3, lostEth: '0.0001' },
        },
      ],
      { now },
    );
    await recordConditions(t.database.db, 'credits_low', [{ usrId: bob.usrId, subject: 'credits', facts }], {
      now,
    });
  });
  afterAll(() => t.close());

  it('lists the caller’s own alerts, newest first, with what happened, the money and the action', async () => {
    const r = await t.call<GetAlertsReply>('Alert', 'GetAlerts', {}, ann.as);
    expect(r.status).toBe(200);
    expect(r.d.data!.Unread).toBe(2);
    expect(r.d.data!.Alerts.map((a) => [a.Title, a.ActionPath])).toEqual([
      ['Validator 7 is offline', '/dashboard'],
      ['Your credits are running out', '/payment'],
    ]);
    expect(r.d.data!.Alerts[1]!.Body).toContain('Your balance is 3.00 credits');
  });

  it('marks read only the caller’s alerts: another customer’s id changes nothing', async () => {
    const bobs = (await t.call<GetAlertsReply>('Alert', 'GetAlerts', {}, bob.as)).d.data!.Alerts;
    const foreign = await t.call<MarkAlertsReadReply>(
      'Alert',
      'MarkAlertsRead',
      { AlertIds: [bobs[0]!.AlertId] },
      ann.as,
    );
    expect(foreign.d.data).toEqual({ Marked: 0, Unread: 2 });
    const anns = (await t.call<GetAlertsReply>('Alert', 'GetAlerts', {}, ann.as)).d.data!.Alerts;
    const one = await t.call<MarkAlertsReadReply>(
      'Alert',
      'MarkAlertsRead',
      { AlertIds: [anns[0]!.AlertId] },
      ann.as,
    );
    expect(one.d.data).toEqual({ Marked: 1, Unread: 1 });
    const count = await t.call<UnreadAlertCountReply>('Alert', 'GetUnreadAlertCount', {}, bob.as);
    expect(count.d.data).toEqual({ Unread: 1 });
    const all = await t.call<MarkAlertsReadReply>('Alert', 'MarkAlertsRead', { all: true }, ann.as);
    expect(all.d.data).toEqual({ Marked: 1, Unread: 0 });
  });

  it('refuses a call without a session', async () => {
    const r = await t.call('Alert', 'GetAlerts', {});
    expect(r.d.status).toBe('failed');
    expect(r.status).not.toBe(200);
  });

  it('saves preferences and refuses a band at or below the liquidation ratio, naming the field', async () => {
    const defaults = await t.call<AlertPreferencesReply>('Alert', 'GetAlertPreferences', {}, ann.as);
    expect(defaults.d.data!.Preferences).toEqual(DEFAULT_ALERT_PREFERENCES);
    const bad = await t.call(
      'Alert',
      'SaveAlertPreferences',
      { Preferences: { ...DEFAULT_ALERT_PREFERENCES, bands: [115] } },
      ann.as,
    );
    expect(bad.status).toBe(400);
    expect(bad.d.validationErrors).toEqual([
      { field: 'Preferences.bands.0', message: 'A band must be above 115%.' },
    ]);
    const badN = await t.call(
      'Alert',
      'SaveAlertPreferences',
      { Preferences: { ...DEFAULT_ALERT_PREFERENCES, offlineEpochs: 0 } },
      ann.as,
    );
    expect(badN.d.validationErrors![0]!.field).toBe('Preferences.offlineEpochs');
    const prefs = { ...DEFAULT_ALERT_PREFERENCES, bands: [125, 160], offlineEpochs: 5, digest: true };
    const saved = await t.call<AlertPreferencesReply>(
      'Alert',
      'SaveAlertPreferences',
      { Preferences: prefs },
      ann.as,
    );
    expect(saved.d.data!.Preferences).toEqual({ ...prefs, bands: [160, 125] });
    const bobs = await t.call<AlertPreferencesReply>('Alert', 'GetAlertPreferences', {}, bob.as);
    expect(bobs.d.data!.Preferences).toEqual(DEFAULT_ALERT_PREFERENCES);
  });
});
