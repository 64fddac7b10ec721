// Password reset: ResetPwdEmail mails a code and a /NewPassword link, ResetPassword takes the
// code, ProfileWs UpdUsrPwd takes the link (j, p) or changes the signed-in user's password.
// Unknown addresses get the same reply and no mail.
import { eq } from 'drizzle-orm';
import {
  ApiErrorCode,
  AuthErrorCode,
  authMessages,
  resetPasswordBody,
  resetPwdEmailBody,
  updUsrPwdBody,
  type ResetPasswordReply,
  type ResetPwdEmailReply,
  type UpdUsrPwdReply,
} from '@payd/schemas';
import type { z } from 'zod';
import { defineMethod, type AuthUser, type MethodDefinition } from '../protocol/method.ts';
import { accessDenied, failed, invalidField } from '../protocol/errors.ts';
import { users } from '../db/schema.ts';
import type { AuthDeps } from './deps.ts';
import { CODE_TTL_MS } from './emailCodes.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { AuthChallenges } from './challenges.ts';
import { FAILURE_WINDOW_MS, accountFailureKey } from './login.ts';
import { PASSKEY_REFUSED, verifyPasskeyAssertion } from './webauthn.ts';

type UpdUsrPwdBody = z.output<typeof updUsrPwdBody>;
import { resetCodeMail } from './mails.ts';
import { limitAddress, requireCaptcha } from './signUp.ts';

async function setPassword(deps: AuthDeps, usrId: number, passwordHash: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.usrId, usrId));
  await deps.tokens.revokeUser(usrId);
}

/**
 * A signed-in password change needs proof that the caller is the owner: the current password
 * (a wrong one counts as a failed login of the account) or a passkey assertion of this user.
 */
async function proveOwner(
  deps: AuthDeps,
  challenges: AuthChallenges,
  me: AuthUser,
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
  const user = (await deps.db.select().from(users).where(eq(users.usrId, me.usrId)))[0];
  if (!(await verifyPassword(user?.passwordHash, body.CurrentPwd))) {
    await deps.counters.hit(accountFailureKey(me.usrName), FAILURE_WINDOW_MS, deps.clock.now());
    throw invalidField('CurrentPwd', authMessages.currentPasswordWrong);
  }
}

export function resetMethods(deps: AuthDeps): MethodDefinition[] {
  const challenges = new AuthChallenges(deps.db);
  return [
    defineMethod({
      service: 'auth',
      method: 'ResetPwdEmail',
      body: resetPwdEmailBody,
      auth: 'public',
      rateLimit: { max: 10, timeWindow: 60_000 },
      async handler(body, ctx): Promise<ResetPwdEmailReply> {
        await requireCaptcha(deps, body.reCaptchaRequest, ctx.ip);
        const email = body.emailAddress.toLowerCase();
        await limitAddress(deps, 'reset', email);
        const user = (await deps.db.select().from(users).where(eq(users.usrName, email)))[0];
        const issued = await deps.emailCodes.issue('reset', email, user?.usrId ?? null, deps.clock.now());
        if (user)
          deps.mailer.send(resetCodeMail(deps.config, email, issued.code, issued.nounce, issued.linkSecret));
        return { nounce: issued.nounce, ticketLeft: issued.ticketLeft, expiresIn: CODE_TTL_MS / 1000 };
      },
    }),
    defineMethod({
      service: 'auth',
      method: 'ResetPassword',
      body: resetPasswordBody,
      auth: 'public',
      rateLimit: { max: 20, timeWindow: 60_000 },
      async handler(body): Promise<ResetPasswordReply> {
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
        await setPassword(deps, used.usrId, passwordHash);
        return { changed: true };
      },
    }),
    defineMethod({
      service: 'Profile',
      method: 'UpdUsrPwd',
      body: updUsrPwdBody,
      auth: 'optional',
      rateLimit: { max: 20, timeWindow: 60_000 },
      async handler(body, ctx): Promise<UpdUsrPwdReply> {
        if (body.j || body.p) {
          const passwordHash = await hashPassword(body.NewUsrPassword);
          const used = await deps.emailCodes.consumeLink(body.j, body.p, deps.clock.now());
          if (!used) throw failed(AuthErrorCode.invalidCode, authMessages.resetCodeInvalid);
          await setPassword(deps, used.usrId, passwordHash);
          return { changed: true };
        }
        if (!ctx.user) throw accessDenied();
        // An access token alone is not enough: a stolen one must not become the account.
        await proveOwner(deps, challenges, ctx.user, body);
        await setPassword(deps, ctx.user.usrId, await hashPassword(body.NewUsrPassword));
        return { changed: true };
      },
    }),
  ];
}
