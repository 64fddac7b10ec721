import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenSet } from '@payd/schemas';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { logIn, pkce, signUp } from '../testing/flows.ts';
import { purgeExpired } from './purge.ts';

describe.each(testDatabaseKinds)('purge on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('drops ended sessions and keeps live ones', async () => {
    await signUp(t, 'purge@example.com', 'Granite-Finch-29!');
    const ended = await logIn(t, 'purge@example.com', 'Granite-Finch-29!');
    await t.call('auth', 'Logout', { refresh_token: ended.refresh_token });
    const live = await logIn(t, 'purge@example.com', 'Granite-Finch-29!');
    await purgeExpired(t.database.db, t.clock.now());
    const refresh = (tokens: TokenSet) =>
      t.call('auth', 'GetToken', {
        client_id: 'web',
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
      });
    expect((await refresh(live)).d.status).toBe('success');
    expect((await refresh(ended)).d.status).toBe('failed');
    const rows = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions');
    expect(rows[0]!.n).toBe(1);
  });

  it('drops the failed sign-ins of account names once their day has passed', async () => {
    const guess = (usrName: string) =>
      t.call('auth', 'Login', {
        client_id: 'web',
        usrName,
        password: 'Wrong-guess-1!',
        code_challenge: pkce().challenge,
      });
    await guess('old-guess@example.com');
    t.clock.advance(23 * 3600_000);
    await guess('new-guess@example.com');
    t.clock.advance(2 * 3600_000);
    await purgeExpired(t.database.db, t.clock.now());
    const rows = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM login_failures');
    expect(rows[0]!.n).toBe(1);
  });
});
