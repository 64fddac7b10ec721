import { describe, expect, it } from 'vitest';
import { BAD_DECIMAL_FORMAT, parseAmountInput } from './parseAmountInput.ts';

const value = (text: string) => {
  const r = parseAmountInput(text);
  return r.ok ? r.value?.toString() : r.error;
};

describe('parseAmountInput', () => {
  it('reads digits with an optional fraction and exponent, as spec 000 section 5 allows', () => {
    expect(value('1e1')).toBe('10');
    expect(value('2.5E3')).toBe('2500');
    expect(value('25e-1')).toBe('2.5');
    expect(value('1e+2')).toBe('100');
    expect(value('.5')).toBe('0.5');
    expect(value('5.')).toBe('5');
    expect(value(' 1,234.5 ')).toBe('1234.5');
    expect(value('0.000000000000000001')).toBe('0.000000000000000001');
  });

  it('is empty for an empty field', () => {
    expect(parseAmountInput('  ')).toEqual({ ok: true, value: undefined });
  });

  it("refuses anything else with 'bad decimal format'", () => {
    for (const text of ['abc', '-1', '1e', 'e1', '.', '1.2.3', '1e1.5', '0x10', 'ten', '+1', '∞'])
      expect(value(text), text).toBe(BAD_DECIMAL_FORMAT);
  });

  it('never rounds: finer than 18 decimals, beyond 2^256 or a needless exponent is refused', () => {
    expect(value('0.0000000000000000001')).toBe(BAD_DECIMAL_FORMAT);
    expect(value('1e-19')).toBe(BAD_DECIMAL_FORMAT);
    expect(value('10e-19')).toBe('0.000000000000000001');
    expect(value('1e78')).toBe(BAD_DECIMAL_FORMAT);
    expect(value('1e999')).toBe(BAD_DECIMAL_FORMAT);
  });
});
