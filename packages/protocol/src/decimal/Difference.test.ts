import { describe, expect, it } from 'vitest';
import { Decimal } from './Decimal.ts';
import { Difference } from './Difference.ts';

describe('Difference', () => {
  it('shows an increase, a decrease and no change with their sign', () => {
    expect(Difference.between(3, 1)?.toString()).toBe('+2');
    expect(Difference.between(1, 3)?.prettify()).toBe('-2.00');
    expect(Difference.between(1, 1)?.toString()).toBe('0');
    expect(Difference.between(1234, 0)?.prettify(0)).toBe('+1,234');
  });

  it('is unknown when a side is missing or both are infinite', () => {
    expect(Difference.between(undefined, 1)).toBeUndefined();
    expect(Difference.between(Decimal.INFINITY, Decimal.INFINITY)).toBeUndefined();
  });

  it('is infinite when one side is', () => {
    expect(Difference.between(Decimal.INFINITY, 1)?.toString()).toBe('+∞');
    expect(Difference.between(1, Decimal.INFINITY)?.isNegative).toBe(true);
  });

  it('scales, e.g. a ratio change into percentage points', () => {
    expect(Difference.between('1.5', '1.2')?.mul(100).toString()).toBe('+30');
  });
});
