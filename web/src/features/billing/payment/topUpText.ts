// Texts of the top-up card (spec 001 section 9 'Discounts'): the prices with their discounts, and a
// failed payment.
import { priceOf, topUpDiscountText, type Rates } from '@payd/schemas';

/**
 * The prices under the credits box: each currency's amount with its discount, by the rule the review
 * applies (topUpDiscountText), e.g. '0.36 ETH (10% off) · 1051.2 FTX (28% off) · 657.00 USD (10% off)'.
 */
export function pricesText(credits: string, rates: Rates, validators: number): string {
  return (['ETH', 'FTX', 'USD'] as const)
    .map((c) => {
      const off = topUpDiscountText(credits, validators, rates.CR, c);
      return `${priceOf(credits, rates, validators, c)} ${c}${off === 'None' ? '' : ` (${off})`}`;
    })
    .join(' · ');
}

/** A failed top-up; once the money left the wallet (`sentTx`), which transaction, so support can book it. */
export function paymentFailureText(e: unknown, sentTx: string | null): string {
  const message = e instanceof Error ? e.message : String(e);
  return sentTx ? `${message} Your payment transaction: ${sentTx}` : message;
}
