import { describe, expect, it } from 'vitest';
import { loginFormErrors } from './loginForm.ts';
import { authMessages as m } from './messages.ts';

describe('login form', () => {
  it("gives the spec's message for each empty field", () => {
    expect(loginFormErrors({ email: '', password: '' })).toEqual({
      email: m.userNameEmpty,
      password: m.passwordEmpty,
    });
  });
  it('trims the e-mail but not the password', () => {
    expect(loginFormErrors({ email: '   ', password: ' ' })).toEqual({ email: m.userNameEmpty });
  });
  it('accepts any non-empty pair (the server checks the rest)', () => {
    expect(loginFormErrors({ email: 'a@b.co', password: 'x' })).toEqual({});
  });
});
