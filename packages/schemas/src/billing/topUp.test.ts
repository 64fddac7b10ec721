import { describe, expect, it } from 'vitest';
import {
  addCredits,
  cardCents,
  checkCredits,
  discountFactor,
  NO_CREDITS_MESSAGE,
  NO_ETH_RATE_MESSAGE,
  NO_FTX_RATE_MESSAGE,
  NO_VALIDATORS_MESSAGE,
  payButtons,
  paymentTypeName,
  priceOf,
  remainingDays,
  remainingText,
  remainingIsShort,
  NO_VALIDATORS_CHARGED_TEXT,
  TOP_UP_MIN_MESSAGE,
  truncateCreditsInput,
  withinTolerance,
  creditRateIn,
} from './topUp.ts';
import type { Rates } from './rates.ts';

const rates: Rates = { USD: '1', ETH: '0.0005', FTX: '2', CR: '1' };

describe('top-up amount', () => {
  it('books 0.1 + 0.2 credits as 0.30', () => {
    expect(addCredits('0.1', '0.2')).toBe('0.30');
  });
  it('truncates to 2 decimals without rounding', () => {
    expect(truncateCreditsInput('12.349')).toBe('12.34');
    expect(checkCredits('1.999')).toEqual({ ok: true, credits: '1.99' });
  });
  it('refuses below 1 credit with the spec message', () => {
    expect(checkCredits('0.99')).toEqual({ ok: false, error: TOP_UP_MIN_MESSAGE });
    expect(checkCredits('abc')).toEqual({ ok: false, error: TOP_UP_MIN_MESSAGE });
    expect(checkCredits('')).toEqual({ ok: false, error: null });
    expect(checkCredits('1')).toEqual({ ok: true, credits: '1.00' });
  });
});

describe('prices and discounts', () => {
  it('gives FTX 0.8 and 12 months a further 0.9; ETH only the 0.9', () => {
    expect(discountFactor('100', 2, '1', 'FTX')).toBe('0.8');
    expect(discountFactor('730', 2, '1', 'FTX')).toBe('0.72');
    expect(discountFactor('730', 2, '1', 'ETH')).toBe('0.9');
    expect(discountFactor('729.99', 2, '1', 'ETH')).toBe('1');
  });
  it('prices N credits exactly in each currency', () => {
    expect(priceOf('10', rates, 1, 'ETH')).toBe('0.005');
    expect(priceOf('10', rates, 1, 'FTX')).toBe('16');
    expect(priceOf('365', rates, 1, 'ETH')).toBe('0.16425');
    expect(priceOf('12.34', rates, 1, 'USD')).toBe('12.34');
    // The review shows exactly what the card is charged (half up to the cent, as cardCents).
    const r15 = { ...rates, USD: '1.5' };
    expect(priceOf('10.11', r15, 1, 'USD')).toBe('15.17');
    expect(cardCents('10.11', r15, 1)).toBe(1517n);
  });
  it('charges a card in cents: amount × 100 × USD × discount', () => {
    expect(cardCents('50', rates, 1)).toBe(5000n);
    expect(cardCents('365', { ...rates, USD: '1.5' }, 1)).toBe(49275n);
  });
  it('derives a credit rate from a unit price, 0 without a price', () => {
    expect(creditRateIn('1', '2000')).toBe('0.0005');
    expect(creditRateIn('1', '0')).toBe('0');
  });
  it('accepts a paid amount within the tolerance only', () => {
    expect(withinTolerance('0.0049', '0.005', '0.02')).toBe(true);
    expect(withinTolerance('0.0048', '0.005', '0.02')).toBe(false);
  });
});

describe('pay buttons', () => {
  it('disables ETH and FTX without a rate, with their texts', () => {
    const b = payButtons('10', { ...rates, ETH: '0', FTX: '0' }, 1);
    expect(b.ETH).toEqual({ disabled: true, message: NO_ETH_RATE_MESSAGE });
    expect(b.FTX).toEqual({ disabled: true, message: NO_FTX_RATE_MESSAGE });
    expect(b.USD.disabled).toBe(false);
  });
  it('disables everything without validators or on an error', () => {
    const none = payButtons('10', rates, 0);
    expect(none.message).toBe(NO_VALIDATORS_MESSAGE);
    expect(none.inputDisabled && none.ETH.disabled && none.FTX.disabled && none.USD.disabled).toBe(true);
    const bad = payButtons('0.5', rates, 1);
    expect(bad.ETH.disabled || bad.FTX.disabled || bad.USD.disabled).toBe(true);
    expect(payButtons('10', rates, 1).ETH.disabled).toBe(false);
  });
});

describe('remaining credits', () => {
  it('reads months, days, or none', () => {
    expect(remainingDays('100', 2, '1')).toBe(50);
    expect(remainingText(50, 2)).toBe('about 1 month');
    expect(remainingText(61, 2)).toBe('about 2 months');
    expect(remainingText(30, 2)).toBe('about 30 days');
    expect(remainingText(1, 2)).toBe('about 1 day');
    expect(remainingText(0, 2)).toBe(NO_CREDITS_MESSAGE);
    expect(remainingIsShort(0, 2)).toBe(true);
  });

  it('neither says the credits ran out nor warns when no validator is charged', () => {
    // 94 credits and no validators: nothing to keep alive, nothing charged.
    const days = remainingDays('94', 0, '1');
    expect(remainingText(days, 0)).toBe(NO_VALIDATORS_CHARGED_TEXT);
    expect(remainingIsShort(days, 0)).toBe(false);
    expect(remainingIsShort(5, 2)).toBe(false);
  });
});

describe('payment names', () => {
  it('names payment types as the spec', () => {
    expect(['T', 'C', 'E', 'X'].map(paymentTypeName)).toEqual([
      'FTX Payment',
      'Credit Card',
      'ETH Payment',
      'Arbitrary',
    ]);
  });
});
