// Request bodies of SignUpWs, authWs and ProfileWs, and the web forms that produce them.
// Server and web validate with the same schemas.
import { z } from 'zod';
import type * as c from './contracts.ts';
import { authMessages as m } from './messages.ts';
import { positiveIntId } from '../fields.ts';
import { WEB_CLIENT_ID } from './webClient.ts';
import { passwordRuleProblem } from './passwordRules.ts';

/** PKCE S256 challenge: base64url of a SHA-256 digest (RFC 7636), 43 characters. */
const s256Challenge = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Must be a base64url SHA-256 (S256) challenge');
const clientId = z.string().min(1).max(100);
/** local@domain with a 2-10 letter suffix (spec 002 section 5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,10}$/;
/** Confirmation codes are upper case letters and digits, at least 6 characters. */
export const CONFIRMATION_CODE_LENGTH = 8;

export const emailAddress = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .max(254, m.emailInvalid)
  .regex(EMAIL_PATTERN, m.emailInvalid);
/** A new password (sign-up, reset, change): spec 002's rules, checked alike by web and server. */
function strongPassword(requiredMessage: string) {
  return z.string({ error: requiredMessage }).superRefine((password, ctx) => {
    const problem = passwordRuleProblem(password, requiredMessage);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}
export const newPassword = strongPassword(m.passwordRequired);
export const confirmationCode = z
  .string({ error: m.confirmationCodeRequired })
  .trim()
  .min(1, m.confirmationCodeRequired)
  .max(32, m.confirmationCodeIncorrect)
  .transform((s) => s.toUpperCase());

/** Optional referral code read from the page's query string. */
const refCode = z.string().max(64).optional().default('');

// ---- SignUpWs ----
export const signUpBody = z.object({
  emailAddress,
  /** ALTCHA solution payload (base64) or a reCAPTCHA token, depending on the configured provider. */
  reCaptchaRequest: z.string({ error: m.recaptchaRequired }).min(1, m.recaptchaRequired).max(8192),
  refCode,
});
export const activateBody = z.object({
  emailAddress,
  password: newPassword,
  role: z.coerce.number().int().min(1).max(3).optional().default(1),
  /** Nonce returned by SignUp. */
  nounce: z.string().min(1).max(200),
  /** Ticket returned by SignUp. */
  ticketLeft: z.string().min(1).max(200),
  /** The confirmation code from the e-mail. */
  ticketRight: confirmationCode,
  refCode,
});
export const emailAvailableBody = z.object({ emailAddress });
export const checkCountryBody = z.object({}).strict();

// ---- authWs ----
export const loginBody = z.object({
  client_id: clientId,
  usrName: z.string({ error: m.userNameEmpty }).trim().min(1, m.userNameEmpty).max(254),
  password: z.string({ error: m.passwordEmpty }).min(1, m.passwordEmpty).max(256),
  /** `${serverChallenge}.${solution}` when answering a login challenge. */
  nonce: z.string().max(600).optional(),
  /** Only S256: a `plain` challenge is the verifier itself, so a stolen code would be enough. */
  code_challenge_method: z.literal('S256').optional().default('S256'),
  code_challenge: s256Challenge,
});
export const getTokenBody = z.object({
  client_id: clientId,
  scope: z.string().max(200).optional(),
  grant_type: z.enum(['authorization_code', 'refresh_token']).optional().default('authorization_code'),
  code: z.string().max(300).optional(),
  code_verifier: z.string().max(200).optional(),
  redirect_url: z.string().max(2000).optional(),
  client_secret: z.string().max(200).optional(),
  refresh_token: z.string().max(600).optional(),
  re_auth: z.enum(['Y', 'N']).optional().default('N'),
});
export const logoutBody = z.object({
  access_token: z.string().max(4000).optional(),
  refresh_token: z.string().max(600).optional(),
});
export const scopeOnlyBody = z.object({ scope: z.string().max(200).optional() });
export const systemIdBody = z.object({
  scope: z.string().max(200).optional(),
  systemId: positiveIntId.optional(),
});
export const getSystemsBody = z.object({
  scope: z.string().max(200).optional(),
  ignoreCache: z.boolean().optional(),
});
export const resetPwdEmailBody = z.object({
  emailAddress,
  reCaptchaRequest: z.string({ error: m.recaptchaRequired }).min(1, m.recaptchaRequired).max(8192),
  refCode,
});
export const resetPasswordBody = z.object({
  emailAddress,
  password: newPassword,
  nounce: z.string().min(1).max(200),
  ticketLeft: z.string().min(1).max(200),
  ticketRight: confirmationCode,
});
export const webAuthnRegistrationRequestBody = z.object({
  hostingDomainUrl: z.string().url().max(500),
  scope: z.string().max(200).optional(),
});
export const webAuthnAssertionRequestBody = z.object({
  hostingDomainUrl: z.string().url().max(500),
  loginName: z.string().max(254).optional().default(''),
  scope: z.string().max(200).optional(),
});
export const webAuthnResultBody = z.object({
  requestJSON: z.string().min(1).max(20000),
  resultJSON: z.string().min(1).max(20000),
  scope: z.string().max(200).optional(),
  /** The client the assertion's session is bound to (its refresh token works for it only). */
  client_id: clientId.optional().default(WEB_CLIENT_ID),
});
export const web3SigningRequestBody = z.object({
  hostingDomainUrl: z.string().url().max(500),
  /** The wallet address that will sign. */
  loginName: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Please enter a valid wallet address'),
});
export const web3ResultBody = z.object({
  requestJSON: z.string().min(1).max(20000),
  resultJSON: z.string().min(1).max(20000),
  /** The client the assertion's session is bound to (its refresh token works for it only). */
  client_id: clientId.optional().default(WEB_CLIENT_ID),
});

// ---- ProfileWs / SystemWs ----
const updUsrPwdFields = z.object({
  j: z.string().max(600).optional().default(''),
  p: z.string().max(600).optional().default(''),
  NewUsrPassword: strongPassword(m.enterNewPassword),
  ConfirmPwd: z.string({ error: m.enterMatchingPassword }).min(1, m.enterMatchingPassword),
  /** A signed-in change proves the caller is the owner: the current password... */
  CurrentPwd: z.string().max(256).optional().default(''),
  /** ...or a passkey assertion (GetWebAuthnAssertionRequest, then the authenticator's reply). */
  PasskeyRequestJSON: z.string().max(20000).optional().default(''),
  PasskeyResultJSON: z.string().max(20000).optional().default(''),
});
const passwordsMatch = {
  check: (b: { NewUsrPassword: string; ConfirmPwd: string }) => b.NewUsrPassword === b.ConfirmPwd,
  params: { message: m.enterMatchingPassword, path: ['ConfirmPwd'] },
};
/** UpdUsrPwd: with the reset link's j and p, or signed in with CurrentPwd (or a passkey). */
export const updUsrPwdBody = updUsrPwdFields.refine(passwordsMatch.check, passwordsMatch.params);
export const getCultureListBody = z.object({}).passthrough();
/** ProfileWs UpdUsrCulture: the signed-in account's language, one of GetCultureList's ids. */
export const updUsrCultureBody = z.object({ CultureId: positiveIntId });

// ---- web forms (client side; same rules); the login and change-password forms' are in
// loginForm.ts and changePasswordForm.ts ----
export const signUpForm = z
  .object({
    email: emailAddress,
    password: newPassword,
    retypePassword: z.string(),
    agree: z.literal(true, { error: m.agreeRequired }),
    recaptcha: z.string({ error: m.recaptchaRequired }).min(1, m.recaptchaRequired),
  })
  .refine((f) => f.password === f.retypePassword, {
    message: m.passwordsDontMatch,
    path: ['retypePassword'],
  });
export const resetRequestForm = z.object({
  email: emailAddress,
  recaptcha: z.string({ error: m.recaptchaRequired }).min(1, m.recaptchaRequired),
});
export const resetChangeForm = z
  .object({
    token: confirmationCode,
    password: newPassword,
    retypeNewPassword: z.string(),
  })
  .refine((f) => f.password === f.retypeNewPassword, {
    message: m.passwordsDontMatch,
    path: ['retypeNewPassword'],
  });

export type SignUpBody = z.infer<typeof signUpBody>;
export type ActivateBody = z.infer<typeof activateBody>;
export type LoginBody = z.infer<typeof loginBody>;
export type GetTokenBody = z.infer<typeof getTokenBody>;

/** Token reply of GetToken. */
export type TokenSet = z.output<typeof c.tokenSet>;

/** Landing page of each role after sign-up (spec 002 section 6). */
export const roleLanding: Record<number, string> = { 1: '/borrower', 2: '/guarantor', 3: '/lender' };
