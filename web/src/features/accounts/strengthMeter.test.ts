import { describe, expect, it } from 'vitest';
import { strengthView } from './strengthMeter.ts';

describe('password strength meter', () => {
  it('shows nothing for an empty password', () => {
    expect(strengthView('')).toMatchObject({ score: 0, label: '', color: 'gray' });
  });
  it('rates short single-class passwords Weak', () => {
    // 'abc' = 3 distinct characters x 5
    expect(strengthView('abc')).toMatchObject({ score: 15, label: 'Weak', color: 'red' });
  });
  it('adds 20 from 6 characters and 10 per extra character class (Normal)', () => {
    expect(strengthView('abcde1')).toMatchObject({ score: 60, label: 'Normal' });
  });
  it('adds 40 from 8 characters (Good) and caps at 100 (Strong)', () => {
    expect(strengthView('abcdefgh')).toMatchObject({ score: 80, label: 'Good' });
    expect(strengthView('Abcdefg1!')).toMatchObject({ score: 100, label: 'Strong', color: 'teal' });
  });
  it('counts a repeated character less each time it repeats', () => {
    // 'aaaaaaaa': 5 + 5/2 + ... + 5/8 = 13.59, plus 40 for length 8
    expect(strengthView('aaaaaaaa').score).toBe(53);
  });
});
