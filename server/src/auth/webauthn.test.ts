import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WEB_CLIENT_ID,
  authMessages,
  challengeNonce,
  solveLoginChallenge,
  type LoginChallengeData,
  type TokenSet,
  type WebAuthnRequestReply,
} from '@payd/schemas';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { logIn, pkce, signUp } from '../testing/flows.ts';
import { SoftAuthenticator } from '../testing/softAuthenticator.ts';

type RegOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type AuthOptions = { challenge: string; rpId?: string };

const PASSWORD = 'Pebble-Violet-47!';

let t: TestApp;
let token: string;
const origin = 'http://localhost:5173';
const key = new SoftAuthenticator();

async function register(authenticator: SoftAuthenticator, accessToken = token) {
  const req = await t.call<WebAuthnRequestReply>(
    'auth',
    'GetWebAuthnRegistrationRequest',
    { hostingDomainUrl: origin },
    { token: accessToken },
  );
  expect(req.d.status).toBe('success');
  const response = authenticator.register(req.d.data!.options as unknown as RegOptions, origin);
  return { requestJSON: req.d.data!.requestJSON, resultJSON: JSON.stringify(response) };
}

async function assertion(authenticator: SoftAuthenticator, o = origin) {
  const req = await t.call<WebAuthnRequestReply>('auth', 'GetWebAuthnAssertionRequest', {
    hostingDomainUrl: origin,
    loginName: '',
  });
  expect(req.d.status).toBe('success');
  expect(req.d.data!.options).toMatchObject({ rpId: 'localhost', allowCredentials: [] });
  const response = authenticator.assert(req.d.data!.options as unknown as AuthOptions, o);
  return { requestJSON: req.d.data!.requestJSON, resultJSON: JSON.stringify(response) };
}

describe.each(testDatabaseKinds)('passkeys on %s', (kind) => {
  beforeAll(async () => {
    t = await startTestApp(kind);
    await signUp(t, 'passkey@example.com', PASSWORD);
    token = (await logIn(t, 'passkey@example.com', PASSWORD)).access_token;
  });

  afterAll(() => t.close());

  passkeySignInCases();
  confirmationCases();
});

