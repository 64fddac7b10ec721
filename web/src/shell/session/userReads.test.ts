import { describe, expect, it } from 'vitest';
import type { TokenSet } from '@payd/schemas';
import { createApiClient } from '../../api/client.ts';
import { inTabLock } from '../../api/renewalLock.ts';
import { memoryTokenStore, type TokenStore } from '../../api/tokenStore.ts';
import { createUserReads, shownUser, type UserRead } from './userReads.ts';

const tokens = (n: number): TokenSet => ({
  access_token: `access-${n}`,
  refresh_token: `refresh-${n}`,
  expires_in: 300,
  token_type: 'Bearer',
});

const json = (status: number, d: unknown) =>
  new Response(JSON.stringify({ d }), { status, headers: { 'content-type': 'application/json' } });

/** A payd server whose access token 1 has expired; replies to GetCurrentUsrInfo wait until released. */
function expiringServer() {
  const current = 2;
  let renewals = 0;
  const held: { auth: string; release: () => void }[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    const auth = (init.headers as Record<string, string>).authorization ?? '';
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    if (url.endsWith('/GetToken')) {
      if (body.refresh_token !== `refresh-${current - 1}`)
        return json(200, { status: 'failed', error: 'access_denied', message: 'refresh token reused' });
      renewals += 1;
      return json(200, { status: 'success', data: tokens(current) });
    }
    if (auth !== `Bearer access-${current}`)
      return json(401, { status: 'failed', error: 'access_denied', message: 'token expired' });
    await new Promise<void>((release) => held.push({ auth, release }));
    return json(200, { status: 'success', data: { usrId: 7, emailAddress: 'ada@example.com' } });
  }) as unknown as typeof fetch;
  return { fetchFn, held, renewals: () => renewals };
}

/** One browser tab: its own API client and user reads on the tokens and renewal lock all tabs share. */
function tab(
  server: ReturnType<typeof expiringServer>,
  store: TokenStore,
  lock: ReturnType<typeof inTabLock>,
) {
  const api = createApiClient({
    baseUrl: '',
    fetch: server.fetchFn,
    tokens: store,
    lock,
    scope: () => ({ systemId: 3, companyId: 1, projectId: 1, cultureId: 1 }),
    clientId: 'web',
  });
  const reads = createUserReads(api, store);
  /** What SessionProvider shows: the read of the current token, if it answered. */
  const shown = () => {
    const read = reads.latest();
    return read?.token === store.get()?.access_token ? read : null;
  };
  return { reads, shown };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('user reads across a token renewal', () => {
  it('shows the renewed token’s user in every tab though a read of the expired token answers last', async () => {
    const server = expiringServer();
    const store = memoryTokenStore(tokens(1));
    const lock = inTabLock();
    const a = tab(server, store, lock);
    const b = tab(server, store, lock);

    // Both tabs open with the expired token: each read is refused; one renewal serves both.
    const staleA = a.reads.read('access-1');
    const staleB = b.reads.read('access-1');
    await settle();
    expect(server.renewals()).toBe(1);
    expect(store.get()?.access_token).toBe('access-2');
    expect(server.held).toHaveLength(2); // both retries, with the renewed token, await their reply

    // The pages then read the user of the renewed token, and those replies come first.
    const freshA = a.reads.read('access-2');
    const freshB = b.reads.read('access-2');
    await settle();
    server.held.splice(2).forEach((h) => h.release());
    await Promise.all([freshA, freshB]);
    server.held.splice(0).forEach((h) => h.release());
    await Promise.all([staleA, staleB]);
    await settle();

    for (const t of [a, b]) expect(t.shown()).toMatchObject({ known: true, user: { usrId: 7 } });
  });

  it('leaves nothing to wait for when the renewal is refused: the tokens are gone', async () => {
    const server = expiringServer();
    const store = memoryTokenStore({ ...tokens(1), refresh_token: 'revoked' });
    const a = tab(server, store, inTabLock());
    await expect(a.reads.read('access-1')).rejects.toThrow();
    expect(store.get()).toBeNull();
    expect(a.shown()).toBeNull();
  });
});

describe('the user shown for the session’s token', () => {
  const ada = { usrId: 7, emailAddress: 'ada@example.com' } as unknown as NonNullable<UserRead['user']>;
  const read = (token: string, known = true): UserRead => ({ token, user: known ? ada : null, known, at: 1 });

  it('waits for the first read of a session', () => {
    expect(shownUser(null, 'access-1')).toEqual({ user: null, loading: true, current: null });
  });

  it('keeps the person on the page while the renewed token’s read runs', () => {
    expect(shownUser(read('access-1'), 'access-2')).toEqual({ user: ada, loading: false, current: null });
  });

  it('shows nobody without tokens, and nobody from a session that ended', async () => {
    expect(shownUser(read('access-1'), null)).toMatchObject({ user: null, loading: false });
    const server = expiringServer();
    const store = memoryTokenStore(tokens(2));
    const a = tab(server, store, inTabLock());
    const reading = a.reads.read('access-2');
    await settle();
    server.held.splice(0).forEach((h) => h.release());
    await reading;
    expect(a.reads.latest()).toMatchObject({ token: 'access-2', known: true });
    store.set(null);
    expect(a.reads.latest()).toBeNull();
  });
});
