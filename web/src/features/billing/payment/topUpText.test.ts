import { describe, expect, it } from 'vitest';
import { discountFactor } from '@payd/schemas';
import { discountText } from './topUpText.ts';

describe('discountText', () => {
  it('reads the spec factors as percentages off', () => {
    expect(discountText(discountFactor('5', 2, '1', 'FTX'))).toBe('20% off');
    expect(discountText(discountFactor('730', 2, '1', 'FTX'))).toBe('28% off');
    expect(discountText(discountFactor('730', 2, '1', 'ETH'))).toBe('10% off');
    expect(discountText(discountFactor('10', 2, '1', 'ETH'))).toBe('None');
  });
});
