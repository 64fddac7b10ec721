import { describe, expect, it, vi } from 'vitest';
import {
  ApiErrorCode,
  ClientErrorType,
  confirmIdentityMessages,
  LOGIN_REQUIRED_SUBTYPE,
  SCOPE_HEADER,
  type MethodRef,
  type TokenSet,
} from '@payd/schemas';
import { createApiClient, RENEWAL_TIMEOUT_MS } from './client.ts';
import { memoryTokenStore } from './tokenStore.ts';
import { inTabLock } from './renewalLock.ts';
import type { ApiError } from './errors.ts';

/** A reference to a method of any shape: these tests are about the transport, not a contract. */
const m = (service: string, method: string): MethodRef<object> => ({ service, method });

const tokens = (n: number): TokenSet => ({
  access_token: `access-${n}`,
  refresh_token: `refresh-${n}`,
  expires_in: 300,
  token_type: 'Bearer',
});

/** A fake payd server: accepts one current access token, renews with the matching refresh token. */
function fakeServer(
  opts: { refreshFails?: 'network' | 'rejected'; refusal?: 'http401' | 'accessDenied' } = {},
) {
  let current = 2;
  const calls: { path: string; auth?: string; scope?: string; body: Record<string, unknown> }[] = [];
  const json = (status: number, d: unknown) =>
    new Response(JSON.stringify({ d }), { status, headers: { 'content-type': 'application/json' } });
  const fetchFn = (async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    const path = new URL(url, 'http://x').pathname;
    calls.push({ path, auth: headers.authorization, scope: headers[SCOPE_HEADER], body });
    if (path.endsWith('/GetToken')) {
      if (opts.refreshFails === 'network') throw new TypeError('Failed to fetch');
      if (opts.refreshFails === 'rejected' || body.refresh_token !== `refresh-${current}`)
        return json(200, { status: 'failed', error: 'access_denied', message: 'refresh token revoked' });
      current += 1;
      return json(200, { status: 'success', data: tokens(current) });
    }
    if (path.endsWith('/Validate'))
      return json(200, {
        status: 'failed',
        error: 'validation_failed',
        message: 'Please check the form',
        validationErrors: [{ field: 'emailAddress', message: 'Please enter a valid email address' }],
      });
    if (path.endsWith('/Broken')) return new Response('<html>oops</html>', { status: 502 });
    // A screen this user's role may not open: the server's forbidden() (signed in, not allowed).
    if (path.endsWith('/StaffOnly') && headers.authorization === `Bearer access-${current}`)
      return json(403, { status: 'failed', error: 'access_denied', message: 'Access denied' });
    if (headers.authorization !== `Bearer access-${current}`) {
      return opts.refusal === 'accessDenied'
        ? json(200, { status: 'failed', error: 'access_denied', message: 'token expired' })
        : json(401, { status: 'failed', error: 'access_denied', message: 'token expired' });
    }
    return json(200, { status: 'success', data: { usr: 'me' } });
  }) as unknown as typeof fetch;
  return { fetchFn, calls, current: () => current };
}

function client(server: ReturnType<typeof fakeServer>, initial: TokenSet | null = tokens(1)) {
  const store = memoryTokenStore(initial);
  let ended = 0;
  const api = createApiClient({
    baseUrl: '',
    fetch: server.fetchFn,
    tokens: store,
    lock: inTabLock(),
    scope: () => ({ systemId: 3, companyId: 1, projectId: 1, cultureId: 1 }),
    clientId: 'web',
    onSessionEnded: () => ended++,
  });
  return { api, store, ended: () => ended };
}

