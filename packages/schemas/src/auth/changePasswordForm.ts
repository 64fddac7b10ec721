// A new password's rules (spec 002 section 5) and the signed-in change-password form of the security
// page. Plain functions, no zod: /profile checks only this form, and zod's core would be a tenth of
// its JavaScript. The server's zod bodies (schemas.ts) check new passwords with passwordRuleProblem.
import { authMessages as m } from './messages.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
/** Spec 002 section 5: at least one digit, one capital, one lower case letter and one symbol. */
const PASSWORD_CLASSES = [/\p{Nd}/u, /\p{Lu}/u, /\p{Ll}/u, /[^\p{L}\p{N}]/u];

/** What is wrong with a new password under spec 002's rules (one message), or null when none. */
export function passwordRuleProblem(
  password: string,
  requiredMessage: string = m.passwordRequired,
): string | null {
  if (!password) return requiredMessage;
  if (password.length < PASSWORD_MIN_LENGTH) return m.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return 'Your password must be at most 256 characters long';
  if (!PASSWORD_CLASSES.every((re) => re.test(password))) return m.profilePasswordHint;
  return null;
}

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
