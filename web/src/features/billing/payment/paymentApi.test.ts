import { describe, expect, it } from 'vitest';
import { ClientErrorType } from '@payd/schemas';
import { ApiError } from '../../../api/errors.ts';
import { bookWhenConfirmed } from './paymentApi.ts';

const refused = (subType: string) =>
  new ApiError({ errorType: ClientErrorType.apiCall, subType, message: subType });

describe('bookWhenConfirmed', () => {
  it('asks again while the transaction is pending, then books', async () => {
    const answers: Array<Error | string> = [refused('pending'), refused('pending'), 'booked'];
    let waits = 0;
    const book = () => {
      const a = answers.shift()!;
      return typeof a === 'string' ? Promise.resolve(a) : Promise.reject(a);
    };
    expect(await bookWhenConfirmed(book, () => waits++, 0)).toBe('booked');
    expect(waits).toBe(2);
  });
  it('does not ask again after any other refusal, and gives up after its tries', async () => {
    let calls = 0;
    const refuse = (code: string) => () => {
      calls++;
      return Promise.reject(refused(code));
    };
    await expect(bookWhenConfirmed(refuse('refused'), () => undefined, 0)).rejects.toThrow('refused');
    expect(calls).toBe(1);
    calls = 0;
    await expect(bookWhenConfirmed(refuse('pending'), () => undefined, 0, 3)).rejects.toThrow('pending');
    expect(calls).toBe(4);
  });
});