/** Calls with tokens and scope, and token renewal. */
function callAndRenewalTests() {
  it('posts JSON with the bearer token and scope header and reads d', async () => {
    const server = fakeServer();
    const { api } = client(server, tokens(2));
    const reply = await api.call(m('auth', 'GetCurrentUsrInfo'), { scope: 'x' });
    expect(reply.data).toEqual({ usr: 'me' });
    expect(server.calls[0]).toMatchObject({
      path: '/webservices/authWs.asmx/GetCurrentUsrInfo',
      auth: 'Bearer access-2',
      body: { scope: 'x' },
    });
    expect(JSON.parse(server.calls[0]!.scope!)).toEqual({
      systemId: 3,
      companyId: 1,
      projectId: 1,
      cultureId: 1,
    });
  });

  it.each(['http401', 'accessDenied'] as const)(
    'renews once on %s and retries with the new token',
    async (refusal) => {
      const server = fakeServer({ refusal });
      const { api, store } = client(server, tokens(1));
      // token 1 is stale, refresh-1 does not match the server's current 2: make the store hold 2's refresh
      store.set({ ...tokens(1), refresh_token: 'refresh-2' });
      const reply = await api.call(m('auth', 'GetMenu'), {});
      expect(reply.data).toEqual({ usr: 'me' });
      expect(server.calls.map((c) => c.path.split('/').pop())).toEqual(['GetMenu', 'GetToken', 'GetMenu']);
      expect(server.calls[1]!.body).toMatchObject({
        grant_type: 'refresh_token',
        refresh_token: 'refresh-2',
      });
      expect(store.get()?.access_token).toBe('access-3');
    },
  );

  it('passes reauth_required through with its message: no renewal, no retry, tokens kept', async () => {
    const message = confirmIdentityMessages.required;
    const server = fakeServer();
    const fetchFn = (async (url: string, init: RequestInit) =>
      new URL(url, 'http://x').pathname.endsWith('/DisplayMnemonic')
        ? (server.calls.push({ path: 'DisplayMnemonic', body: {} }),
          new Response(
            JSON.stringify({ d: { status: 'failed', error: ApiErrorCode.reauthRequired, message } }),
            { status: 403, headers: { 'content-type': 'application/json' } },
          ))
        : server.fetchFn(url, init)) as unknown as typeof fetch;
    const { api, store, ended } = client({ ...server, fetchFn }, tokens(2));
    const err = (await api.call(m('Eth2Wallet', 'DisplayMnemonic'), {}).catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({
      status: 'failed',
      subType: ApiErrorCode.reauthRequired,
      message,
      httpStatus: 403,
    });
    expect(server.calls.map((c) => c.path)).toEqual(['DisplayMnemonic']);
    expect(store.get()).toEqual(tokens(2));
    expect(ended()).toBe(0);
  });

  it('renews only once for concurrent refused calls', async () => {
    const server = fakeServer();
    const { api, store } = client(server);
    store.set({ ...tokens(1), refresh_token: 'refresh-2' });
    const replies = await Promise.all([
      api.call(m('auth', 'A'), {}),
      api.call(m('auth', 'B'), {}),
      api.call(m('auth', 'C'), {}),
    ]);
    expect(replies.every((r) => r.status === 'success')).toBe(true);
    expect(server.calls.filter((c) => c.path.endsWith('/GetToken'))).toHaveLength(1);
  });

  it('uses tokens another tab renewed instead of renewing again', async () => {
    const server = fakeServer();
    const { api, store } = client(server);
    store.set({ ...tokens(1), refresh_token: 'refresh-2' });
    const renewed = await api.renew('access-0'); // the failed token is not the stored one
    expect(renewed.access_token).toBe('access-1');
    expect(server.calls).toHaveLength(0);
  });
}

/** Renewal failures, unauthenticated calls, and error replies. */
function renewalFailureAndErrorTests() {
  it('keeps the tokens when renewal meets a network error', async () => {
    const server = fakeServer({ refreshFails: 'network' });
    const { api, store, ended } = client(server);
    const err = (await api.call(m('auth', 'GetMenu'), {}).catch((e: unknown) => e)) as ApiError;
    expect(err.errorType).toBe(ClientErrorType.network);
    expect(store.get()).toEqual(tokens(1));
    expect(ended()).toBe(0);
  });

  it('gives every waiting call an answer when the renewal never answers, and frees the lock', async () => {
    vi.useFakeTimers();
    try {
      const server = fakeServer();
      let hang = true;
      const fetchFn = ((url: string, init: RequestInit) =>
        url.endsWith('/GetToken') && hang
          ? new Promise((_resolve, reject) =>
              init.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)),
            )
          : server.fetchFn(url, init)) as unknown as typeof fetch;
      const { api, store, ended } = client(
        { ...server, fetchFn },
        { ...tokens(1), refresh_token: 'refresh-2' },
      );
      const waiting = [api.call(m('auth', 'GetMenu'), {}), api.call(m('auth', 'GetMenu'), {})].map((p) =>
        p.catch((e: unknown) => e as ApiError),
      );
      await vi.advanceTimersByTimeAsync(RENEWAL_TIMEOUT_MS);
      for (const err of await Promise.all(waiting))
        expect(err).toMatchObject({ errorType: ClientErrorType.network });
      expect(store.get()?.refresh_token).toBe('refresh-2');
      expect(ended()).toBe(0);
      // The lock is free again: the next refused call renews.
      hang = false;
      await expect(api.call(m('auth', 'GetMenu'), {})).resolves.toMatchObject({ data: { usr: 'me' } });
    } finally {
      vi.useRealTimers();
    }
  });

  it('clears the tokens and ends the session when renewal is refused', async () => {
    const server = fakeServer({ refreshFails: 'rejected' });
    const { api, store, ended } = client(server);
    const err = (await api.call(m('auth', 'GetMenu'), {}).catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({
      status: 'failed',
      errorType: ClientErrorType.authentication,
      subType: LOGIN_REQUIRED_SUBTYPE,
    });
    expect(store.get()).toBeNull();
    expect(ended()).toBe(1);
  });

  it('calls the server once for a screen the role may not open: no renewal, tokens kept', async () => {
    const server = fakeServer();
    const { api, store, ended } = client(server, tokens(2));
    const err = (await api.call(m('StakeAgent', 'StaffOnly'), {}).catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({ errorType: ClientErrorType.accessDenied, httpStatus: 403 });
    expect(server.calls.map((c) => c.path.split('/').pop())).toEqual(['StaffOnly']);
    expect(store.get()).toEqual(tokens(2));
    expect(ended()).toBe(0);
  });

  it('does not renew for calls made without authentication', async () => {
    const server = fakeServer({ refusal: 'accessDenied' });
    const { api } = client(server);
    const err = (await api
      .call(m('auth', 'Login'), {}, { auth: false })
      .catch((e: unknown) => e)) as ApiError;
    expect(err.errorType).toBe(ClientErrorType.accessDenied);
    expect(server.calls).toHaveLength(1);
  });

  it('rejects a failed reply with its message and validation errors', async () => {
    const server = fakeServer();
    const { api } = client(server);
    const err = (await api.call(m('SignUp', 'Validate'), {}).catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({
      status: 'failed',
      errorType: ClientErrorType.apiCall,
      subType: 'validation_failed',
      message: 'Please check the form',
      validationErrors: [{ field: 'emailAddress', message: 'Please enter a valid email address' }],
    });
  });

  it('reports a network error when the server cannot be reached and a server error on a 5xx page', async () => {
    const down = createApiClient({
      baseUrl: '',
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch,
      tokens: memoryTokenStore(),
      lock: inTabLock(),
      scope: () => ({ systemId: 3, companyId: 1, projectId: 1, cultureId: 1 }),
      clientId: 'web',
    });
    expect(((await down.call(m('auth', 'X'), {}).catch((e: unknown) => e)) as ApiError).errorType).toBe(
      ClientErrorType.network,
    );
    const { api } = client(fakeServer());
    expect(((await api.call(m('auth', 'Broken'), {}).catch((e: unknown) => e)) as ApiError).errorType).toBe(
      ClientErrorType.server,
    );
  });
}

describe('API client', () => {
  callAndRenewalTests();
  renewalFailureAndErrorTests();
});
