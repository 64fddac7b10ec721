import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, type SignUpReply } from '@payd/schemas';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { logIn, mailedCode, signUp } from '../testing/flows.ts';

describe.each(testDatabaseKinds)('password reset on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const requestReset = async (email: string) =>
    t.call<SignUpReply>(
      'auth',
      'ResetPwdEmail',
      { emailAddress: email, reCaptchaRequest: await t.captcha() },
      { ip: '10.20.0.1' },
    );

  it('changes the password with the mailed code, once, and ends old sessions', async () => {
    const email = 'reset@example.com';
    await signUp(t, email, 'old password');
    const session = await logIn(t, email, 'old password');
    // Used before the reset (the process remembers the checked token): refused after it.
    expect((await t.call('auth', 'GetCurrentUsrInfo', {}, { token: session.access_token })).status).toBe(200);
    const r = await requestReset(email);
    expect(r.d.status).toBe('success');
    const code = await mailedCode(t, email);
    const body = {
      emailAddress: email,
      password: 'new password',
      nounce: r.d.data!.nounce,
      ticketLeft: r.d.data!.ticketLeft,
    };
    const wrong = await t.call('auth', 'ResetPassword', { ...body, ticketRight: 'ZZZZZZZZ' });
    expect(wrong.d).toMatchObject({ status: 'failed', message: authMessages.resetCodeInvalid });
    const ok = await t.call('auth', 'ResetPassword', { ...body, ticketRight: code });
    expect(ok.d).toMatchObject({ status: 'success', data: { changed: true } });
    const again = await t.call('auth', 'ResetPassword', { ...body, ticketRight: code });
    expect(again.d.message).toBe(authMessages.resetCodeInvalid);
    await expect(logIn(t, email, 'old password', '10.21.0.1')).rejects.toThrow();
    await logIn(t, email, 'new password', '10.21.0.2');
    expect((await t.call('auth', 'GetCurrentUsrInfo', {}, { token: session.access_token })).status).toBe(401);
  });

  it('answers an unknown address like a known one and mails nothing', async () => {
    const known = await requestReset('reset@example.com');
    const unknown = await requestReset('ghost@example.com');
    expect(unknown.status).toBe(known.status);
    expect(Object.keys(unknown.d.data!).sort()).toEqual(Object.keys(known.d.data!).sort());
    expect(await t.mails('ghost@example.com')).toEqual([]);
    const r = await t.call('auth', 'ResetPassword', {
      emailAddress: 'ghost@example.com',
      password: 'whatever1',
      nounce: unknown.d.data!.nounce,
      ticketLeft: unknown.d.data!.ticketLeft,
      ticketRight: 'ABCDEFGH',
    });
    expect(r.d.message).toBe(authMessages.resetCodeInvalid);
  });

  it('refuses an expired code', async () => {
    const email = 'expired@example.com';
    await signUp(t, email, 'old password');
    const r = await requestReset(email);
    const code = await mailedCode(t, email);
    t.clock.advance(11 * 60_000);
    const res = await t.call('auth', 'ResetPassword', {
      emailAddress: email,
      password: 'new password',
      nounce: r.d.data!.nounce,
      ticketLeft: r.d.data!.ticketLeft,
      ticketRight: code,
    });
    expect(res.d.message).toBe(authMessages.resetCodeInvalid);
  });

  it('changes the password through the mailed /NewPassword link, once', async () => {
    const email = 'link@example.com';
    await signUp(t, email, 'old password');
    await requestReset(email);
    const [mail] = await t.mails(email);
    const link = new URL(/(http\S+\/NewPassword\?\S+)/.exec(mail!.text)![1]!);
    expect(link.origin).toBe(t.config.publicUrl);
    const body = {
      j: link.searchParams.get('j'),
      p: link.searchParams.get('p'),
      NewUsrPassword: 'link password',
      ConfirmPwd: 'link password',
    };
    expect((await t.call('Profile', 'UpdUsrPwd', { ...body, p: 'forged' })).d.message).toBe(
      authMessages.resetCodeInvalid,
    );
    expect((await t.call('Profile', 'UpdUsrPwd', body)).d.status).toBe('success');
    expect((await t.call('Profile', 'UpdUsrPwd', body)).d.status).toBe('failed');
    await logIn(t, email, 'link password', '10.22.0.1');
  });

  it('lets a signed-in user change their password, and needs a session otherwise', async () => {
    const email = 'profile@example.com';
    await signUp(t, email, 'old password');
    const tokens = await logIn(t, email, 'old password');
    const body = { NewUsrPassword: 'profile password', ConfirmPwd: 'profile password' };
    expect((await t.call('Profile', 'UpdUsrPwd', body)).status).toBe(401);
    const mismatch = await t.call(
      'Profile',
      'UpdUsrPwd',
      { ...body, ConfirmPwd: 'x' },
      { token: tokens.access_token },
    );
    expect(mismatch.d.validationErrors).toContainEqual({
      field: 'ConfirmPwd',
      message: authMessages.enterMatchingPassword,
    });
    expect((await t.call('Profile', 'UpdUsrPwd', body, { token: tokens.access_token })).d.status).toBe(
      'success',
    );
    await logIn(t, email, 'profile password', '10.23.0.1');
  });
});
