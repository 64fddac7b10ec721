// PaymentWs' request bodies (spec 001 section 7 'PaymentWs Create'), which only the server
// parses. Apart from card.ts's form rules so that the /stripeCheckout page, which needs only their
// types, does not load zod's full build.
import { z } from 'zod';

/** PaymentWs Create: amount is the credits to buy (a decimal string; a number is read as text). */
export const cardCreateBody = z.object({
  amount: z.union([z.string().trim().max(40), z.number().nonnegative().finite()]),
});
export type CardCreateBody = z.infer<typeof cardCreateBody>;

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
