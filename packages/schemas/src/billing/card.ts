// Card payments (issue 12, spec 001 sections 4 'Payment', 7 'PaymentWs Create', 8 'Card payment
// unavailable', 9 'Card payments'): the replies of PaymentWs' methods and the local card form's
// rules, shared by the web's /stripeCheckout page and the server. The credits and the price rules
// are those of topUp.ts; the server computes the cents itself. The request bodies, which only the
// server parses, are in cardBodies.ts: the page's rules come without zod.

/** PaymentWs Create's reply data: the provider's client secret and payd's payment id. */
export interface CardCreateReply {
  clientSecret: string;
  id: number;
  /** What is charged: cents, and the credits bought (2 decimals). */
  cents: string;
  credits: string;
}

/** P pending, S successful, F failed (stake_payment.pmt_status_cd). */
export type CardPaymentStatus = 'P' | 'S' | 'F';

export interface CardStatusReply {
  id: number;
  status: CardPaymentStatus;
  credits: string;
  /** The USD amount charged ('50.00'). */
  amount: string;
}

/**
 * PaymentWs GetCardConfig: which card provider pays. 'stripe' mounts Stripe's Payment Element with
 * the publishable key; 'local' is the embedded default's test provider (Stripe's published test
 * card numbers); 'none' shows CARD_UNAVAILABLE_MESSAGE with `message`.
 */
export type CardConfigReply =
  | { provider: 'stripe'; publishableKey: string }
  | { provider: 'local' }
  | { provider: 'none'; message: string };

/** Stripe's published test cards that the local provider knows (https://docs.stripe.com/testing). */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/** The messages Stripe gives for these cases (its Payment Element's texts). */
export const CardMessages = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration year is in the past.",
  expiryMonthPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  notTestCard:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
} as const;

export interface LocalCardReply {
  /** succeeded: the provider took the money (the webhook books it); failed: `message` says why. */
  outcome: 'succeeded' | 'failed';
  message?: string;
}

const digits = (s: string) => s.replace(/[\s-]/g, '');

/** Luhn check of a card number's digits. */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type CardField = 'cardNumber' | 'expiry' | 'cvc';

/**
 * The form's field messages (empty when the card can be sent): number incomplete or invalid
 * (Luhn), expiry MM/YY not complete or before the month of `now` (UTC), CVC not 3-4 digits.
 */
export function checkCardForm(
  form: { cardNumber: string; expiry: string; cvc: string },
  now: Date,
): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  const number = digits(form.cardNumber);
  if (!/^\d*$/.test(number) || number.length < 16) errors.cardNumber = CardMessages.numberIncomplete;
  else if (!luhnValid(number)) errors.cardNumber = CardMessages.numberInvalid;
  const m = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(form.expiry);
  const month = m ? Number(m[1]) : 0;
  if (!m || month < 1 || month > 12) errors.expiry = CardMessages.expiryIncomplete;
  else {
    const year = 2000 + Number(m[2]);
    const nowYear = now.getUTCFullYear();
    if (year < nowYear) errors.expiry = CardMessages.expiryPast;
    else if (year === nowYear && month < now.getUTCMonth() + 1) errors.expiry = CardMessages.expiryMonthPast;
  }
  if (!/^\d{3,4}$/.test(form.cvc.trim())) errors.cvc = CardMessages.cvcIncomplete;
  return errors;
}

/** The card number's digits (spaces and dashes dropped). */
export const cardDigits = digits;
