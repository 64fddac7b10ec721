import { describe, expect, it } from 'vitest';
import { cardCreateBody, cardStatusBody } from './cardBodies.ts';

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
