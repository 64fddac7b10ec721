// Steps tests repeat: sign up through the mailed code, log in with PKCE.
import { createHash, randomBytes } from 'node:crypto';
import type { ActivateReply, LoginReply, SignUpReply, TokenSet } from '@payd/schemas';
import type { TestApp } from './testApp.ts';

/** The confirmation code in the newest mail to `to`. */
export async function mailedCode(t: TestApp, to: string): Promise<string> {
  const [mail] = await t.mails(to);
  const code = /code is: ([A-Z0-9]+)/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

export async function signUp(t: TestApp, email: string, password: string, role = 1): Promise<number> {
  const s = await t.call<SignUpReply>('SignUp', 'SignUp', {
    emailAddress: email,
    reCaptchaRequest: await t.captcha(),
  });
  if (s.d.status !== 'success') throw new Error(`SignUp failed: ${s.d.message}`);
  const code = await mailedCode(t, email);
  const a = await t.call<ActivateReply>('SignUp', 'Activate', {
    emailAddress: email,
    password,
    role,
    nounce: s.d.data!.nounce,
    ticketLeft: s.d.data!.ticketLeft,
    ticketRight: code,
  });
  if (a.d.status !== 'success') throw new Error(`Activate failed: ${a.d.message}`);
  return a.d.data!.UsrId;
}

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export async function logIn(t: TestApp, email: string, password: string, ip = '10.0.0.1'): Promise<TokenSet> {
  const { verifier, challenge } = pkce();
  const l = await t.call<LoginReply>(
    'auth',
    'Login',
    { client_id: 'web', usrName: email, password, code_challenge: challenge, code_challenge_method: 'S256' },
    { ip },
  );
  if (l.d.status !== 'success') throw new Error(`Login failed: ${l.d.message}`);
  const tok = await t.call<TokenSet>('auth', 'GetToken', {
    client_id: 'web',
    code: l.d.data!.accessCode,
    code_verifier: verifier,
  });
  if (tok.d.status !== 'success') throw new Error(`GetToken failed: ${tok.d.message}`);
  return tok.d.data!;
}
