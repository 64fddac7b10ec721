import { describe, expect, it } from 'vitest';
import { topUpDiscountText, type Rates } from '@payd/schemas';
import { paymentFailureText, pricesText } from './topUpText.ts';

describe('discounts', () => {
  it('reads the spec factors as percentages off', () => {
    expect(topUpDiscountText('5', 2, '1', 'FTX')).toBe('20% off');
    expect(topUpDiscountText('730', 2, '1', 'FTX')).toBe('28% off');
    expect(topUpDiscountText('730', 2, '1', 'ETH')).toBe('10% off');
    expect(topUpDiscountText('10', 2, '1', 'ETH')).toBe('None');
  });

  it('shows under the credits box the discount the review applies', () => {
    const rates: Rates = { CR: '1', USD: '1', ETH: '0.0005', FTX: '2' };
    // 730 credits cover 12 months of 2 validators: FTX 0.8 × 0.9 = 28% off, ETH and card 10% off.
    expect(pricesText('730', rates, 2)).toBe(
      '0.3285 ETH (10% off) · 1051.2 FTX (28% off) · 657.00 USD (10% off)',
    );
    expect(pricesText('10', rates, 2)).toBe('0.005 ETH · 16 FTX (20% off) · 10.00 USD');
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
