import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenSet } from '@payd/schemas';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { logIn, signUp } from '../testing/flows.ts';
import { purgeExpired } from './purge.ts';

describe.each(testDatabaseKinds)('purge on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('drops ended sessions and keeps live ones', async () => {
    await signUp(t, 'purge@example.com', 'password123');
    const ended = await logIn(t, 'purge@example.com', 'password123');
    await t.call('auth', 'Logout', { refresh_token: ended.refresh_token });
    const live = await logIn(t, 'purge@example.com', 'password123');
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
});
