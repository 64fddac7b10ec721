import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authMessages,
  challengeNonce,
  solveLoginChallenge,
  type LoginChallengeData,
  type LoginReply,
  type TokenSet,
} from '@payd/schemas';
import { servicePath } from '@payd/schemas';
import { LANGUAGES } from '@payd/i18n';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { BACKOFF_FIRST_MS, CHALLENGE_MAX_FACTOR, challengeCount } from './throttle.ts';
import { logIn, pkce, signUp } from '../testing/flows.ts';

let t: TestApp;
const email = 'login@example.com';
const password = 'A-good-passw0rd!';

/** A well-formed S256 challenge for the calls that never reach GetToken. */
const C = pkce().challenge;

const login = (body: Record<string, unknown>, ip = '10.1.0.1') =>
  t.call<LoginReply & LoginChallengeData>('auth', 'Login', { client_id: 'web', ...body }, { ip });

const solve = async (user: string, r: { d: { data?: LoginChallengeData } }) =>
  challengeNonce(
    r.d.data!.serverChallenge,
    await solveLoginChallenge(r.d.data!.serverChallenge, r.d.data!.challengeCount, user),
  );

/** `n` wrong guesses, each answering the challenge the previous refusal carried. */
async function guessWrong(user: string, n: number, ip: string) {
  let r = await login({ usrName: user, password: 'Wrong-guess-1!', code_challenge: C }, ip);
  const counts = [r.d.data!.challengeCount];
  for (let i = 1; i < n; i++) {
    r = await login(
      { usrName: user, password: 'Wrong-guess-1!', code_challenge: C, nonce: await solve(user, r) },
      ip,
    );
    counts.push(r.d.data!.challengeCount);
  }
  return { last: r, counts };
}

describe.each(testDatabaseKinds)('login and tokens on %s', (kind) => {
  beforeAll(async () => {
    t = await startTestApp(kind);
    await signUp(t, email, password);
  });

  afterAll(() => t.close());

  codeExchangeCases();
  tokenLifetimeCases();
  challengeCases();
  backoffAndLimitCases();
});

