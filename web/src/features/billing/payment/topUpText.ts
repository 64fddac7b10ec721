// Texts of the top-up card (spec 001 section 9 'Discounts'): the prices with their discounts, and a
// failed payment.
import { priceOf, topUpDiscountText, type Rates } from '@payd/schemas';

/**
 * The prices under the credits box: each currency's amount with its discount, by the rule the review
 * applies (topUpDiscountText, worded by `word` in the page's language), e.g. '0.36 ETH (10% off) · 1051.2 FTX (28% off) · 657.00 USD (10% off)'.
 */
export function pricesText(
  credits: string,
  rates: Rates,
  validators: number,
  word: (discount: string) => string = (d) => d,
): string {
  return (['ETH', 'FTX', 'USD'] as const)
    .map((c) => {
      const off = topUpDiscountText(credits, validators, rates.CR, c);
      return `${priceOf(credits, rates, validators, c)} ${c}${off === 'None' ? '' : ` (${word(off)})`}`;
    })
    .join(' · ');
}

/** A failed top-up; once the money left the wallet (`sentTx`), which transaction, so support can book it. */
export function paymentFailureText(
  e: unknown,
  sentTx: string | null,
  withTx: (message: string, tx: string) => string = (m, tx) => `${m} Your payment transaction: ${tx}`,
): string {
  const message = e instanceof Error ? e.message : String(e);
  return sentTx ? withTx(message, sentTx) : message;
}

/** A discount as topUpDiscountText words it ('None', '28% off'), in the page's language. */
export function discountWords(
  t: (id: string, values?: Record<string, unknown>) => string,
  text: string,
): string {
  if (text === 'None') return t('payment.discount.none');
  const pct = /^(\d+)% off$/.exec(text)?.[1];
  return pct === undefined ? text : t('payment.discount.off', { pct });
}

/**
 * The Remaining figure (spec 001 'Remaining-credit text', the rule of @payd/schemas remainingText)
 * in the page's language: 'about 3 months', 'about 1 day', or the rule's own messages.
 */
export function remainingWords(
  t: (id: string, values?: Record<string, unknown>) => string,
  days: number,
  validators: number,
): string {
  if (validators <= 0) return t('payment.noValidatorsCharged');
  if (days > 30) return t('stake.remaining.months', { count: Math.floor(days / 30) });
  if (days >= 1) return t('stake.remaining.days', { count: days });
  return t('payment.msg.noCredits');
}
