// Password reset: ResetPwdEmail mails a code and a /NewPassword link, ResetPassword takes the
// code, ProfileWs UpdUsrPwd takes the link (j, p) or changes the signed-in user's password.
// Unknown addresses get the same reply and no mail.
import { eq } from 'drizzle-orm';
import {
  ApiErrorCode,
  AuthErrorCode,
  authMessages,
  updUsrPwdBody,
  resetPwdEmail,
  resetPassword,
  updUsrPwd,
} from '@payd/schemas';
import type { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, type MethodDefinition } from '../wire/method.ts';
import { implement } from '../wire/implement.ts';
import { accessDenied, failed, invalidField } from '../wire/errors.ts';
import { users } from '../db/schema.ts';
import type { AuthDeps } from './deps.ts';
import { CODE_TTL_MS } from './emailCodes.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { AuthChallenges } from './challenges.ts';
import { PASSKEY_REFUSED, verifyPasskeyAssertion } from './webauthn.ts';
import { resetCodeMail } from './mails.ts';
import { limitAddress, refuseCommonPassword, requireCaptcha } from './signUp.ts';
import { backoffRefusal, type LoginThrottle } from './throttle.ts';

type UpdUsrPwdBody = z.output<typeof updUsrPwdBody>;

/** Sets the password, ends every session of the user and clears its failed sign-ins (a reset
 * is the owner's way out of a back-off an attacker caused). */
async function setPassword(
  deps: AuthDeps,
  throttle: LoginThrottle,
  usrId: number,
  passwordHash: string,
): Promise<void> {
  const now = deps.clock.now();
  const [user] = await deps.db
    .update(users)
    .set({ passwordHash, passwordChangedAt: now })
    .where(eq(users.usrId, usrId))
    .returning({ usrName: users.usrName });
  await deps.tokens.revokeUser(usrId);
  if (user) await throttle.clear(user.usrName);
}

/**
 * A signed-in password change needs proof that the caller is the owner: the current password
 * (a wrong one counts as a failed login of the account) or a passkey assertion of this user.
 */
async function proveOwner(
  deps: AuthDeps,
  challenges: AuthChallenges,
  throttle: LoginThrottle,
  me: AuthUser,
  request: FastifyRequest,
  body: UpdUsrPwdBody,
): Promise<void> {
  if (body.PasskeyRequestJSON || body.PasskeyResultJSON) {
    const usrId = await verifyPasskeyAssertion(
      deps,
      challenges,
      body.PasskeyRequestJSON,
      body.PasskeyResultJSON,
      {
        request: 'PasskeyRequestJSON',
        result: 'PasskeyResultJSON',
      },
    );
    if (usrId !== me.usrId) throw failed(ApiErrorCode.accessDenied, PASSKEY_REFUSED);
    return;
  }
  if (!body.CurrentPwd) throw invalidField('CurrentPwd', authMessages.currentPasswordRequired);
  // The same count and back-off as Login: a stolen token is no way around them.
  const now = deps.clock.now();
  const state = await throttle.state(me.usrName, now);
  if (state.retryAfterMs > 0) throw backoffRefusal(request, state.retryAfterMs);
  const user = (await deps.db.select().from(users).where(eq(users.usrId, me.usrId)))[0];
  if (!(await verifyPassword(user?.passwordHash, body.CurrentPwd))) {
    await throttle.fail(me.usrName, now);
    throw invalidField('CurrentPwd', authMessages.currentPasswordWrong);
  }
}

export function resetMethods(deps: AuthDeps, throttle: LoginThrottle): MethodDefinition[] {
  const challenges = new AuthChallenges(deps.db);
  return [
    implement(
      resetPwdEmail,
      async (body, ctx) => {
        await requireCaptcha(deps, body.reCaptchaRequest, ctx.ip);
        const email = body.emailAddress.toLowerCase();
        await limitAddress(deps, 'reset', email);
        const user = (await deps.db.select().from(users).where(eq(users.usrName, email)))[0];
        const issued = await deps.emailCodes.issue('reset', email, user?.usrId ?? null, deps.clock.now());
        if (user)
          deps.mailer.send(
            resetCodeMail(
              deps.config,
              email,
              issued.code,
              issued.nounce,
              issued.linkSecret,
              ctx.scope.cultureId,
            ),
          );
        return { nounce: issued.nounce, ticketLeft: issued.ticketLeft, expiresIn: CODE_TTL_MS / 1000 };
      },
      { rateLimit: { max: 10, timeWindow: 60_000 } },
    ),
    implement(
      resetPassword,
      async (body) => {
        refuseCommonPassword(body.password, 'password');
        const passwordHash = await hashPassword(body.password);
        const used = await deps.emailCodes.consume(
          'reset',
          {
            nounce: body.nounce,
            ticketLeft: body.ticketLeft,
            email: body.emailAddress.toLowerCase(),
            code: body.ticketRight,
          },
          deps.clock.now(),
        );
        if (!used || used.usrId === null)
          throw failed(AuthErrorCode.invalidCode, authMessages.resetCodeInvalid);
        await setPassword(deps, throttle, used.usrId, passwordHash);
        return { changed: true } as const;
      },
      { rateLimit: { max: 20, timeWindow: 60_000 } },
    ),
    implement(
      updUsrPwd,
      async (body, ctx) => {
        refuseCommonPassword(body.NewUsrPassword, 'NewUsrPassword');
        if (body.j || body.p) {
          const passwordHash = await hashPassword(body.NewUsrPassword);
          const used = await deps.emailCodes.consumeLink(body.j, body.p, deps.clock.now());
          if (!used) throw failed(AuthErrorCode.invalidCode, authMessages.resetCodeInvalid);
          await setPassword(deps, throttle, used.usrId, passwordHash);
          return { changed: true } as const;
        }
        if (!ctx.user) throw accessDenied();
        // An access token alone is not enough: a stolen one must not become the account.
        await proveOwner(deps, challenges, throttle, ctx.user, ctx.request, body);
        await setPassword(deps, throttle, ctx.user.usrId, await hashPassword(body.NewUsrPassword));
        return { changed: true } as const;
      },
      { rateLimit: { max: 20, timeWindow: 60_000 } },
    ),
  ];
}
