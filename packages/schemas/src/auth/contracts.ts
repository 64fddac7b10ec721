// The contracts of the auth methods (contract/contract.ts): body, reply and caller of each.
// The web calls them through auth/methods.ts; the server implements them in server/src/auth.
// The reply types the web reads are in replies.ts, taken from the schemas here.
import { z } from 'zod';
import { defineContract } from '../contract/contract.ts';
import {
  activateBody,
  checkCountryBody,
  emailAvailableBody,
  getCultureListBody,
  getSystemsBody,
  getTokenBody,
  loginBody,
  logoutBody,
  resetPasswordBody,
  resetPwdEmailBody,
  scopeOnlyBody,
  signUpBody,
  systemIdBody,
  updUsrCultureBody,
  updUsrPwdBody,
  web3ResultBody,
  web3SigningRequestBody,
  webAuthnAssertionRequestBody,
  webAuthnRegistrationRequestBody,
  webAuthnResultBody,
} from './schemas.ts';
import { confirmIdentityBody } from './confirmIdentity.ts';
import { delPasskeyBody, getPasskeysBody, renamePasskeyBody } from './passkeys.ts';

// ---- replies ----

export const signUpReply = z.strictObject({
  nounce: z.string(),
  ticketLeft: z.string(),
  /** Seconds until the mailed code expires (600). */
  expiresIn: z.number().int(),
});
export const activateReply = z.strictObject({
  UsrId: z.number().int(),
  /** Role id chosen at sign-up: 1 borrower, 2 guarantor, 3 lender (see roleLanding). */
  role: z.number().int(),
});
export const emailAvailableReply = z.strictObject({ available: z.boolean() });
export const tokenSet = z.strictObject({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number(),
  token_type: z.literal('Bearer'),
});
export const currentUsrInfo = z.strictObject({
  UsrId: z.number().int(),
  UsrName: z.string(),
  /** Same as UsrName (the login e-mail). */
  UsrEmail: z.string(),
  CompanyId: z.number().int(),
  ProjectId: z.number().int(),
  CultureId: z.number().int(),
  SystemId: z.number().int(),
  /** Language code of CultureId, e.g. 'en'. */
  lang: z.string(),
  /** 1 borrower, 2 guarantor, 3 lender. */
  role: z.number().int(),
  /** Landing path of the role (roleLanding). */
  landing: z.string(),
  /** Wallet addresses linked for web3 sign-in (lower case). */
  wallets: z.array(z.string()),
  /** Number of passkeys registered. */
  passkeys: z.number().int(),
  /** How this session signed in: 'password' | 'passkey' | 'web3'. */
  signInMethod: z.string(),
});
const menuItemFields = {
  MenuId: z.number().int(),
  ParentId: z.number().int().nullable(),
  SystemId: z.number().int(),
  Label: z.string(),
  /** Route path in the web app, e.g. '/dashboard'. */
  Path: z.string(),
  Icon: z.string(),
  Sort: z.number(),
};
/** One menu entry of GetMenu (a tree) and of GetReactQuickMenu (flat). */
export interface MenuItem {
  MenuId: number;
  ParentId: number | null;
  SystemId: number;
  Label: string;
  Path: string;
  Icon: string;
  Sort: number;
  children?: MenuItem[];
}
export const menuItem: z.ZodType<MenuItem> = z.strictObject({
  ...menuItemFields,
  get children() {
    return z.array(menuItem).optional();
  },
});
export const systemItem = z.strictObject({
  SystemId: z.number().int(),
  SystemName: z.string(),
  SystemAbbr: z.string(),
  Active: z.boolean(),
});
export const serverIdentity = z.strictObject({
  ServerName: z.string(),
  Environment: z.enum(['embedded', 'production']),
  ChainId: z.number().int(),
  Version: z.string(),
  /** Public URL of the server (WebAuthn relying party, SIWE domain). */
  PublicUrl: z.string(),
});
export const cultureItem = z.strictObject({
  CultureId: z.number().int(),
  langCode: z.string(),
  CultureName: z.string(),
});
const changed = z.strictObject({ changed: z.literal(true) });
export const webAuthnRequestReply = z.strictObject({
  options: z.record(z.string(), z.unknown()),
  requestJSON: z.string(),
});
export const webAuthnRegistrationReply = z.strictObject({ credentialId: z.string() });
export const web3SigningRequestReply = z.strictObject({
  message: z.string(),
  requestJSON: z.string(),
  nonce: z.string(),
  expirationTime: z.string(),
});
export const web3RegistrationReply = z.strictObject({ address: z.string() });
export const passkeyInfo = z.strictObject({
  credentialId: z.string(),
  name: z.string(),
  /** ISO times. */
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export const passkeyList = z.strictObject({ passkeys: z.array(passkeyInfo) });
export const confirmIdentityReply = z.strictObject({
  /** ISO time of the proof: the session counts as freshly signed in from then. */
  ProvenAt: z.string(),
});

// ---- SignUpWs ----

export const signUp = defineContract({
  service: 'SignUp',
  method: 'SignUp',
  summary:
    'Mails a confirmation code to the address (the reply is the same whether or not it is registered).',
  auth: 'public',
  body: signUpBody,
  reply: signUpReply,
});
export const activate = defineContract({
  service: 'SignUp',
  method: 'Activate',
  summary: 'Creates the account from the mailed code and the chosen password.',
  auth: 'public',
  body: activateBody,
  reply: activateReply,
});
export const emailAvailable = defineContract({
  service: 'SignUp',
  method: 'EmailAvailable',
  summary: 'Whether the address may start a sign-up (never whether an account exists).',
  auth: 'public',
  body: emailAvailableBody,
  reply: emailAvailableReply,
  example: { body: { emailAddress: 'ann@example.com' }, reply: { available: true } },
});
export const checkCountry = defineContract({
  service: 'SignUp',
  method: 'CheckCountry',
  summary: "True when the caller's country (from its IP) is restricted; the country in supportingData.",
  auth: 'public',
  body: checkCountryBody,
  reply: z.boolean(),
  supporting: z.strictObject({ country: z.string() }),
  example: { body: {}, reply: false },
});

// ---- authWs ----

export const login = defineContract({
  service: 'auth',
  method: 'Login',
  summary: 'Checks the password and answers an authorization code for GetToken (PKCE S256).',
  auth: 'public',
  body: loginBody,
  reply: z.strictObject({ accessCode: z.string() }),
});
export const getToken = defineContract({
  service: 'auth',
  method: 'GetToken',
  summary: 'Exchanges an authorization code or a refresh token for a token set.',
  auth: 'public',
  body: getTokenBody,
  reply: tokenSet,
});
export const logout = defineContract({
  service: 'auth',
  method: 'Logout',
  summary: 'Revokes the session of the caller and of the given tokens.',
  auth: 'optional',
  body: logoutBody,
  reply: z.strictObject({ loggedOut: z.literal(true) }),
  example: { body: {}, reply: { loggedOut: true } },
});
export const getCurrentUsrInfo = defineContract({
  service: 'auth',
  method: 'GetCurrentUsrInfo',
  summary: "The signed-in person's account, role, linked wallets and passkey count.",
  auth: 'user',
  body: scopeOnlyBody,
  reply: currentUsrInfo,
});
export const getMenu = defineContract({
  service: 'auth',
  method: 'GetMenu',
  summary: "The menu tree of the caller's role.",
  auth: 'user',
  body: systemIdBody,
  reply: z.array(menuItem),
});
export const getReactQuickMenu = defineContract({
  service: 'auth',
  method: 'GetReactQuickMenu',
  summary: "The quick menu (flat) of the caller's role.",
  auth: 'user',
  body: systemIdBody,
  reply: z.array(menuItem),
});
export const getSystems = defineContract({
  service: 'auth',
  method: 'GetSystems',
  summary: 'The systems of the installation.',
  auth: 'user',
  body: getSystemsBody,
  reply: z.array(systemItem),
});
export const getServerIdentity = defineContract({
  service: 'auth',
  method: 'GetServerIdentity',
  summary: "The server's name, version, mode, chain and public URL.",
  auth: 'public',
  body: scopeOnlyBody,
  reply: serverIdentity,
  example: { body: {} },
});
export const resetPwdEmail = defineContract({
  service: 'auth',
  method: 'ResetPwdEmail',
  summary: 'Mails a reset code to a registered address (the same reply for any address).',
  auth: 'public',
  body: resetPwdEmailBody,
  reply: signUpReply,
});
export const resetPassword = defineContract({
  service: 'auth',
  method: 'ResetPassword',
  summary: 'Sets a new password from the mailed reset code.',
  auth: 'public',
  body: resetPasswordBody,
  reply: changed,
});
export const confirmIdentity = defineContract({
  service: 'auth',
  method: 'ConfirmIdentity',
  summary: 'Proves a signed-in session again with the password or a passkey (recent sign-in).',
  auth: 'user',
  body: confirmIdentityBody,
  reply: confirmIdentityReply,
});
export const getWebAuthnRegistrationRequest = defineContract({
  service: 'auth',
  method: 'GetWebAuthnRegistrationRequest',
  summary: 'Options for registering a passkey for the signed-in person.',
  auth: 'user',
  body: webAuthnRegistrationRequestBody,
  reply: webAuthnRequestReply,
});
export const webAuthnRegistration = defineContract({
  service: 'auth',
  method: 'WebAuthnRegistration',
  summary: "Registers the authenticator's new passkey.",
  auth: 'user',
  body: webAuthnResultBody,
  reply: webAuthnRegistrationReply,
});
export const getWebAuthnAssertionRequest = defineContract({
  service: 'auth',
  method: 'GetWebAuthnAssertionRequest',
  summary: 'Options for signing in (or confirming) with a passkey.',
  auth: 'public',
  body: webAuthnAssertionRequestBody,
  reply: webAuthnRequestReply,
});
export const webAuthnAssertion = defineContract({
  service: 'auth',
  method: 'WebAuthnAssertion',
  summary: 'Signs in with a passkey assertion: a token set.',
  auth: 'public',
  body: webAuthnResultBody,
  reply: tokenSet,
});
export const getPasskeys = defineContract({
  service: 'auth',
  method: 'GetPasskeys',
  summary: "The signed-in person's passkeys, oldest first.",
  auth: 'user',
  body: getPasskeysBody,
  reply: passkeyList,
  example: { body: {} },
});
export const renamePasskey = defineContract({
  service: 'auth',
  method: 'RenamePasskey',
  summary: 'Renames one of the caller’s passkeys; the passkey as it now is.',
  auth: 'user',
  body: renamePasskeyBody,
  reply: passkeyInfo,
});
export const delPasskey = defineContract({
  service: 'auth',
  method: 'DelPasskey',
  summary: 'Removes one of the caller’s passkeys; the passkeys left.',
  auth: 'user',
  body: delPasskeyBody,
  reply: passkeyList,
});
export const getWeb3SigningRequest = defineContract({
  service: 'auth',
  method: 'GetWeb3SigningRequest',
  summary: 'A sign-in-with-Ethereum message for the wallet to sign.',
  auth: 'optional',
  body: web3SigningRequestBody,
  reply: web3SigningRequestReply,
});
export const web3Registration = defineContract({
  service: 'auth',
  method: 'Web3Registration',
  summary: 'Links the signing wallet to the signed-in account for sign-in.',
  auth: 'user',
  body: web3ResultBody,
  reply: web3RegistrationReply,
});
export const web3Assertion = defineContract({
  service: 'auth',
  method: 'Web3Assertion',
  summary: 'Signs in with a linked wallet’s signature: a token set.',
  auth: 'public',
  body: web3ResultBody,
  reply: tokenSet,
});

// ---- ProfileWs / SystemWs ----

export const updUsrPwd = defineContract({
  service: 'Profile',
  method: 'UpdUsrPwd',
  summary: 'Changes the password, with the reset link’s tokens or signed in with a proof.',
  auth: 'optional',
  body: updUsrPwdBody,
  reply: changed,
});
export const updUsrCulture = defineContract({
  service: 'Profile',
  method: 'UpdUsrCulture',
  summary: "Sets the signed-in account's language to one of GetCultureList's cultures.",
  auth: 'user',
  body: updUsrCultureBody,
  reply: z.strictObject({ CultureId: z.number().int(), lang: z.string() }),
  example: { body: { CultureId: 1 }, reply: { CultureId: 1, lang: 'en' } },
});
export const getCultureList = defineContract({
  service: 'System',
  method: 'GetCultureList',
  summary: 'The languages of the installation.',
  auth: 'public',
  body: getCultureListBody,
  reply: z.array(cultureItem),
  example: { body: {} },
});
