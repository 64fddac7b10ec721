import { Decimal } from '@payd/protocol';
import { describe, expect, it } from 'vitest';
import { BAD_DECIMAL_FORMAT, amountError, checkAmount, checkCount } from './amountRules.ts';

describe('checkAmount', () => {
  it('reads plain decimals exactly', () => {
    const c = checkAmount('1234.000000000000000001');
    expect(c.kind).toBe('ok');
    expect(c.kind === 'ok' && c.amount.raw).toBe(1234_000000000000000001n);
    expect(checkAmount('.5').kind).toBe('ok');
    expect(checkAmount('1,000').kind === 'ok').toBe(true);
  });
  it("takes an exponent ('1e3' is 1000) and says bad decimal format for letters, signs and more than 18 decimals", () => {
    const check = checkAmount('1e3');
    expect(check.kind === 'ok' && check.amount.toString()).toBe('1000');
    for (const t of ['12a', 'abc', '-1', '1e', '1.2.3', '0.0000000000000000001'])
      expect(amountError(checkAmount(t)), t).toBe(BAD_DECIMAL_FORMAT);
  });
  it('refuses zero unless allowed, and nothing typed is no error', () => {
    expect(amountError(checkAmount('0'))).toBe('Enter an amount above 0');
    expect(checkAmount('0', { allowZero: true }).kind).toBe('ok');
    expect(checkAmount('  ').kind).toBe('empty');
  });
  it('refuses more than the limit and names it', () => {
    const max = Decimal.from('100.5');
    expect(checkAmount('100.5', { max }).kind).toBe('ok');
    expect(amountError(checkAmount('100.51', { max, maxName: 'your PAYD balance', unit: 'PAYD' }))).toBe(
      'That is more than your PAYD balance (100.5000 PAYD)',
    );
  });
});

describe('checkCount', () => {
  it('takes any whole number from 1, more than there are caches too (the contract takes what it can)', () => {
    expect(checkCount('3')).toEqual({ count: 3 });
    expect(checkCount('600')).toEqual({ count: 600 });
    expect(checkCount('0').message).toBe('Enter at least 1');
    expect(checkCount('1.5').message).toBe('Enter a whole number of caches');
    expect(checkCount('99999999999999999999').message).toBe('Enter a smaller number of caches');
    expect(checkCount('')).toEqual({});
  });
});
