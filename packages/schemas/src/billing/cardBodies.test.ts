import { describe, expect, it } from 'vitest';
import { cardCreateBody, cardStatusBody } from './cardBodies.ts';
import { TOP_UP_MAX_MESSAGE, TOP_UP_MIN_MESSAGE } from './topUp.ts';

describe('card payment bodies', () => {
  it('takes the credits as text or as a number, never a negative one', () => {
    expect(cardCreateBody.safeParse({ amount: '12.50' }).success).toBe(true);
    expect(cardCreateBody.safeParse({ amount: 12.5 }).success).toBe(true);
    expect(cardCreateBody.safeParse({ amount: -1 }).success).toBe(false);
  });
  it('asks the status of a positive payment id only', () => {
    expect(cardStatusBody.safeParse({ id: 3 }).success).toBe(true);
    expect(cardStatusBody.safeParse({ id: 0 }).success).toBe(false);
  });
});

describe('the bounds of a card payment (issue 24)', () => {
  const amount = (v: unknown) => {
    const r = cardCreateBody.safeParse({ amount: v });
    return r.success ? r.data.amount : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it('keeps 2 decimals of a valid amount, given as text or number', () => {
    expect(amount('12.349')).toBe('12.34');
    expect(amount(100000)).toBe('100000');
  });
  it('refuses zero, below 1 credit and above the maximum per payment, naming amount', () => {
    expect(amount('0')).toEqual([`amount: ${TOP_UP_MIN_MESSAGE}`]);
    expect(amount(0)).toEqual([`amount: ${TOP_UP_MIN_MESSAGE}`]);
    for (const v of ['999999999999999999.99', '9'.repeat(20), '9'.repeat(40), 1e20, 1e21, '100000.01'])
      expect(amount(v)).toEqual([`amount: ${TOP_UP_MAX_MESSAGE}`]);
    expect(amount('1e20')).not.toBeTypeOf('string');
  });
});
