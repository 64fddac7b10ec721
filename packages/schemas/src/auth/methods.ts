// The web's references to the auth contracts (contract/contract.ts `ref`), one object per
// service as the wire names it: typed by the contracts, free of their schemas (so /login loads
// no zod for them).
import { ref } from '../contract/contract.ts';
import type * as c from './contracts.ts';

export const SignUp = {
  SignUp: ref<typeof c.signUp>('SignUp', 'SignUp'),
  Activate: ref<typeof c.activate>('SignUp', 'Activate'),
  EmailAvailable: ref<typeof c.emailAvailable>('SignUp', 'EmailAvailable'),
  CheckCountry: ref<typeof c.checkCountry>('SignUp', 'CheckCountry'),
} as const;

/** authWs: `auth` on the wire. */
export const Auth = {
  Login: ref<typeof c.login>('auth', 'Login'),
  GetToken: ref<typeof c.getToken>('auth', 'GetToken'),
  Logout: ref<typeof c.logout>('auth', 'Logout'),
  GetCurrentUsrInfo: ref<typeof c.getCurrentUsrInfo>('auth', 'GetCurrentUsrInfo'),
  GetMenu: ref<typeof c.getMenu>('auth', 'GetMenu'),
  GetReactQuickMenu: ref<typeof c.getReactQuickMenu>('auth', 'GetReactQuickMenu'),
  GetSystems: ref<typeof c.getSystems>('auth', 'GetSystems'),
  GetServerIdentity: ref<typeof c.getServerIdentity>('auth', 'GetServerIdentity'),
  ResetPwdEmail: ref<typeof c.resetPwdEmail>('auth', 'ResetPwdEmail'),
  ResetPassword: ref<typeof c.resetPassword>('auth', 'ResetPassword'),
  ConfirmIdentity: ref<typeof c.confirmIdentity>('auth', 'ConfirmIdentity'),
  GetWebAuthnRegistrationRequest: ref<typeof c.getWebAuthnRegistrationRequest>(
    'auth',
    'GetWebAuthnRegistrationRequest',
  ),
  WebAuthnRegistration: ref<typeof c.webAuthnRegistration>('auth', 'WebAuthnRegistration'),
  GetWebAuthnAssertionRequest: ref<typeof c.getWebAuthnAssertionRequest>(
    'auth',
    'GetWebAuthnAssertionRequest',
  ),
  WebAuthnAssertion: ref<typeof c.webAuthnAssertion>('auth', 'WebAuthnAssertion'),
  GetPasskeys: ref<typeof c.getPasskeys>('auth', 'GetPasskeys'),
  RenamePasskey: ref<typeof c.renamePasskey>('auth', 'RenamePasskey'),
  DelPasskey: ref<typeof c.delPasskey>('auth', 'DelPasskey'),
  GetWeb3SigningRequest: ref<typeof c.getWeb3SigningRequest>('auth', 'GetWeb3SigningRequest'),
  Web3Registration: ref<typeof c.web3Registration>('auth', 'Web3Registration'),
  Web3Assertion: ref<typeof c.web3Assertion>('auth', 'Web3Assertion'),
} as const;

export const Profile = {
  UpdUsrPwd: ref<typeof c.updUsrPwd>('Profile', 'UpdUsrPwd'),
  UpdUsrCulture: ref<typeof c.updUsrCulture>('Profile', 'UpdUsrCulture'),
} as const;

export const System = {
  GetCultureList: ref<typeof c.getCultureList>('System', 'GetCultureList'),
} as const;
