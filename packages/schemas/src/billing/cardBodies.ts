// PaymentWs' request bodies (spec 001 section 7 'PaymentWs Create'), which only the server
// parses. Apart from card.ts's form rules so that the /stripeCheckout page, which needs only their
// types, does not load zod's full build.
import { z } from 'zod';
import { creditAmount } from './paymentBodies.ts';
import { truncateCreditsInput } from './topUp.ts';

/**
 * PaymentWs Create: amount is the credits to buy (a decimal string; a number is read as its
 * plain text, so 12.5 is '12.5' and 1e20 is refused as too large), within the top-up rules
 * (creditAmount: at least 1, at most MAX_CREDITS_PER_PAYMENT, 2 decimals kept).
 */
export const cardCreateBody = z.object({
  amount: z
    .union([
      z.string().trim().max(64),
      z
        .number()
        .nonnegative()
        .finite()
        .transform((n) => plainNumber(n)),
    ])
    .transform((v) => truncateCreditsInput(v))
    .pipe(creditAmount),
});

/** A JS number as plain decimal text ('1e+21' becomes '1000000000000000000000'). */
function plainNumber(n: number): string {
  return Number.isInteger(n) ? BigInt(n).toString() : String(n).includes('e') ? '0' : String(n);
}

/** What a caller sends (amount as text or number). */
export type CardCreateBody = z.input<typeof cardCreateBody>;

/** PaymentWs GetStatus: the customer's own payment. */
export const cardStatusBody = z.object({ id: z.number().int().positive().max(2_147_483_647) });
export type CardStatusBody = z.infer<typeof cardStatusBody>;

/** PaymentWs LocalConfirm: the local provider's card form. */
export const localCardBody = z.object({
  clientSecret: z.string().min(1).max(200),
  cardNumber: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(10),
});
export type LocalCardBody = z.infer<typeof localCardBody>;
