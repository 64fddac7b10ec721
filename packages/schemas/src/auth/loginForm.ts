// The login form (client side; the same messages as authWs/Login's loginBody). Built with zod/mini
// so the /login page does not download zod's full build: it is the only schema that page checks.
import * as z from 'zod/mini';
import { authMessages as m } from './messages.ts';

export const loginForm = z.object({
  email: z.string().check(z.trim(), z.minLength(1, m.userNameEmpty)),
  password: z.string().check(z.minLength(1, m.passwordEmpty)),
});
