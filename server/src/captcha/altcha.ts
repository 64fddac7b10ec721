// Self-hosted ALTCHA: HMAC-signed proof-of-work challenges (altcha-lib v2, SHA-256), each
// solution accepted once (recorded in used_tokens until it expires).
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Db } from '../db/database.ts';
import type { Clock } from '../clock.ts';
import { usedTokens } from '../db/schema.ts';
import { sha256 } from '../secrets.ts';
import type { Captcha } from './captcha.ts';

export interface AltchaOptions {
  db: Db;
  clock: Clock;
  hmacSecret: string;
  /** Upper bound of the secret counter the client must find (difficulty). */
  maxCounter?: number;
  ttlMs?: number;
}

export function altchaCaptcha(options: AltchaOptions): Captcha {
  const maxCounter = options.maxCounter ?? 50_000;
  const ttlMs = options.ttlMs ?? 10 * 60_000;
  return {
    provider: 'altcha',
    async challenge() {
      return createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: Math.floor(Math.random() * maxCounter),
        deriveKey,
        expiresAt: new Date(options.clock.now().getTime() + ttlMs),
        hmacSignatureSecret: options.hmacSecret,
      });
    },
    async verify(token) {
      let payload: { challenge?: Challenge; solution?: Solution };
      try {
        payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as typeof payload;
      } catch {
        return false;
      }
      if (!payload?.challenge?.parameters || !payload.solution) return false;
      const expiresAt = payload.challenge.parameters.expiresAt;
      if (!expiresAt || expiresAt * (expiresAt < 1e12 ? 1000 : 1) < options.clock.now().getTime())
        return false;
      let result;
      try {
        result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: options.hmacSecret,
        });
      } catch {
        return false;
      }
      if (!result.verified) return false;
      const inserted = await options.db
        .insert(usedTokens)
        .values({
          id: `altcha:${sha256(payload.challenge.signature ?? '')}`,
          kind: 'captcha',
          expiresAt: new Date(options.clock.now().getTime() + ttlMs),
        })
        .onConflictDoNothing()
        .returning({ id: usedTokens.id });
      return inserted.length === 1;
    },
  };
}