function codeExchangeCases(): void {
  it('signs in with an S256 code and its verifier, and the code works once', async () => {
    const { verifier, challenge } = pkce();
    const l = await login({
      usrName: email,
      password,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    expect(l.d.status).toBe('success');
    const wrong = await t.call('auth', 'GetToken', {
      client_id: 'web',
      code: l.d.data!.accessCode,
      code_verifier: 'nope',
    });
    expect(wrong.d).toMatchObject({ status: 'failed', error: 'access_denied' });
    const l2 = await login({
      usrName: email,
      password,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const body = { client_id: 'web', code: l2.d.data!.accessCode, code_verifier: verifier };
    const tok = await t.call<TokenSet>('auth', 'GetToken', body);
    expect(tok.d.data).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    const me = await t.call<{ UsrName: string }>(
      'auth',
      'GetCurrentUsrInfo',
      {},
      { token: tok.d.data!.access_token },
    );
    expect(me.d.data).toMatchObject({
      UsrName: email,
      CompanyId: 1,
      ProjectId: 1,
      CultureId: 1,
      lang: 'en',
      role: 1,
    });
    // A second exchange of the same code is refused (and ends that session: see below).
    const reused = await t.call('auth', 'GetToken', body);
    expect(reused.d).toMatchObject({ status: 'failed', error: 'access_denied' });
  });

  it('accepts S256 only, and S256 is the default method', async () => {
    // plain: the challenge is the verifier itself, so whoever sees the code request has both.
    const verifier = 'x'.repeat(43);
    const plain = await login({
      usrName: email,
      password,
      code_challenge: verifier,
      code_challenge_method: 'plain',
    });
    expect(plain.status).toBe(400);
    expect(plain.d.validationErrors).toEqual([expect.objectContaining({ field: 'code_challenge_method' })]);
    const notAHash = await login({ usrName: email, password, code_challenge: 'verifier-plain-123' });
    expect(notAHash.status).toBe(400);
    expect(notAHash.d.validationErrors).toEqual([expect.objectContaining({ field: 'code_challenge' })]);
    // Without a method the challenge is read as S256: its verifier works, the challenge itself not.
    const { verifier: v, challenge } = pkce();
    const l = await login({ usrName: email, password, code_challenge: challenge });
    const asPlain = await t.call('auth', 'GetToken', {
      client_id: 'web',
      code: l.d.data!.accessCode,
      code_verifier: challenge,
    });
    expect(asPlain.d.error).toBe('access_denied');
    const l2 = await login({ usrName: email, password, code_challenge: challenge });
    const tok = await t.call<TokenSet>('auth', 'GetToken', {
      client_id: 'web',
      code: l2.d.data!.accessCode,
      code_verifier: v,
    });
    expect(tok.d.status).toBe('success');
  });

  it('revokes the session made from a code when the code is presented again', async () => {
    const { verifier, challenge } = pkce();
    const l = await login({
      usrName: email,
      password,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const body = { client_id: 'web', code: l.d.data!.accessCode, code_verifier: verifier };
    const first = await t.call<TokenSet>('auth', 'GetToken', body);
    expect(first.d.status).toBe('success');
    const access = first.d.data!.access_token;
    // Used once, so this process remembers the checked token: the replay must still end it.
    expect((await t.call('auth', 'GetCurrentUsrInfo', {}, { token: access })).status).toBe(200);
    const replay = await t.call('auth', 'GetToken', body);
    expect(replay.d).toMatchObject({ status: 'failed', error: 'access_denied' });
    expect((await t.call('auth', 'GetCurrentUsrInfo', {}, { token: access })).status).toBe(401);
    const r = await t.call('auth', 'GetToken', {
      client_id: 'web',
      grant_type: 'refresh_token',
      refresh_token: first.d.data!.refresh_token,
    });
    expect(r.d.error).toBe('access_denied');
  });
}

function tokenLifetimeCases(): void {
  it('refuses a refresh token presented by another client, without using it up', async () => {
    const tokens = await logIn(t, email, password);
    const other = await t.call('auth', 'GetToken', {
      client_id: 'another-client',
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(other.d).toMatchObject({ status: 'failed', error: 'access_denied' });
    const own = await t.call<TokenSet>('auth', 'GetToken', {
      client_id: 'web',
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(own.d.status).toBe('success');
  });

  it('refuses a code after a minute', async () => {
    const { verifier, challenge } = pkce();
    const l = await login({ usrName: email, password, code_challenge: challenge });
    t.clock.advance(61_000);
    const tok = await t.call('auth', 'GetToken', {
      client_id: 'web',
      code: l.d.data!.accessCode,
      code_verifier: verifier,
    });
    expect(tok.d.error).toBe('access_denied');
  });

  it('rotates refresh tokens and revokes the session when an old one is reused', async () => {
    const first = await logIn(t, email, password);
    const r1 = await t.call<TokenSet>('auth', 'GetToken', {
      client_id: 'web',
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(r1.d.status).toBe('success');
    expect(r1.d.data!.refresh_token).not.toBe(first.refresh_token);
    // Used once before the theft (the process remembers the checked token): still refused after.
    const before = await t.call('auth', 'GetCurrentUsrInfo', {}, { token: r1.d.data!.access_token });
    expect(before.status).toBe(200);
    const replay = await t.call('auth', 'GetToken', {
      client_id: 'web',
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(replay.d.error).toBe('access_denied');
    const afterTheft = await t.call('auth', 'GetToken', {
      client_id: 'web',
      grant_type: 'refresh_token',
      refresh_token: r1.d.data!.refresh_token,
    });
    expect(afterTheft.d.error).toBe('access_denied');
    const me = await t.call('auth', 'GetCurrentUsrInfo', {}, { token: r1.d.data!.access_token });
    expect(me.status).toBe(401);
  });

  it('expires access tokens and ends sessions at their absolute expiry', async () => {
    const tokens = await logIn(t, email, password);
    t.clock.advance(901_000);
    const me = await t.call('auth', 'GetCurrentUsrInfo', {}, { token: tokens.access_token });
    expect(me).toMatchObject({ status: 401, d: { status: 'failed', error: 'access_denied' } });
    let refresh = tokens.refresh_token;
    for (let day = 0; day < 3; day++) {
      t.clock.advance(10 * 24 * 3600_000);
      const r = await t.call<TokenSet>('auth', 'GetToken', {
        client_id: 'web',
        grant_type: 'refresh_token',
        refresh_token: refresh,
      });
      if (day < 2) {
        expect(r.d.status).toBe('success');
        refresh = r.d.data!.refresh_token;
      } else expect(r.d.error).toBe('access_denied');
    }
  });

  it('revokes the session on logout', async () => {
    const tokens = await logIn(t, email, password);
    const out = await t.call(
      'auth',
      'Logout',
      { refresh_token: tokens.refresh_token },
      { token: tokens.access_token },
    );
    expect(out.d).toMatchObject({ status: 'success', data: { loggedOut: true } });
    expect((await t.call('auth', 'GetCurrentUsrInfo', {}, { token: tokens.access_token })).status).toBe(401);
    const r = await t.call('auth', 'GetToken', {
      client_id: 'web',
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(r.d.error).toBe('access_denied');
  });
}

function challengeCases(): void {
  it('answers a wrong password and an unknown user the same way, with a challenge', async () => {
    const wrong = await login({ usrName: email, password: 'wrong password', code_challenge: C }, '10.2.0.1');
    const unknown = await login(
      { usrName: 'nobody@example.com', password: 'wrong password', code_challenge: C },
      '10.2.0.2',
    );
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(200);
      expect(r.d).toMatchObject({
        status: 'failed',
        error: 'access_denied',
        message: authMessages.loginBotDetected,
      });
      expect(r.d.data!.serverChallenge).toEqual(expect.any(String));
      expect(r.d.data!.challengeCount).toBeGreaterThan(0);
    }
    expect(Object.keys(wrong.d).sort()).toEqual(Object.keys(unknown.d).sort());
  });

  it('requires a solved challenge after repeated failures, and each challenge works once', async () => {
    const user = 'challenged@example.com';
    await signUp(t, user, password);
    let last = await login({ usrName: user, password: 'bad', code_challenge: C }, '10.3.0.1');
    for (let i = 0; i < 2; i++)
      last = await login({ usrName: user, password: 'bad', code_challenge: C }, '10.3.0.1');
    // Now even the right password without a solved challenge is refused.
    const blocked = await login({ usrName: user, password, code_challenge: C }, '10.3.0.1');
    expect(blocked.d).toMatchObject({ status: 'failed', message: authMessages.loginBotDetected });
    const { serverChallenge, challengeCount } = blocked.d.data!;
    const nonce = challengeNonce(
      serverChallenge,
      await solveLoginChallenge(serverChallenge, challengeCount, user),
    );
    const forged = challengeNonce(serverChallenge, '00'.repeat(32));
    expect(
      (await login({ usrName: user, password, code_challenge: C, nonce: forged }, '10.3.0.1')).d.status,
    ).toBe('failed');
    const ok = await login({ usrName: user, password, code_challenge: C, nonce }, '10.3.0.1');
    expect(ok.d.status).toBe('success');
    void last;
    // After success the account counter is reset; a replayed nonce still fails.
    const replay = await login({ usrName: user, password, code_challenge: C, nonce }, '10.3.0.1');
    expect(replay.d.status).toBe('failed');
  });

  it("makes the challenge cost more with each failure of the account, and a cheap one doesn't pay later", async () => {
    const user = 'costly@example.com';
    await signUp(t, user, password);
    const { last, counts } = await guessWrong(user, 3, '10.8.0.1');
    const base = counts[0]!;
    expect(counts).toEqual([base, base, base]);
    const cheap = await solve(user, last);
    const { last: later, counts: more } = await guessWrong(user, 6, '10.8.0.2');
    // Failures 4 to 8 (the first request here is refused unsolved, so not counted): each doubles.
    expect(more).toEqual([base, 2 * base, 4 * base, 8 * base, 16 * base, 32 * base]);
    // The challenge fetched at 3 failures no longer pays for a guess, even the right one.
    const old = await login({ usrName: user, password, code_challenge: C, nonce: cheap }, '10.8.0.3');
    expect(old.d).toMatchObject({ status: 'failed', message: authMessages.loginBotDetected });
    expect(old.d.data!.challengeCount).toBe(32 * base);
    const ok = await login(
      { usrName: user, password, code_challenge: C, nonce: await solve(user, later) },
      '10.8.0.3',
    );
    expect(ok.d.status).toBe('success');
    // The cost is bounded: an honest browser solves the dearest challenge in about a second.
    expect(challengeCount(base, 1000)).toBe(CHALLENGE_MAX_FACTOR * base);
  });
}

function backoffAndLimitCases(): void {
  it('backs an account name off after 10 failures, alike for an unknown name, and lets it in after the wait', async () => {
    const user = 'guessed@example.com';
    await signUp(t, user, password);
    const { last } = await guessWrong(user, 10, '10.9.0.1');
    const ghost = await guessWrong('ghost-guessed@example.com', 10, '10.9.0.2');
    // Now even the right password with a solved challenge is refused, before it is checked.
    const body = {
      client_id: 'web',
      usrName: user,
      password,
      code_challenge: C,
      nonce: await solve(user, last),
    };
    const res = await t.app.inject({
      method: 'POST',
      url: servicePath('auth', 'Login'),
      remoteAddress: '10.9.0.3',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe(String(BACKOFF_FIRST_MS / 1000));
    const d = (res.json() as { d: Record<string, unknown> }).d;
    expect(d).toMatchObject({ status: 'failed', error: 'rate_limited', message: authMessages.loginBackoff });
    expect(d.data).toEqual({ retryAfter: BACKOFF_FIRST_MS / 1000 });
    const unknown = await login(
      {
        usrName: 'ghost-guessed@example.com',
        password,
        code_challenge: C,
        nonce: await solve('ghost-guessed@example.com', ghost.last),
      },
      '10.9.0.3',
    );
    expect(unknown).toEqual({ status: 429, d });
    t.clock.advance(BACKOFF_FIRST_MS + 1000);
    const after = await login({ usrName: user, password, code_challenge: C }, '10.9.0.4');
    expect(after.d.status).toBe('failed');
    const ok = await login(
      { usrName: user, password, code_challenge: C, nonce: await solve(user, after) },
      '10.9.0.4',
    );
    expect(ok.d.status).toBe('success');
  });

  it('refuses a challenge solved for another user', async () => {
    const r = await login({ usrName: email, password: 'bad', code_challenge: C }, '10.4.0.1');
    const { serverChallenge, challengeCount } = r.d.data!;
    const nonce = challengeNonce(
      serverChallenge,
      await solveLoginChallenge(serverChallenge, challengeCount, 'other@example.com'),
    );
    expect(
      (await login({ usrName: 'other@example.com', password, code_challenge: C, nonce }, '10.4.0.1')).d
        .status,
    ).toBe('failed');
  });

  it('limits logins per IP', async () => {
    // The limit counts every request, so cheap (invalid) bodies reach it without password hashing.
    let status = 0;
    let n = 0;
    for (; n < 100 && status !== 429; n++) status = (await login({}, '10.5.0.1')).status;
    expect(status).toBe(429);
    expect(n).toBe(61);
    const other = await login({ usrName: email, password, code_challenge: C }, '10.5.0.2');
    expect(other.d.status).toBe('success');
  });

  it('validates bodies without a 500', async () => {
    const r = await login(
      { usrName: '', password: '', code_challenge: C, code_challenge_method: 'S512' },
      '10.6.0.1',
    );
    expect(r.status).toBe(400);
    expect(r.d.validationErrors).toEqual(
      expect.arrayContaining([
        { field: 'usrName', message: authMessages.userNameEmpty },
        { field: 'password', message: authMessages.passwordEmpty },
        expect.objectContaining({ field: 'code_challenge_method' }),
      ]),
    );
    const g = await t.call('auth', 'GetToken', { client_id: 'web', grant_type: 'password' });
    expect(g.status).toBe(400);
  });

  it('serves menus, systems, identity and cultures from the database', async () => {
    const tokens = await logIn(t, email, password);
    const o = { token: tokens.access_token };
    const menu = await t.call<{ Label: string; Path: string; children: { Path: string }[] }[]>(
      'auth',
      'GetMenu',
      { systemId: 5 },
      o,
    );
    expect(menu.d.data!.map((m) => m.Label)).toContain('Dashboard');
    expect(menu.d.data!.find((m) => m.Label === 'Staking')!.children.map((c) => c.Path)).toContain(
      '/stakeOption',
    );
    const quick = await t.call<{ Path: string }[]>('auth', 'GetReactQuickMenu', {}, o);
    expect(quick.d.data!.map((m) => m.Path)).toContain('/dashboard');
    const systems = await t.call<{ SystemId: number }[]>('auth', 'GetSystems', {}, o);
    expect(systems.d.data!.map((s) => s.SystemId)).toEqual([3, 5, 9]);
    const id = await t.call('auth', 'GetServerIdentity', {}, o);
    expect(id.d.data).toMatchObject({ ServerName: 'payd API', ChainId: 88, Environment: 'embedded' });
    const cultures = await t.call('System', 'GetCultureList', {});
    expect(cultures.d.data).toEqual(
      LANGUAGES.map((l) => ({ CultureId: l.cultureId, langCode: l.langCode, CultureName: l.name })),
    );
    expect((await t.call('auth', 'GetMenu', {})).status).toBe(401);
  });
}
