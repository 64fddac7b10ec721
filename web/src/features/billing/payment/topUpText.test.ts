import { describe, expect, it } from 'vitest';
import { remainingText, topUpDiscountText, type Rates } from '@payd/schemas';
import { languageOfCode } from '@payd/i18n';
import { activateLanguage, i18n } from '../../../i18n/language.ts';
import { discountWords, paymentFailureText, pricesText, remainingWords } from './topUpText.ts';

const t = (id: string, values?: Record<string, unknown>) => i18n._(id, values);

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

describe("in the page's language", () => {
  it('words the Remaining figure as the schemas rule does in English', async () => {
    await activateLanguage(languageOfCode('en')!);
    for (const [days, validators] of [
      [0, 0],
      [0, 2],
      [1, 2],
      [30, 1],
      [31, 1],
      [95, 3],
    ] as const)
      expect(remainingWords(t, days, validators)).toBe(remainingText(days, validators));
  });

  it('words Remaining and the discounts in German', async () => {
    await activateLanguage(languageOfCode('de')!);
    expect(remainingWords(t, 95, 3)).toBe('etwa 3 Monate');
    expect(discountWords(t, '28% off')).toBe('28 % Rabatt');
    expect(discountWords(t, 'None')).toBe('Keiner');
    const rates: Rates = { CR: '1', USD: '1', ETH: '0.0005', FTX: '2' };
    expect(pricesText('10', rates, 2, (d) => discountWords(t, d))).toBe(
      '0.005 ETH · 16 FTX (20 % Rabatt) · 10.00 USD',
    );
    await activateLanguage(languageOfCode('en')!);
  });
});
