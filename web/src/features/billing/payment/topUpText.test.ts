import { describe, expect, it } from 'vitest';
import { discountFactor } from '@payd/schemas';
import { discountText, paymentFailureText } from './topUpText.ts';

describe('discountText', () => {
  it('reads the spec factors as percentages off', () => {
    expect(discountText(discountFactor('5', 2, '1', 'FTX'))).toBe('20% off');
    expect(discountText(discountFactor('730', 2, '1', 'FTX'))).toBe('28% off');
    expect(discountText(discountFactor('730', 2, '1', 'ETH'))).toBe('10% off');
    expect(discountText(discountFactor('10', 2, '1', 'ETH'))).toBe('None');
  });
});

describe('a failed top-up', () => {
  it('names the payment transaction once the money left the wallet', () => {
    expect(paymentFailureText(new Error('Booking failed.'), '0xabc')).toBe(
      'Booking failed. Your payment transaction: 0xabc',
    );
  });

  it('says only what failed before anything was sent', () => {
    expect(paymentFailureText(new Error('Rejected in the wallet.'), null)).toBe('Rejected in the wallet.');
    expect(paymentFailureText('offline', null)).toBe('offline');
  });
});
