// Texts of the top-up review (spec 001 section 9 'Discounts'): a discount factor as a person reads it.

/** '0.8' reads '20% off', '0.72' '28% off', '1' 'None' (exact: the factors have at most 2 decimals). */
export function discountText(factor: string): string {
  const [i = '0', f = ''] = factor.split('.');
  const percent = 100 - (Number(i) * 100 + Number(f.slice(0, 2).padEnd(2, '0')));
  return percent <= 0 ? 'None' : `${percent}% off`;
}

/** A failed top-up; once the money left the wallet (`sentTx`), which transaction, so support can book it. */
export function paymentFailureText(e: unknown, sentTx: string | null): string {
  const message = e instanceof Error ? e.message : String(e);
  return sentTx ? `${message} Your payment transaction: ${sentTx}` : message;
}
