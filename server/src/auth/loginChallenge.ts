// The login bot challenge: a server-signed, expiring, single-use random string bound to the
// user name; the client answers with solveLoginChallenge (PBKDF2, packages/schemas).
import { solveLoginChallenge } from '@payd/schemas';
import type { Db } from '../db/database.ts';
import type { Clock } from '../clock.ts';
import { usedTokens } from '../db/schema.ts';
import { hmac, randomToken, safeEqual, sha256, subKey } from './secrets.ts';

export const CHALLENGE_TTL_MS = 5 * 60_000;

export class LoginChallenges {
  private readonly key: string;
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    tokenSecret: string,
    readonly count: number,
  ) {
    this.key = subKey(tokenSecret, 'login-challenge');
  }

  private bind(usrName: string): string {
    return sha256(usrName.trim().toLowerCase()).slice(0, 16);
  }

  issue(usrName: string): { serverChallenge: string; challengeCount: number } {
    const exp = this.clock.now().getTime() + CHALLENGE_TTL_MS;
    const body = `${randomToken(16)}~${exp}~${this.count}~${this.bind(usrName)}`;
    return { serverChallenge: `${body}~${hmac(this.key, body)}`, challengeCount: this.count };
  }

  /** True when `nonce` answers a challenge this server issued for `usrName`, unexpired and unused. */
  async verify(nonce: string, usrName: string): Promise<boolean> {
    const dot = nonce.lastIndexOf('.');
    if (dot < 0) return false;
    const challenge = nonce.slice(0, dot);
    const solution = nonce.slice(dot + 1);
    const parts = challenge.split('~');
    if (parts.length !== 5) return false;
    const [rnd, exp, count, bound, sig] = parts as [string, string, string, string, string];
    if (!safeEqual(sig, hmac(this.key, `${rnd}~${exp}~${count}~${bound}`))) return false;
    if (Number(exp) <= this.clock.now().getTime() || bound !== this.bind(usrName)) return false;
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
