// The login form (client side; the same messages as authWs/Login's loginBody). Plain functions, no
// zod: /login checks only this form and /config.json before its first page, and zod's core would
// be a tenth of that page's JavaScript.
import { authMessages as m } from './messages.ts';

export interface LoginFormValues {
  email: string;
  password: string;
}

/** The message of each field of the login form that is wrong (the e-mail is trimmed first). */
export function loginFormErrors(values: LoginFormValues): Partial<Record<keyof LoginFormValues, string>> {
  const errors: Partial<Record<keyof LoginFormValues, string>> = {};
  if (values.email.trim().length === 0) errors.email = m.userNameEmpty;
  if (values.password.length === 0) errors.password = m.passwordEmpty;
  return errors;
}
