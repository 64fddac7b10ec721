// The login bot challenge: a server-signed, expiring, single-use random string bound to the
// user name and its iteration count; the client answers with solveLoginChallenge (PBKDF2,
// packages/schemas). The count grows with the account's failures (throttle.ts challengeCount).
import { solveLoginChallenge } from '@payd/schemas';
import type { Db } from '../db/database.ts';
import type { Clock } from '../clock.ts';
import { usedTokens } from '../db/schema.ts';
import { hmac, randomToken, safeEqual, sha256, subKey } from '../secrets.ts';

export const CHALLENGE_TTL_MS = 5 * 60_000;

export class LoginChallenges {
  private readonly key: string;
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    tokenSecret: string,
    /** The base iteration count (LOGIN_CHALLENGE_COUNT), for an account without failures. */
    readonly count: number,
  ) {
    this.key = subKey(tokenSecret, 'login-challenge');
  }

  private bind(usrName: string): string {
    return sha256(usrName.trim().toLowerCase()).slice(0, 16);
  }

  /** A challenge of `count` iterations (at least the base count) for `usrName`. */
  issue(usrName: string, count: number = this.count): { serverChallenge: string; challengeCount: number } {
    const iterations = Math.max(this.count, Math.floor(count));
    const exp = this.clock.now().getTime() + CHALLENGE_TTL_MS;
    const body = `${randomToken(16)}~${exp}~${iterations}~${this.bind(usrName)}`;
    return { serverChallenge: `${body}~${hmac(this.key, body)}`, challengeCount: iterations };
  }

  /** True when `nonce` answers a challenge this server issued for `usrName` of at least
   * `minCount` iterations, unexpired and unused. */
  async verify(nonce: string, usrName: string, minCount: number = this.count): Promise<boolean> {
    const dot = nonce.lastIndexOf('.');
    if (dot < 0) return false;
    const challenge = nonce.slice(0, dot);
    const solution = nonce.slice(dot + 1);
    const parts = challenge.split('~');
    if (parts.length !== 5) return false;
    const [rnd, exp, count, bound, sig] = parts as [string, string, string, string, string];
    if (!safeEqual(sig, hmac(this.key, `${rnd}~${exp}~${count}~${bound}`))) return false;
    if (Number(exp) <= this.clock.now().getTime() || bound !== this.bind(usrName)) return false;
    // A cheap challenge fetched before the account's failures grew does not pay for a guess now.
    if (!(Number(count) >= minCount)) return false;
    const expected = await solveLoginChallenge(challenge, Number(count), usrName);
    if (!safeEqual(expected, solution.toLowerCase())) return false;
    const inserted = await this.db
      .insert(usedTokens)
      .values({ id: `login:${sha256(challenge)}`, kind: 'login-challenge', expiresAt: new Date(Number(exp)) })
      .onConflictDoNothing()
      .returning({ id: usedTokens.id });
    return inserted.length === 1;
  }
}
