import { describe, expect, it } from 'vitest';
import { divFixed, formatFixed, mulFixed, parseFixed } from './fixed18.ts';

describe('fixed-point amounts of the combined statement', () => {
  it('reads and prints signed decimals exactly', () => {
    expect(formatFixed(parseFixed('-0.000000000000000003'), 18)).toBe('-0.000000000000000003');
    expect(formatFixed(parseFixed('32.001'), 18)).toBe('32.001000000000000000');
    expect(formatFixed(parseFixed('50.5'), 2)).toBe('50.50');
  });

  it('rounds half away from zero, also below zero', () => {
    expect(formatFixed(parseFixed('0.005'), 2)).toBe('0.01');
    expect(formatFixed(parseFixed('-0.005'), 2)).toBe('-0.01');
    expect(formatFixed(parseFixed('0.00499'), 2)).toBe('0.00');
  });

  it('values 0.0025 ETH at 1,999.99 USD as 5.00 USD and 10 PAYD at 2,000 as 0.005 ETH', () => {
    expect(formatFixed(mulFixed(parseFixed('-0.0025'), parseFixed('1999.99')), 2)).toBe('-5.00');
    expect(formatFixed(divFixed(parseFixed('10'), parseFixed('2000')), 18)).toBe('0.005000000000000000');
    expect(formatFixed(divFixed(parseFixed('1'), parseFixed('3')), 18)).toBe('0.333333333333333333');
    expect(formatFixed(divFixed(parseFixed('2'), parseFixed('3')), 18)).toBe('0.666666666666666667');
  });
});
