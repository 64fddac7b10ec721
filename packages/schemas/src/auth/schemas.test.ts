import { describe, expect, it } from 'vitest';
import {
  activateBody,
  confirmationCode,
  loginBody,
  resetPasswordBody,
  signUpForm,
  updUsrPwdBody,
} from './schemas.ts';
import { authMessages as m } from './messages.ts';
import { passwordRuleProblem } from './passwordRules.ts';
import { solveLoginChallenge } from './challenge.ts';

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('sign-up form', () => {
  it("gives the spec's messages for each bad field", () => {
    const r = signUpForm.safeParse({
      email: 'a@b',
      password: 'short',
      retypePassword: 'x',
      agree: false,
      recaptcha: '',
    });
    expect(messages(r)).toMatchObject({
      email: m.emailInvalid,
      password: m.passwordTooShort,
      agree: m.agreeRequired,
      recaptcha: m.recaptchaRequired,
    });
  });
  it('rejects a retyped password that differs', () => {
    const r = signUpForm.safeParse({
      email: 'a@b.co',
      password: 'Long-enough-1',
      retypePassword: 'Long-enough-2',
      agree: true,
      recaptcha: 'x',
    });
    expect(messages(r)).toEqual({ retypePassword: m.passwordsDontMatch });
  });
});

describe('new password rules (spec 002 section 5)', () => {
  const problem = (password: string) =>
    messages(signUpForm.safeParse({ ...form, password, retypePassword: password })).password;
  const form = { email: 'a@b.co', agree: true, recaptcha: 'x' };
  it('needs 8 characters, a digit, a capital, a lower-case letter and a symbol, with one message each time', () => {
    expect(problem('')).toBe(m.passwordRequired);
    expect(problem('Ab1!')).toBe(m.passwordTooShort);
    for (const weak of ['abcdefg1!', 'ABCDEFG1!', 'Abcdefgh!', 'Abcdefg12'])
      expect(problem(weak)).toBe(m.profilePasswordHint);
    expect(problem('Abcdefg1!')).toBeUndefined();
    expect(problem('Ünïcode-Pass-7')).toBeUndefined();
  });
  it('applies the same rules to reset, profile change and the server bodies', () => {
    expect(messages(resetPasswordBody.safeParse({ password: 'abcdefgh1' })).password).toBe(
      m.profilePasswordHint,
    );
    expect(messages(activateBody.safeParse({ password: 'abcdefgh1' })).password).toBe(m.profilePasswordHint);
    const change = updUsrPwdBody.safeParse({ NewUsrPassword: 'short', ConfirmPwd: 'short' });
    expect(messages(change).NewUsrPassword).toBe(m.passwordTooShort);
    expect(messages(updUsrPwdBody.safeParse({ NewUsrPassword: '', ConfirmPwd: '' })).NewUsrPassword).toBe(
      m.enterNewPassword,
    );
    expect(passwordRuleProblem('Abcdefg1!')).toBeNull();
  });
});

describe('login body', () => {
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
  it('defaults the code challenge method to S256 and refuses plain', () => {
    const r = loginBody.parse({
      client_id: 'web',
      usrName: 'a@b.co',
      password: 'p',
      code_challenge: challenge,
    });
    expect(r.code_challenge_method).toBe('S256');
    const plain = loginBody.safeParse({
      client_id: 'web',
      usrName: 'a@b.co',
      password: 'p',
      code_challenge: challenge,
      code_challenge_method: 'plain',
    });
    expect(Object.keys(messages(plain))).toEqual(['code_challenge_method']);
  });
  it('names empty user name and password', () => {
    const r = loginBody.safeParse({ client_id: 'web', usrName: '', password: '', code_challenge: challenge });
    expect(messages(r)).toMatchObject({ usrName: m.userNameEmpty, password: m.passwordEmpty });
  });
});

it('forces confirmation codes to upper case', () => {
  expect(confirmationCode.parse(' ab12cd ')).toBe('AB12CD');
});

it('solves a login challenge to a 32-byte key that depends on every input', async () => {
  const a = await solveLoginChallenge('chal', 1000, 'A@b.co');
  expect(a).toMatch(/^[0-9a-f]{64}$/);
  expect(await solveLoginChallenge('chal', 1000, 'a@b.co')).toBe(a);
  expect(await solveLoginChallenge('chal', 1001, 'a@b.co')).not.toBe(a);
  expect(await solveLoginChallenge('chal2', 1000, 'a@b.co')).not.toBe(a);
});
