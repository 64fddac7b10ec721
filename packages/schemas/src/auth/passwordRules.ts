// A new password's rules (spec 002 section 5), without zod: the server's zod bodies (schemas.ts)
// and the security page's change-password form (changePasswordForm.ts) check new passwords with it.
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
