import { describe, expect, it } from 'vitest';
import { Decimal } from '@payd/protocol';
import { BAD_DECIMAL_FORMAT, checkAddress, checkAmount, transferMessages } from './transferRules.ts';

const balance = Decimal.from('100.5');

describe('checkAmount', () => {
  it('gives the spec message for letters and for more than 18 decimals', () => {
    expect(checkAmount('12a', balance, 'PAYD')).toEqual({ ok: false, message: BAD_DECIMAL_FORMAT });
    expect(checkAmount('1.0000000000000000001', balance, 'PAYD')).toEqual({
      ok: false,
      message: 'bad decimal format',
    });
    expect(checkAmount('-1', balance, 'PAYD')).toEqual({ ok: false, message: BAD_DECIMAL_FORMAT });
    expect(checkAmount('.', balance, 'PAYD')).toEqual({ ok: false, message: BAD_DECIMAL_FORMAT });
  });

  it('refuses empty, zero and more than the balance, naming the balance', () => {
    expect(checkAmount(' ', balance, 'PAYD')).toEqual({ ok: false, message: transferMessages.required });
    expect(checkAmount('0.0', balance, 'PAYD')).toEqual({ ok: false, message: transferMessages.zero });
    expect(checkAmount('100.51', balance, 'FTX')).toEqual({
      ok: false,
      message: 'More than your balance of 100.5000 FTX',
    });
  });

  it('accepts the whole balance exactly, 18 decimals and no balance known', () => {
    const all = checkAmount('100.5', balance, 'PAYD');
    expect(all.ok && all.value.eq(balance)).toBe(true);
    const fine = checkAmount('0.000000000000000001', balance, 'PAYD');
    expect(fine.ok && fine.value.toString()).toBe('0.000000000000000001');
    expect(checkAmount('5000', undefined, 'PAYD').ok).toBe(true);
  });
});

describe('checkAddress', () => {
  const own = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  it('accepts a 20-byte hex address in any case', () => {
    expect(checkAddress(' 0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc ', own)).toEqual({
      ok: true,
      value: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
    });
  });
  it('refuses short, non-hex and own addresses', () => {
    expect(checkAddress('0x1234', own)).toEqual({ ok: false, message: transferMessages.address });
    expect(checkAddress('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bZ', own).ok).toBe(false);
    expect(checkAddress(own.toLowerCase(), own)).toEqual({ ok: false, message: transferMessages.self });
  });
});
