// The account's language (issue 28): saved with UpdUsrCulture, read back as the session user's
// CultureId and lang; error messages and e-mails in the caller's culture (the scope header).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CurrentUsrInfo, type UpdUsrCultureReply } from '@payd/schemas';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { logIn, signUp } from '../testing/flows.ts';

let t: TestApp;
const email = 'culture@example.com';
const password = 'A-good-passw0rd!';
const DE = { cultureId: 2 };
const ZH = { cultureId: 5 };

describe.each(testDatabaseKinds)('the account language on %s', (kind) => {
  beforeAll(async () => {
    t = await startTestApp(kind);
    await signUp(t, email, password);
  });
  afterAll(() => t.close());

  it('remembers the culture the account saves, across sign-ins', async () => {
    const o = { token: (await logIn(t, email, password)).access_token };
    const before = await t.call<CurrentUsrInfo>('auth', 'GetCurrentUsrInfo', {}, o);
    expect(before.d.data).toMatchObject({ CultureId: 1, lang: 'en' });
    const saved = await t.call<UpdUsrCultureReply>('Profile', 'UpdUsrCulture', { CultureId: 3 }, o);
    expect(saved.d).toMatchObject({ status: 'success', data: { CultureId: 3, lang: 'fr' } });
    const again = { token: (await logIn(t, email, password, '10.0.0.2')).access_token };
    const after = await t.call<CurrentUsrInfo>('auth', 'GetCurrentUsrInfo', {}, again);
    expect(after.d.data).toMatchObject({ CultureId: 3, lang: 'fr' });
  });

  it('refuses a culture that is not installed, naming the field, and needs a signed-in caller', async () => {
    const o = { token: (await logIn(t, email, password, '10.0.0.3')).access_token };
    const r = await t.call('Profile', 'UpdUsrCulture', { CultureId: 99 }, o);
    expect(r.status).toBe(400);
    expect(r.d.validationErrors).toEqual([expect.objectContaining({ field: 'CultureId' })]);
    expect((await t.call('Profile', 'UpdUsrCulture', { CultureId: 2 })).status).toBe(401);
  });

  it("answers a form's error messages in the caller's culture", async () => {
    const r = await t.call('auth', 'Login', { client_id: 'web', usrName: '', password: '' }, { scope: DE });
    expect(r.d.validationErrors).toEqual(
      expect.arrayContaining([
        { field: 'usrName', message: 'Der Benutzername darf nicht leer sein' },
        { field: 'password', message: 'Das Passwort darf nicht leer sein' },
      ]),
    );
    const en = await t.call('auth', 'Login', { client_id: 'web', usrName: '', password: '' });
    expect(en.d.validationErrors).toEqual(
      expect.arrayContaining([{ field: 'usrName', message: 'User Name cannot be empty' }]),
    );
  });

  it("mails the confirmation code in the caller's culture and starts the account in it", async () => {
    const to = 'zh@example.com';
    const s = await t.call<{ nounce: string; ticketLeft: string }>(
      'SignUp',
      'SignUp',
      { emailAddress: to, reCaptchaRequest: await t.captcha() },
      { scope: ZH },
    );
    expect(s.d.status).toBe('success');
    const [mail] = await t.mails(to);
    expect(mail!.subject).toBe('payd：您的验证码');
    const code = /验证码是：([A-Z0-9]+)/.exec(mail!.text)?.[1];
    expect(code).toBeDefined();
    const a = await t.call(
      'SignUp',
      'Activate',
      {
        emailAddress: to,
        password,
        role: 1,
        nounce: s.d.data!.nounce,
        ticketLeft: s.d.data!.ticketLeft,
        ticketRight: code,
      },
      { scope: ZH },
    );
    expect(a.d.status).toBe('success');
    const o = { token: (await logIn(t, to, password, '10.0.0.4')).access_token };
    const me = await t.call<CurrentUsrInfo>('auth', 'GetCurrentUsrInfo', {}, o);
    expect(me.d.data).toMatchObject({ CultureId: 5, lang: 'zh-CN' });
  });
});
