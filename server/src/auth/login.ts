// authWs Login / GetToken / Logout: the authorization-code flow with PKCE and the bot challenge
// after failed logins.
import { eq } from 'drizzle-orm';
import { ApiErrorCode, authMessages, type LoginChallengeData, login, getToken, logout } from '@payd/schemas';
import { type MethodDefinition } from '../wire/method.ts';
import { implement } from '../wire/implement.ts';
import { ApiError, failed } from '../wire/errors.ts';
import { users } from '../db/schema.ts';
import type { AuthDeps } from './deps.ts';
import type { LoginChallenges } from './loginChallenge.ts';
import {
  ACCOUNT_FAILURES_BEFORE_CHALLENGE,
  backoffRefusal,
  challengeCount,
  type LoginThrottle,
} from './throttle.ts';
import { verifyPassword } from './passwords.ts';
import { sha256 } from '../secrets.ts';
import { TokenError } from './tokens.ts';

/** Failed logins from one IP in this window after which a solved challenge is required (the
 * account's own count and back-off are in throttle.ts). */
export const IP_FAILURE_WINDOW_MS = 15 * 60_000;
export const IP_FAILURES_BEFORE_CHALLENGE = 10;

/** GetToken failures: 400 with access_denied (the client then clears its tokens). */
function tokenDenied(): ApiError {
  return new ApiError(400, ApiErrorCode.accessDenied, authMessages.accessDenied);
}

export function loginMethods(
  deps: AuthDeps & { challenges: LoginChallenges; throttle: LoginThrottle },
): MethodDefinition[] {
  return [
    implement(
      login,
      async (body, ctx) => {
        const usrName = body.usrName.trim().toLowerCase();
        const now = deps.clock.now();
        const ipKey = `login-fail-ip:${sha256(ctx.ip)}`;
        const [account, ipFailures] = await Promise.all([
          deps.throttle.state(usrName, now),
          deps.counters.peek(ipKey, IP_FAILURE_WINDOW_MS, now),
        ]);
        // Everything below is keyed by the name as typed, so an unknown name is answered alike.
        if (account.retryAfterMs > 0) throw backoffRefusal(ctx.request, account.retryAfterMs);
        const required = challengeCount(deps.challenges.count, account.failures);
        const refuse = (failures: number) =>
          failed(
            ApiErrorCode.accessDenied,
            authMessages.loginBotDetected,
            deps.challenges.issue(
              usrName,
              challengeCount(deps.challenges.count, failures),
            ) satisfies LoginChallengeData,
          );
        const needChallenge =
          account.failures >= ACCOUNT_FAILURES_BEFORE_CHALLENGE || ipFailures >= IP_FAILURES_BEFORE_CHALLENGE;
        const solved = body.nonce ? await deps.challenges.verify(body.nonce, usrName, required) : false;
        // Refused whatever the password: not a guess, so no password is checked and nothing counted.
        if ((needChallenge || body.nonce) && !solved) throw refuse(account.failures);
        const user = (await deps.db.select().from(users).where(eq(users.usrName, usrName)))[0];
        // The password is checked (or a dummy hash when there is no such user) in every case, so
        // neither the reply nor its timing says whether the account exists.
        const passwordOk = await verifyPassword(user?.passwordHash, body.password);
        if (!user || !passwordOk) {
          const [failures] = await Promise.all([
            deps.throttle.fail(usrName, now),
            deps.counters.hit(ipKey, IP_FAILURE_WINDOW_MS, now),
          ]);
          throw refuse(failures);
        }
        await deps.throttle.clear(usrName);
        const accessCode = await deps.tokens.issueAuthCode(
          user.usrId,
          body.client_id,
          body.code_challenge,
          body.code_challenge_method,
        );
        return { accessCode };
      },
      { rateLimit: { max: 60, timeWindow: 60_000 } },
    ),
    implement(
      getToken,
      async (body) => {
        try {
          if (body.grant_type === 'refresh_token') {
            if (!body.refresh_token) throw new TokenError('no refresh token');
            return await deps.tokens.refresh(body.refresh_token, body.client_id);
          }
          if (!body.code || !body.code_verifier) throw new TokenError('no code');
          return await deps.tokens.exchangeCode(body.code, body.code_verifier, body.client_id);
        } catch (err) {
          if (err instanceof TokenError) throw tokenDenied();
          throw err;
        }
      },
      { rateLimit: { max: 120, timeWindow: 60_000 } },
    ),
    implement(logout, async (body, ctx) => {
      const sessionIds = new Set<string>();
      if (ctx.user) sessionIds.add(ctx.user.sessionId);
      if (body.access_token) {
        const sid = await deps.tokens.sessionOfAccessToken(body.access_token);
        if (sid) sessionIds.add(sid);
      }
      if (body.refresh_token) {
        const sid = await deps.tokens.sessionOfRefreshToken(body.refresh_token);
        if (sid) sessionIds.add(sid);
      }
      for (const sid of sessionIds) await deps.tokens.revokeSession(sid);
      return { loggedOut: true } as const;
    }),
  ];
}
