import { describe, expect, it } from 'vitest';
import { CardMessages, TEST_CARDS, checkCardForm, luhnValid } from './card.ts';

const now = new Date('2026-11-25T00:00:00Z');

describe('checkCardForm', () => {
  it('passes Stripe’s test cards with a future expiry and a CVC', () => {
    for (const n of Object.values(TEST_CARDS)) {
      expect(luhnValid(n)).toBe(true);
      expect(
        checkCardForm({ cardNumber: n.replace(/(\d{4})/g, '$1 '), expiry: '12 / 34', cvc: '123' }, now),
      ).toEqual({});
    }
  });
  it('names each field that is wrong with Stripe’s message', () => {
    expect(checkCardForm({ cardNumber: '4242 4242', expiry: '1', cvc: '1' }, now)).toEqual({
      cardNumber: CardMessages.numberIncomplete,
      expiry: CardMessages.expiryIncomplete,
      cvc: CardMessages.cvcIncomplete,
    });
    expect(checkCardForm({ cardNumber: '4242424242424241', expiry: '12/25', cvc: '1234' }, now)).toEqual({
      cardNumber: CardMessages.numberInvalid,
      expiry: CardMessages.expiryPast,
    });
    expect(checkCardForm({ cardNumber: '4242424242424242', expiry: '10/26', cvc: '123' }, now)).toEqual({
      expiry: CardMessages.expiryMonthPast,
    });
    expect(checkCardForm({ cardNumber: '4242424242424242', expiry: '11/26', cvc: '123' }, now)).toEqual({});
  });
});
