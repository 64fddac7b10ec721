import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { openTestDatabase, testDatabaseKinds } from '../testing/testApp.ts';
import type { Database } from '../db/database.ts';
import { ManualClock } from '../clock.ts';
import { altchaCaptcha } from './altcha.ts';
import { recaptchaCaptcha } from './recaptcha.ts';

describe.each(testDatabaseKinds)('ALTCHA captcha on %s', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(kind));
  });
  afterAll(() => drop());

  async function solved(captcha: ReturnType<typeof altchaCaptcha>, edit?: (c: Challenge) => void) {
    const challenge = (await captcha.challenge!()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    edit?.(challenge);
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  it('accepts a solution once, and refuses tampered or expired ones', async () => {
    const clock = new ManualClock();
    const captcha = altchaCaptcha({ db: database.db, clock, hmacSecret: 'secret', maxCounter: 100 });
    const payload = await solved(captcha);
    expect(await captcha.verify(payload, '1.2.3.4')).toBe(true);
    expect(await captcha.verify(payload, '1.2.3.4')).toBe(false);
    const tampered = await solved(captcha, (c) => {
      c.parameters.expiresAt = c.parameters.expiresAt! + 3600;
    });
    expect(await captcha.verify(tampered, '1.2.3.4')).toBe(false);
    const late = await solved(captcha);
    clock.advance(11 * 60_000);
    expect(await captcha.verify(late, '1.2.3.4')).toBe(false);
    const otherKey = altchaCaptcha({ db: database.db, clock, hmacSecret: 'other', maxCounter: 100 });
    expect(await otherKey.verify(await solved(captcha), '1.2.3.4')).toBe(false);
    expect(await captcha.verify('not base64 json', '1.2.3.4')).toBe(false);
  });
});

describe('reCAPTCHA captcha', () => {
  it('asks Google with the secret, the token and the IP, and follows its answer', async () => {
    const seen: URLSearchParams[] = [];
    const answer = (success: boolean) =>
      (async (_url: string | URL | Request, init?: RequestInit) => {
        seen.push(new URLSearchParams(String(init?.body)));
        return new Response(JSON.stringify({ success }));
      }) as typeof fetch;
    expect(await recaptchaCaptcha('s3cret', answer(true)).verify('tok', '1.2.3.4')).toBe(true);
    expect(await recaptchaCaptcha('s3cret', answer(false)).verify('tok', '1.2.3.4')).toBe(false);
    expect(Object.fromEntries(seen[0]!)).toEqual({ secret: 's3cret', response: 'tok', remoteip: '1.2.3.4' });
    const down = (async () => {
      throw new Error('offline');
    }) as typeof fetch;
    expect(await recaptchaCaptcha('s3cret', down).verify('tok', '1.2.3.4')).toBe(false);
  });
});
