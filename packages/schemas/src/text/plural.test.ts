import { describe, expect, it } from 'vitest';
import { plural, pluralWord } from './plural.ts';

describe('counted nouns', () => {
  it('reads one and many the English way', () => {
    expect(plural(1, 'credit')).toBe('1 credit');
    expect(plural('1', 'credit')).toBe('1 credit');
    expect(plural('1.00', 'credit')).toBe('1.00 credits');
    expect(plural(0, 'day')).toBe('0 days');
    expect(plural(2, 'month')).toBe('2 months');
    expect(plural('12.50', 'credit')).toBe('12.50 credits');
    expect(pluralWord(1, 'its', 'their')).toBe('its');
    expect(pluralWord(3, 'its', 'their')).toBe('their');
  });
});
