import { describe, expect, it } from 'vitest';
import { ClientErrorType, authMessages } from '@payd/schemas';
import { ApiError } from '../../api/errors.ts';
import { activationFailure, parseConfirmationCode, roleFrom } from './signUpFlow.ts';

describe('sign-up role', () => {
  it('takes roles 1 to 3 from the link and 1 for anything else', () => {
    expect(roleFrom('2')).toBe(2);
    expect(roleFrom('3')).toBe(3);
    expect(roleFrom('4')).toBe(1);
    expect(roleFrom('x')).toBe(1);
    expect(roleFrom(null)).toBe(1);
  });
});

describe('confirmation code', () => {
  it('refuses an empty code with the schema message', () => {
    expect(() => parseConfirmationCode('')).toThrow();
  });
});

describe('a refused activation', () => {
  const refused = (init: { subType?: string; validationErrors?: { field: string; message: string }[] }) =>
    new ApiError({ errorType: ClientErrorType.apiCall, message: 'refused', ...init });

  it('reads a wrong code as the spec message', () => {
    const r = activationFailure(refused({ subType: 'invalid_code' }));
    expect('error' in r && (r.error as Error).message).toBe(authMessages.confirmationCodeIncorrect);
  });

  it('sends a refused password back to the password field', () => {
    const r = activationFailure(
      refused({ validationErrors: [{ field: 'password', message: 'too common' }] }),
    );
    expect(r).toEqual({ passwordError: 'too common' });
  });

  it('passes anything else on unchanged', () => {
    const e = refused({});
    expect(activationFailure(e)).toEqual({ error: e });
  });
});