function passkeySignInCases(): void {
  it('registers a passkey for the signed-in user and signs in with it', async () => {
    const reg = await t.call<{ credentialId: string }>('auth', 'WebAuthnRegistration', await register(key), {
      token,
    });
    expect(reg.d).toMatchObject({
      status: 'success',
      data: { credentialId: key.credentialId.toString('base64url') },
    });
    const body = await assertion(key);
    const signedIn = await t.call<TokenSet>('auth', 'WebAuthnAssertion', body);
    expect(signedIn.d.data).toMatchObject({ token_type: 'Bearer' });
    const me = await t.call<{ UsrName: string; passkeys: number; signInMethod: string }>(
      'auth',
      'GetCurrentUsrInfo',
      {},
      { token: signedIn.d.data!.access_token },
    );
    expect(me.d.data).toMatchObject({ UsrName: 'passkey@example.com', passkeys: 1, signInMethod: 'passkey' });
    const replay = await t.call('auth', 'WebAuthnAssertion', body);
    expect(replay.d).toMatchObject({ status: 'failed', error: 'access_denied' });
    // The session is the web client's: its refresh token works for that client only.
    const refresh = (client_id: string) =>
      t.call('auth', 'GetToken', {
        client_id,
        grant_type: 'refresh_token',
        refresh_token: signedIn.d.data!.refresh_token,
      });
    expect((await refresh('another-client')).d.error).toBe('access_denied');
    expect((await refresh(WEB_CLIENT_ID)).d.status).toBe('success');
  });

  it("still signs the owner in with the passkey while guessing has the account's password backed off", async () => {
    const user = 'passkey@example.com';
    const guess = (nonce?: string) =>
      t.call<LoginChallengeData>(
        'auth',
        'Login',
        {
          client_id: 'web',
          usrName: user,
          password: 'Wrong-guess-1!',
          code_challenge: pkce().challenge,
          nonce,
        },
        { ip: '10.41.0.1' },
      );
    let r = await guess();
    for (let i = 1; i < 10; i++) {
      const { serverChallenge, challengeCount } = r.d.data!;
      r = await guess(
        challengeNonce(serverChallenge, await solveLoginChallenge(serverChallenge, challengeCount, user)),
      );
    }
    expect((await guess()).d).toMatchObject({ error: 'rate_limited', message: authMessages.loginBackoff });
    const signedIn = await t.call<TokenSet>('auth', 'WebAuthnAssertion', await assertion(key));
    expect(signedIn.d.data).toMatchObject({ token_type: 'Bearer' });
  });

  it('refuses an unknown passkey, another origin and an expired challenge', async () => {
    const stranger = new SoftAuthenticator();
    expect((await t.call('auth', 'WebAuthnAssertion', await assertion(stranger))).d.status).toBe('failed');
    expect(
      (await t.call('auth', 'WebAuthnAssertion', await assertion(key, 'http://evil.example'))).d.status,
    ).toBe('failed');
    const late = await assertion(key);
    t.clock.advance(5 * 60_000 + 1000);
    expect((await t.call('auth', 'WebAuthnAssertion', late)).d.status).toBe('failed');
  });

  it('needs a session to register, and the challenge must be this user’s', async () => {
    // Fresh sign-ins: registering needs one within 5 minutes (passkeys.test.ts), and the clock
    // has moved on since `token`'s.
    await signUp(t, 'owner-passkey@example.com', PASSWORD);
    const owner = (await logIn(t, 'owner-passkey@example.com', PASSWORD)).access_token;
    const body = await register(new SoftAuthenticator(), owner);
    expect((await t.call('auth', 'WebAuthnRegistration', body)).status).toBe(401);
    await signUp(t, 'other-passkey@example.com', PASSWORD);
    const other = (await logIn(t, 'other-passkey@example.com', PASSWORD)).access_token;
    const stolen = await register(new SoftAuthenticator(), owner);
    expect((await t.call('auth', 'WebAuthnRegistration', stolen, { token: other })).d.status).toBe('failed');
    expect(
      (await t.call('auth', 'GetWebAuthnRegistrationRequest', { hostingDomainUrl: origin })).status,
    ).toBe(401);
  });
}

function confirmationCases(): void {
  it("proves the owner for a password change with the owner's passkey, not another user's", async () => {
    const next = 'Lantern-Moss-38!';
    const change = { NewUsrPassword: next, ConfirmPwd: next };
    await signUp(t, 'thief@example.com', PASSWORD);
    const thiefKey = new SoftAuthenticator();
    const thief = (await logIn(t, 'thief@example.com', PASSWORD)).access_token;
    expect(
      (await t.call('auth', 'WebAuthnRegistration', await register(thiefKey, thief), { token: thief })).d
        .status,
    ).toBe('success');
    // The owner's access token with the thief's passkey: refused, nothing changed.
    const a = await assertion(thiefKey);
    const wrongKey = await t.call(
      'Profile',
      'UpdUsrPwd',
      { ...change, PasskeyRequestJSON: a.requestJSON, PasskeyResultJSON: a.resultJSON },
      { token },
    );
    expect(wrongKey.d).toMatchObject({ status: 'failed', error: 'access_denied' });
    expect((await t.call('auth', 'GetCurrentUsrInfo', {}, { token })).status).toBe(200);
    const own = await assertion(key);
    const ok = await t.call(
      'Profile',
      'UpdUsrPwd',
      { ...change, PasskeyRequestJSON: own.requestJSON, PasskeyResultJSON: own.resultJSON },
      { token },
    );
    expect(ok.d.status).toBe('success');
    await logIn(t, 'passkey@example.com', next, '10.40.0.1');
  });

  it('names bad bodies', async () => {
    const r = await t.call('auth', 'WebAuthnAssertion', { requestJSON: '{}', resultJSON: '{}' });
    expect(r.status).toBe(400);
    expect(r.d.validationErrors![0]!.field).toBe('requestJSON');
    const u = await t.call('auth', 'GetWebAuthnAssertionRequest', { hostingDomainUrl: 'not a url' });
    expect(u.status).toBe(400);
  });
}
