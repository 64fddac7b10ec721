import { describe, expect, it } from 'vitest';
import { authMessages, challengeNonce, solveLoginChallenge, type TokenSet } from '@payd/schemas';
import { createApiClient } from '../../api/client.ts';
import { memoryTokenStore } from '../../api/tokenStore.ts';
import { inTabLock } from '../../api/renewalLock.ts';
import { passwordLogin } from './loginFlow.ts';
import { s256Challenge } from './pkce.ts';

const tokenSet: TokenSet = { access_token: 'a', refresh_token: 'r', expires_in: 300, token_type: 'Bearer' };

/** A fake authWs that asks for a challenge on the first Login and checks PKCE on GetToken. */
function fakeAuth(opts: { password: string; challengeFirst: boolean }) {
  const bodies: Record<string, unknown>[] = [];
  let challenge: string | null = null;
  let codeChallenge = '';
  const reply = (status: number, d: unknown) => new Response(JSON.stringify({ d }), { status });
  const fetchFn = (async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Record<string, string>;
    bodies.push(body);
    if (url.endsWith('/Login')) {
      const answered =
        challenge !== null &&
        body.nonce === challengeNonce(challenge, await solveLoginChallenge(challenge, 10, body.usrName!));
      if (body.password !== opts.password || (opts.challengeFirst && !answered)) {
        challenge = `chal-${bodies.length}`;
        return reply(200, {
          status: 'failed',
          error: 'access_denied',
          message: authMessages.loginBotDetected,
          data: { serverChallenge: challenge, challengeCount: 10 },
        });
      }
      codeChallenge = body.code_challenge!;
      return reply(200, { status: 'success', data: { accessCode: 'code-1' } });
    }
    if (url.endsWith('/GetToken')) {
      const ok = body.code === 'code-1' && (await s256Challenge(body.code_verifier!)) === codeChallenge;
      return ok
        ? reply(200, { status: 'success', data: tokenSet })
        : reply(401, { status: 'failed', error: 'access_denied', message: 'bad verifier' });
    }
    return reply(404, {});
  }) as unknown as typeof fetch;
  const api = createApiClient({
    baseUrl: '',
    fetch: fetchFn,
    tokens: memoryTokenStore(),
    lock: inTabLock(),
    scope: () => ({ systemId: 3, companyId: 1, projectId: 1, cultureId: 1 }),
    clientId: 'payd-web',
  });
  return { api, bodies };
}

describe('password login', () => {
  it('exchanges the code with the S256 verifier for tokens', async () => {
    const { api, bodies } = fakeAuth({ password: 'Secret123!', challengeFirst: false });
    expect(await passwordLogin(api, 'a@b.co', 'Secret123!')).toEqual(tokenSet);
    expect(bodies[0]).toMatchObject({ code_challenge_method: 'S256', usrName: 'a@b.co' });
    expect(bodies[1]).toMatchObject({ grant_type: 'authorization_code', code: 'code-1' });
  });

  it('solves the bot challenge and retries once', async () => {
    const { api, bodies } = fakeAuth({ password: 'Secret123!', challengeFirst: true });
    expect(await passwordLogin(api, 'a@b.co', 'Secret123!')).toEqual(tokenSet);
    expect(bodies.filter((b) => 'usrName' in b)).toHaveLength(2);
  });

  it("shows the spec's failure message when the retry fails too", async () => {
    const { api, bodies } = fakeAuth({ password: 'Secret123!', challengeFirst: false });
    await expect(passwordLogin(api, 'a@b.co', 'wrong')).rejects.toMatchObject({
      message: authMessages.loginFailed,
    });
    expect(bodies).toHaveLength(2);
  });
});
