import { describe, expect, it } from 'vitest';
import { changePasswordFormErrors } from './changePasswordForm.ts';
import { confirmIdentityPasswordProblem, confirmIdentityMessages } from './confirmIdentityForm.ts';
import { authMessages as m } from './messages.ts';
import { passkeyMessages, passkeyNameProblem } from './passkeyName.ts';
import { renamePasskeyBody } from './passkeys.ts';
import { updUsrPwdBody } from './schemas.ts';

const strong = 'Abcdefg1!';

describe('change-password form', () => {
  it('asks for every field of an empty form', () => {
    expect(changePasswordFormErrors({ CurrentPwd: '', NewUsrPassword: '', ConfirmPwd: '' })).toEqual({
      CurrentPwd: m.currentPasswordRequired,
      NewUsrPassword: m.enterNewPassword,
      ConfirmPwd: m.enterMatchingPassword,
    });
  });
  it('needs a current password of at most 256 characters', () => {
    const form = { NewUsrPassword: strong, ConfirmPwd: strong };
    expect(changePasswordFormErrors({ ...form, CurrentPwd: 'x'.repeat(256) })).toEqual({});
    expect(changePasswordFormErrors({ ...form, CurrentPwd: 'x'.repeat(257) })).toEqual({
      CurrentPwd: m.currentPasswordRequired,
    });
  });
  it('checks the new password and its confirmation as UpdUsrPwd does', () => {
    for (const [NewUsrPassword, ConfirmPwd] of [
      ['short', 'short'],
      ['abcdefgh1', 'abcdefgh1'],
      [strong, strong + 'x'],
      [strong, ''],
      [strong, strong],
    ] as const) {
      const server = updUsrPwdBody.safeParse({ NewUsrPassword, ConfirmPwd });
      const serverErrors = Object.fromEntries(
        (server.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]),
      );
      const { CurrentPwd: _, ...form } = changePasswordFormErrors({
        CurrentPwd: 'x',
        NewUsrPassword,
        ConfirmPwd,
      });
      expect(form).toEqual(serverErrors);
    }
  });
});

describe('passkey name', () => {
  it('is trimmed, 1 to 64 characters, without invisible characters', () => {
    expect(passkeyNameProblem('  ')).toBe(passkeyMessages.nameRequired);
    expect(passkeyNameProblem(` ${'x'.repeat(64)} `)).toBeUndefined();
    expect(passkeyNameProblem('x'.repeat(65))).toBe(passkeyMessages.nameTooLong);
    expect(passkeyNameProblem('evil\u202Egnp.exe')).toBe(passkeyMessages.nameInvalid);
    expect(passkeyNameProblem('Key\nTwo')).toBe(passkeyMessages.nameInvalid);
    expect(passkeyNameProblem('Laptop')).toBeUndefined();
  });
  it("is the server's rule too, which keeps the trimmed name", () => {
    const body = { credentialId: 'abc_-1' };
    expect(renamePasskeyBody.parse({ ...body, name: '  Laptop ' }).name).toBe('Laptop');
    expect(renamePasskeyBody.safeParse({ ...body, name: 'x'.repeat(65) }).error?.issues[0]?.message).toBe(
      passkeyMessages.nameTooLong,
    );
    expect(renamePasskeyBody.safeParse({ ...body }).error?.issues[0]?.message).toBe(
      passkeyMessages.nameRequired,
    );
  });
});

describe('confirm-identity form', () => {
  it('needs a password of at most 256 characters', () => {
    expect(confirmIdentityPasswordProblem('')).toBe(confirmIdentityMessages.passwordRequired);
    expect(confirmIdentityPasswordProblem('x'.repeat(257))).toBe(confirmIdentityMessages.passwordRequired);
    expect(confirmIdentityPasswordProblem('x'.repeat(256))).toBeUndefined();
  });
});
