// Sign-in under a burst (issue 16): when the password-hashing pool and its line are full, Login is
// answered 429 with Retry-After at once, before any password is checked; once places free up the
// same sign-in succeeds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicePath } from '@payd/schemas';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { logIn, pkce, signUp } from '../testing/flows.ts';
import { passwordHashing } from './hashingGate.ts';

describe.each(testDatabaseKinds)('Login when password hashing is saturated on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await signUp(t, 'busy@example.com', 'Busy#Pass1234');
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After while every place is taken, then signs in', async () => {
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const places = passwordHashing.maxRunning + passwordHashing.maxWaiting;
    // Every place taken (the line may refuse some of these already, by its wait budget).
    const held = Array.from({ length: places }, () => passwordHashing.run(() => hold).catch(() => undefined));
    const { challenge } = pkce();
    const res = await t.app.inject({
      method: 'POST',
      url: servicePath('auth', 'Login'),
      remoteAddress: '10.0.0.9',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        client_id: 'web',
        usrName: 'busy@example.com',
        password: 'Busy#Pass1234',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('1');
    expect((res.json() as { d: { message: string } }).d.message).toBe(
      'Too many requests. Please try again later.',
    );
    release();
    await Promise.all(held);
    expect((await logIn(t, 'busy@example.com', 'Busy#Pass1234', '10.0.0.9')).access_token).toBeTruthy();
  });
});
