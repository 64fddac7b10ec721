// The signed-in change-password form of the security page. A plain function, no zod: /profile
// checks only this form, and zod's core would be a tenth of its JavaScript.
import { authMessages as m } from './messages.ts';
import { PASSWORD_MAX_LENGTH, passwordRuleProblem } from './passwordRules.ts';

export interface ChangePasswordFormValues {
  CurrentPwd: string;
  NewUsrPassword: string;
  ConfirmPwd: string;
}

/** The message of each field of the change-password form that is wrong: the current password is
 * required (at most 256 characters), the new one follows spec 002's rules (as UpdUsrPwd checks it)
 * and the confirmation must match it. */
export function changePasswordFormErrors(
  values: ChangePasswordFormValues,
): Partial<Record<keyof ChangePasswordFormValues, string>> {
  const errors: Partial<Record<keyof ChangePasswordFormValues, string>> = {};
  const current = values.CurrentPwd;
  if (current.length === 0 || current.length > PASSWORD_MAX_LENGTH)
    errors.CurrentPwd = m.currentPasswordRequired;
  const problem = passwordRuleProblem(values.NewUsrPassword, m.enterNewPassword);
  if (problem) errors.NewUsrPassword = problem;
  if (values.ConfirmPwd.length === 0 || values.ConfirmPwd !== values.NewUsrPassword)
    errors.ConfirmPwd = m.enterMatchingPassword;
  return errors;
}
