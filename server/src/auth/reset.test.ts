import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authMessages,
  challengeNonce,
  solveLoginChallenge,
  type LoginChallengeData,
  type SignUpReply,
} from '@payd/schemas';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { logIn, mailedCode, pkce, signUp } from '../testing/flows.ts';

const OLD = 'Ferret-Lamp-81!';
const NEW = 'Quartz-Otter-53?';

let t: TestApp;

const requestReset = async (email: string) =>
  t.call<SignUpReply>(
    'auth',
    'ResetPwdEmail',
    { emailAddress: email, reCaptchaRequest: await t.captcha() },
    { ip: '10.20.0.1' },
  );

describe.each(testDatabaseKinds)('password reset on %s', (kind) => {
  beforeAll(async () => {
    t = await startTestApp(kind);
  });

  afterAll(() => t.close());

  mailedCodeCases();
  linkAndSignedInCases();
});

function mailedCodeCases(): void {
  it('changes the password with the mailed code, once, and ends old sessions', async () => {
    const email = 'reset@example.com';
    await signUp(t, email, OLD);
    const session = await logIn(t, email, OLD);
    // Used before the reset (the process remembers the checked token): refused after it.
    expect((await t.call('auth', 'GetCurrentUsrInfo', {}, { token: session.access_token })).status).toBe(200);
    const r = await requestReset(email);
    expect(r.d.status).toBe('success');
    const code = await mailedCode(t, email);
    const body = {
      emailAddress: email,
      password: NEW,
      nounce: r.d.data!.nounce,
      ticketLeft: r.d.data!.ticketLeft,
    };
    const wrong = await t.call('auth', 'ResetPassword', { ...body, ticketRight: 'ZZZZZZZZ' });
    expect(wrong.d).toMatchObject({ status: 'failed', message: authMessages.resetCodeInvalid });
    const ok = await t.call('auth', 'ResetPassword', { ...body, ticketRight: code });
    expect(ok.d).toMatchObject({ status: 'success', data: { changed: true } });
    const again = await t.call('auth', 'ResetPassword', { ...body, ticketRight: code });
    expect(again.d.message).toBe(authMessages.resetCodeInvalid);
    await expect(logIn(t, email, OLD, '10.21.0.1')).rejects.toThrow();
    await logIn(t, email, NEW, '10.21.0.2');
    expect((await t.call('auth', 'GetCurrentUsrInfo', {}, { token: session.access_token })).status).toBe(401);
  });

  it('holds a reset and a change to the password rules and the common-password list', async () => {
    const email = 'reset-rules@example.com';
    await signUp(t, email, OLD);
    const r = await requestReset(email);
    const body = {
      emailAddress: email,
      nounce: r.d.data!.nounce,
      ticketLeft: r.d.data!.ticketLeft,
      ticketRight: await mailedCode(t, email),
    };
    const weak = await t.call('auth', 'ResetPassword', { ...body, password: 'newpassword1' });
    expect(weak.d.validationErrors).toEqual([
      { field: 'password', message: authMessages.profilePasswordHint },
    ]);
    const common = await t.call('auth', 'ResetPassword', { ...body, password: 'Password123!' });
    expect(common.d.validationErrors).toEqual([
      { field: 'password', message: authMessages.passwordTooCommon },
    ]);
    expect((await t.call('auth', 'ResetPassword', { ...body, password: NEW })).d.status).toBe('success');
    const tokens = await logIn(t, email, NEW);
    const change = (NewUsrPassword: string) =>
      t.call(
        'Profile',
        'UpdUsrPwd',
        { NewUsrPassword, ConfirmPwd: NewUsrPassword, CurrentPwd: NEW },
        { token: tokens.access_token },
      );
    expect((await change('alllowercase1!')).d.validationErrors).toEqual([
      { field: 'NewUsrPassword', message: authMessages.profilePasswordHint },
    ]);
    expect((await change('Dragon2024!')).d.validationErrors).toEqual([
      { field: 'NewUsrPassword', message: authMessages.passwordTooCommon },
    ]);
  });

  it('lets the owner out of a back-off caused by guessing: a reset works and clears it', async () => {
    const email = 'locked-out@example.com';
    await signUp(t, email, OLD);
    const tokens = await logIn(t, email, OLD, '10.25.0.1');
    const guess = (nonce?: string) =>
      t.call<LoginChallengeData>(
        'auth',
        'Login',
        {
          client_id: 'web',
          usrName: email,
          password: 'Wrong-guess-1!',
          code_challenge: pkce().challenge,
          nonce,
        },
        { ip: '10.25.0.2' },
      );
    let g = await guess();
    for (let i = 1; i < 10; i++) {
      const { serverChallenge, challengeCount } = g.d.data!;
      g = await guess(
        challengeNonce(serverChallenge, await solveLoginChallenge(serverChallenge, challengeCount, email)),
      );
    }
    expect((await guess()).status).toBe(429);
    // Checking a current password is held back alike (a stolen token is no way around it).
    const change = await t.call(
      'Profile',
      'UpdUsrPwd',
      { NewUsrPassword: NEW, ConfirmPwd: NEW, CurrentPwd: OLD },
      { token: tokens.access_token },
    );
    expect(change.d).toMatchObject({ error: 'rate_limited', message: authMessages.loginBackoff });
    const r = await requestReset(email);
    const ok = await t.call('auth', 'ResetPassword', {
      emailAddress: email,
      password: NEW,
      nounce: r.d.data!.nounce,
      ticketLeft: r.d.data!.ticketLeft,
      ticketRight: await mailedCode(t, email),
    });
    expect(ok.d.status).toBe('success');
    await logIn(t, email, NEW, '10.25.0.3');
  });
}

