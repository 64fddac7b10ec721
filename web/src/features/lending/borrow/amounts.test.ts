import { describe, expect, it } from 'vitest';
import { BAD_DECIMAL_FORMAT, parseAmount } from './amounts.ts';

describe('an amount typed in a lending field', () => {
  it('is empty, or an exact decimal', () => {
    expect(parseAmount('')).toEqual({ ok: true, value: undefined });
    const parsed = parseAmount(' 1.000000000000000001 ');
    expect(parsed.ok && parsed.value?.toString()).toBe('1.000000000000000001');
    const grouped = parseAmount('2,500');
    expect(grouped.ok && grouped.value?.toString()).toBe('2500');
  });

  it("takes an exponent as spec 000 section 5 allows ('1e1' is 10)", () => {
    const parsed = parseAmount('1e1');
    expect(parsed.ok && parsed.value?.toString()).toBe('10');
  });

  it("gets 'bad decimal format' for letters, signs and too many decimals", () => {
    for (const text of ['abc', '1a', '-1', '1e', '.', '1.2.3', '0.0000000000000000001'])
      expect(parseAmount(text)).toEqual({ ok: false, error: BAD_DECIMAL_FORMAT });
  });
});
