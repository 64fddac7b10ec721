// authWs ConfirmIdentity (issue 17): a signed-in person proves who they are again, without a new
// session, before the recovery words or a validator keystore are given: the account's password
// (argon2, counted and held back like a Login: a wrong one is a failed sign-in of the account,
// and an account in its back-off is answered 429 before any password is checked) or a passkey of
// the same user. The session's last proven sign-in (recentSignIn.ts) becomes now.
import { eq } from 'drizzle-orm';
import { ApiErrorCode, confirmIdentityMessages as m, confirmIdentity } from '@payd/schemas';
import { type MethodDefinition } from '../wire/method.ts';
import { implement } from '../wire/implement.ts';
import { accessDenied, failed, invalidField } from '../wire/errors.ts';
import { users } from '../db/schema.ts';
import type { AuthDeps } from './deps.ts';
import { AuthChallenges } from './challenges.ts';
import { verifyPassword } from './passwords.ts';
import { backoffRefusal, type LoginThrottle } from './throttle.ts';
import { PASSKEY_REFUSED, verifyPasskeyAssertion } from './webauthn.ts';
import { markProvenSignIn } from './recentSignIn.ts';

export function confirmIdentityMethods(deps: AuthDeps & { throttle: LoginThrottle }): MethodDefinition[] {
  const challenges = new AuthChallenges(deps.db);
  return [
    implement(
      confirmIdentity,
      async (body, ctx) => {
        const me = ctx.user;
        if (!me) throw accessDenied();
        if (body.PasskeyRequestJSON || body.PasskeyResultJSON) {
          const usrId = await verifyPasskeyAssertion(
            deps,
            challenges,
            body.PasskeyRequestJSON,
            body.PasskeyResultJSON,
            { request: 'PasskeyRequestJSON', result: 'PasskeyResultJSON' },
          );
          // Another account's passkey proves nothing about this session.
          if (usrId !== me.usrId) throw failed(ApiErrorCode.accessDenied, PASSKEY_REFUSED);
        } else {
          if (!body.Password) throw invalidField('Password', m.passwordRequired);
          const now = deps.clock.now();
          const state = await deps.throttle.state(me.usrName, now);
          if (state.retryAfterMs > 0) throw backoffRefusal(ctx.request, state.retryAfterMs);
          const user = (await deps.db.select().from(users).where(eq(users.usrId, me.usrId)))[0];
          if (!(await verifyPassword(user?.passwordHash, body.Password))) {
            await deps.throttle.fail(me.usrName, now);
            throw invalidField('Password', m.passwordWrong);
          }
          await deps.throttle.clear(me.usrName);
        }
        const at = await markProvenSignIn(deps.db, deps.clock, me.sessionId);
        ctx.setMessage(m.confirmed);
        return { ProvenAt: at.toISOString() };
      },
      { rateLimit: { max: 20, timeWindow: 60_000 } },
    ),
  ];
}