function linkAndSignedInCases(): void {
  it('answers an unknown address like a known one and mails nothing', async () => {
    const known = await requestReset('reset@example.com');
    const unknown = await requestReset('ghost@example.com');
    expect(unknown.status).toBe(known.status);
    expect(Object.keys(unknown.d.data!).sort()).toEqual(Object.keys(known.d.data!).sort());
    expect(await t.mails('ghost@example.com')).toEqual([]);
    const r = await t.call('auth', 'ResetPassword', {
      emailAddress: 'ghost@example.com',
      password: 'Tundra-Whisk-91!',
      nounce: unknown.d.data!.nounce,
      ticketLeft: unknown.d.data!.ticketLeft,
      ticketRight: 'ABCDEFGH',
    });
    expect(r.d.message).toBe(authMessages.resetCodeInvalid);
  });

  it('refuses an expired code', async () => {
    const email = 'expired@example.com';
    await signUp(t, email, OLD);
    const r = await requestReset(email);
    const code = await mailedCode(t, email);
    t.clock.advance(11 * 60_000);
    const res = await t.call('auth', 'ResetPassword', {
      emailAddress: email,
      password: NEW,
      nounce: r.d.data!.nounce,
      ticketLeft: r.d.data!.ticketLeft,
      ticketRight: code,
    });
    expect(res.d.message).toBe(authMessages.resetCodeInvalid);
  });

  it('changes the password through the mailed /NewPassword link, once', async () => {
    const email = 'link@example.com';
    await signUp(t, email, OLD);
    await requestReset(email);
    const [mail] = await t.mails(email);
    const link = new URL(/(http\S+\/NewPassword\?\S+)/.exec(mail!.text)![1]!);
    expect(link.origin).toBe(t.config.publicUrl);
    const body = {
      j: link.searchParams.get('j'),
      p: link.searchParams.get('p'),
      NewUsrPassword: 'Heron-Kite-27#',
      ConfirmPwd: 'Heron-Kite-27#',
    };
    expect((await t.call('Profile', 'UpdUsrPwd', { ...body, p: 'forged' })).d.message).toBe(
      authMessages.resetCodeInvalid,
    );
    expect((await t.call('Profile', 'UpdUsrPwd', body)).d.status).toBe('success');
    expect((await t.call('Profile', 'UpdUsrPwd', body)).d.status).toBe('failed');
    await logIn(t, email, 'Heron-Kite-27#', '10.22.0.1');
  });

  it('lets a signed-in user change their password with the current one, and needs a session otherwise', async () => {
    const email = 'profile@example.com';
    await signUp(t, email, OLD);
    const tokens = await logIn(t, email, OLD);
    const body = { NewUsrPassword: NEW, ConfirmPwd: NEW, CurrentPwd: OLD };
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
    // The change ends every session, this one too.
    expect((await t.call('auth', 'GetCurrentUsrInfo', {}, { token: tokens.access_token })).status).toBe(401);
    await logIn(t, email, NEW, '10.23.0.1');
  });

  it('refuses a signed-in change without the current password or with a wrong one', async () => {
    const email = 'stolen-token@example.com';
    await signUp(t, email, OLD);
    const tokens = await logIn(t, email, OLD);
    const as = { token: tokens.access_token };
    const body = { NewUsrPassword: NEW, ConfirmPwd: NEW };
    // A stolen access token alone: refused, with the reason by the field.
    const bare = await t.call('Profile', 'UpdUsrPwd', body, as);
    expect(bare.status).toBe(400);
    expect(bare.d.validationErrors).toEqual([
      { field: 'CurrentPwd', message: authMessages.currentPasswordRequired },
    ]);
    const wrong = await t.call('Profile', 'UpdUsrPwd', { ...body, CurrentPwd: 'Not-the-one-42!' }, as);
    expect(wrong.status).toBe(400);
    expect(wrong.d.validationErrors).toEqual([
      { field: 'CurrentPwd', message: authMessages.currentPasswordWrong },
    ]);
    // Nothing changed: the session lives on, the old password still signs in, the new one not.
    expect((await t.call('auth', 'GetCurrentUsrInfo', {}, as)).status).toBe(200);
    await expect(logIn(t, email, NEW, '10.24.0.1')).rejects.toThrow();
    await logIn(t, email, OLD, '10.24.0.2');
  });
}
