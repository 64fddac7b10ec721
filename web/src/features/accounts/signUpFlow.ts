// The rules of sign-up's two steps that need no browser: which role a link asks for, the
// confirmation code check, and how a refused activation is shown.
import { authMessages, confirmationCode } from '@payd/schemas';
import { isApiError } from '../../api/errors.ts';
import { fieldErrors } from './serverErrors.ts';

/** What the first step keeps for the second: the mailed code's ticket and the password. */
export interface SignUpState {
  email: string;
  password: string;
  nounce: string;
  ticketLeft: string;
}

/** The role of a sign-up link (`?role=`): 1 to 3, else 1. */
export function roleFrom(value: string | null): number {
  const n = Number(value);
  return n >= 1 && n <= 3 ? n : 1;
}

/** The entered confirmation code as the server takes it; throws the code's message when it is not one. */
export function parseConfirmationCode(code: string): string {
  const parsed = confirmationCode.safeParse(code);
  if (!parsed.success) throw new Error(parsed.error.issues[0]!.message);
  return parsed.data;
}

/**
 * A refused Activate: a password the server refuses (one of the most common ones) goes back to
 * the first step with the reason by the password field; a wrong code reads as the spec's message;
 * anything else is rethrown as it is.
 */
export function activationFailure(e: unknown): { passwordError: string } | { error: unknown } {
  if (isApiError(e) && e.subType === 'invalid_code')
    return { error: new Error(authMessages.confirmationCodeIncorrect) };
  const passwordError = isApiError(e) ? fieldErrors(e.validationErrors, { password: 'password' }) : {};
  if (passwordError.password) return { passwordError: passwordError.password };
  return { error: e };
}
