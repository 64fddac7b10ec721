// SignUpWs: SignUp mails a confirmation code, Activate creates the account with it,
// EmailAvailable and CheckCountry support the form. No reply tells whether an e-mail is
// registered: SignUp for an existing account mails its owner a notice instead of a code and
// replies exactly as for a new address.
import { eq } from 'drizzle-orm';
import { authMessages, AuthErrorCode, signUp, activate, emailAvailable, checkCountry } from '@payd/schemas';
import { type MethodDefinition } from '../wire/method.ts';
import { implement } from '../wire/implement.ts';
import { failed, invalidField, rateLimited } from '../wire/errors.ts';
import { users } from '../db/schema.ts';
import type { AuthDeps } from './deps.ts';
import { CODE_TTL_MS } from './emailCodes.ts';
import { hashPassword } from './passwords.ts';
import { isCommonPassword } from './commonPasswords.ts';
import { sha256 } from '../secrets.ts';
import { languageOfCulture } from '@payd/i18n';
import { signUpCodeMail, signUpExistingMail } from './mails.ts';

const HOUR = 3600_000;
/** Codes mailed to one address per hour (sign-up and reset each). */
export const CODES_PER_ADDRESS_PER_HOUR = 5;

export async function requireCaptcha(deps: AuthDeps, token: string, ip: string): Promise<void> {
  if (!(await deps.captcha.verify(token, ip)))
    throw failed(AuthErrorCode.captchaFailed, authMessages.recaptchaRequired);
}

/** A new password on the shipped list of the most common (breached) passwords: 400 by the field. */
export function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw invalidField(field, authMessages.passwordTooCommon);
}

export async function limitAddress(deps: AuthDeps, purpose: string, email: string): Promise<void> {
  const n = await deps.counters.hit(`${purpose}:${sha256(email)}`, HOUR, deps.clock.now());
  if (n > CODES_PER_ADDRESS_PER_HOUR) throw rateLimited();
}

export function signUpMethods(deps: AuthDeps): MethodDefinition[] {
  return [
    implement(
      signUp,
      async (body, ctx) => {
        await requireCaptcha(deps, body.reCaptchaRequest, ctx.ip);
        const email = body.emailAddress.toLowerCase();
        await limitAddress(deps, 'signup', email);
        const existing = (await deps.db.select().from(users).where(eq(users.usrName, email)))[0];
        const issued = await deps.emailCodes.issue(
          'signup',
          email,
          existing?.usrId ?? null,
          deps.clock.now(),
        );
        deps.mailer.send(
          existing
            ? signUpExistingMail(deps.config, email, ctx.scope.cultureId)
            : signUpCodeMail(deps.config, email, issued.code, ctx.scope.cultureId),
        );
        return { nounce: issued.nounce, ticketLeft: issued.ticketLeft, expiresIn: CODE_TTL_MS / 1000 };
      },
      { rateLimit: { max: 10, timeWindow: 60_000 } },
    ),
    implement(
      activate,
      async (body, ctx) => {
        const email = body.emailAddress.toLowerCase();
        const now = deps.clock.now();
        const wrong = failed(AuthErrorCode.invalidCode, authMessages.confirmationCodeIncorrect);
        refuseCommonPassword(body.password, 'password');
        const passwordHash = await hashPassword(body.password);
        const used = await deps.emailCodes.consume(
          'signup',
          { nounce: body.nounce, ticketLeft: body.ticketLeft, email, code: body.ticketRight },
          now,
        );
        if (!used || used.usrId !== null) throw wrong;
        const created = await deps.db
          .insert(users)
          .values({
            usrName: email,
            passwordHash,
            role: body.role,
            refCode: body.refCode,
            // The account starts in the language the person signed up in.
            cultureId: languageOfCulture(ctx.scope.cultureId).cultureId,
            createdAt: now,
            passwordChangedAt: now,
          })
          .onConflictDoNothing()
          .returning({ usrId: users.usrId, role: users.role });
        const user = created[0];
        if (!user) throw wrong;
        return { UsrId: user.usrId, role: user.role };
      },
      { rateLimit: { max: 20, timeWindow: 60_000 } },
    ),
    implement(
      // Not an account oracle: a well-formed address may always start a sign-up (an existing
      // owner is mailed instead of getting a code), so the answer never depends on the users table.
      emailAvailable,
      async () => {
        return { available: true };
      },
      { rateLimit: { max: 30, timeWindow: 60_000 } },
    ),
    implement(
      checkCountry,
      async (_body, ctx) => {
        const country = deps.countries.country(ctx.ip);
        ctx.setSupportingData({ country });
        return deps.config.restrictedCountries.includes(country);
      },
      { rateLimit: { max: 60, timeWindow: 60_000 } },
    ),
  ];
}
