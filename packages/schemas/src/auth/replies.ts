// The `d.data` of every accounts-and-access method, in one place, so server and web agree.
// Every reply is `{ d: { status, error?, message?, validationErrors?, data? } }` (api.ts).
// Failures the user can meet carry the spec's message in `d.message` (see messages.ts).
import type { z } from 'zod';
import type { TokenSet } from './schemas.ts';
import type * as c from './contracts.ts';

// ---- SignUpWs ----

/**
 * SignUp (and its 'Resend an email' mode, which calls SignUp again): a code is mailed to the
 * address. The reply is the same whether or not the address is already registered (an owner
 * gets a 'someone tried to sign up' mail instead of a code), so it never reveals an account.
 * Keep both values: Activate sends them back as `nounce` and `ticketLeft`.
 */
export type SignUpReply = z.output<typeof c.signUpReply>;

/** Activate: the account exists; the client logs in once with the same e-mail and password. */
export type ActivateReply = z.output<typeof c.activateReply>;
// Activate failure: error 'invalid_code', message authMessages.confirmationCodeIncorrect.

/**
 * EmailAvailable: never an account oracle. It answers whether the address may be used to start
 * a sign-up (well-formed and not on a blocked domain); it does NOT say whether an account
 * exists. Rate-limited per IP.
 */
export type EmailAvailableReply = z.output<typeof c.emailAvailableReply>;

/** CheckCountry: `data` is `true` when the caller's country (from its IP) is restricted. */
export type CheckCountryReply = boolean;
/** CheckCountry also sends `supportingData: { country }` (ISO code or '' when unknown). */
export type CheckCountrySupportingData = z.output<NonNullable<typeof c.checkCountry.supporting>>;

// ---- authWs ----

/**
 * Login success: an authorization code for GetToken (grant_type authorization_code, with the
 * code_verifier matching the code_challenge). Valid 60 s, single use.
 */
export type LoginReply = z.output<typeof c.login.reply>;

/**
 * Login failure (HTTP 200, `d.status` 'failed', `d.error` 'access_denied', `d.message`
 * authMessages.loginBotDetected, same for a wrong password and an unknown user): a challenge to solve. Retry Login once with
 * `nonce = challengeNonce(serverChallenge, await solveLoginChallenge(serverChallenge, challengeCount, usrName))`.
 * The challenge is signed by the server, single use, valid 5 minutes. After 3 failed logins
 * for an account name (in 24 hours; or 10 from one IP in 15 minutes), a Login without a solved
 * challenge is refused with this same reply, whatever the password; `challengeCount` then
 * doubles with each further failure (bounded). From the 10th failure the name is refused for a
 * while: HTTP 429, error 'rate_limited', authMessages.loginBackoff, `data.retryAfter` seconds
 * (also the Retry-After header); a passkey, a wallet or a password reset still work.
 */
export interface LoginChallengeData {
  serverChallenge: string;
  challengeCount: number;
}

/** GetToken, WebAuthnAssertion and Web3Assertion all reply with the same token set. */
export type GetTokenReply = TokenSet;
// GetToken failure: HTTP 400, error 'access_denied' (bad/used code, wrong verifier, revoked,
// reused or expired refresh token). Reusing an old refresh token revokes the whole session.

/** Logout: the session of the given refresh/access token is revoked. */
export type LogoutReply = z.output<typeof c.logout.reply>;

/** GetCurrentUsrInfo (needs a signed-in user). */
export type CurrentUsrInfo = z.output<typeof c.currentUsrInfo>;

import type { MenuItem } from './contracts.ts';
export type { MenuItem };
export type GetMenuReply = MenuItem[];
export type GetReactQuickMenuReply = MenuItem[];

export type SystemItem = z.output<typeof c.systemItem>;
export type GetSystemsReply = SystemItem[];

export type ServerIdentity = z.output<typeof c.serverIdentity>;

/** ResetPwdEmail: same shape and behaviour as SignUp; no mail is sent for unknown addresses. */
export type ResetPwdEmailReply = SignUpReply;
/** ResetPassword success; failure is error 'invalid_code', message authMessages.resetCodeInvalid. */
export type ResetPasswordReply = z.output<typeof c.resetPassword.reply>;

/**
 * GetWebAuthnRegistrationRequest (signed-in) and GetWebAuthnAssertionRequest (public).
 * Pass `options` to @simplewebauthn/browser (`startRegistration({ optionsJSON: options })` /
 * `startAuthentication({ optionsJSON: options })`), then call WebAuthnRegistration /
 * WebAuthnAssertion with `requestJSON` as received and `resultJSON = JSON.stringify(response)`.
 * Assertion uses discoverable credentials (no allowCredentials list), so it never reveals
 * whether loginName has passkeys. Challenges are single use, valid 5 minutes.
 */
export type WebAuthnRequestReply = z.output<typeof c.webAuthnRequestReply>;
export type WebAuthnRegistrationReply = z.output<typeof c.webAuthnRegistrationReply>;
/** WebAuthnAssertion replies with the token set (GetTokenReply). A refused passkey or signature
 * (WebAuthn and Web3 methods) is HTTP 200, status 'failed', error 'access_denied' with a message. */

/**
 * GetWeb3SigningRequest: an EIP-4361 message bound to this server's domain, a single-use nonce
 * and a 5-minute expiry. Sign `message` with personal_sign (viem `signMessage`), then call
 * Web3Registration (signed-in: links the wallet) or Web3Assertion (signs in the linked user)
 * with `requestJSON` as received and `resultJSON = JSON.stringify({ signature })`.
 */
export type Web3SigningRequestReply = z.output<typeof c.web3SigningRequestReply>;
export type Web3RegistrationReply = z.output<typeof c.web3RegistrationReply>;
/** Web3Assertion replies with the token set (GetTokenReply). */

// ---- SystemWs / ProfileWs ----

export type CultureItem = z.output<typeof c.cultureItem>;
export type GetCultureListReply = CultureItem[];

/** UpdUsrCulture: the culture the account now has. */
export type UpdUsrCultureReply = z.output<typeof c.updUsrCulture.reply>;

/** UpdUsrPwd: with link tokens j and p (from the reset mail) or as the signed-in user. */
export type UpdUsrPwdReply = z.output<typeof c.updUsrPwd.reply>;

/** Error codes of accounts-and-access beyond ApiErrorCode (d.error). */
export const AuthErrorCode = {
  /** Wrong, expired or used confirmation code / reset link. */
  invalidCode: 'invalid_code',
  /** Captcha missing, wrong, expired or already used. */
  captchaFailed: 'captcha_failed',
} as const;
