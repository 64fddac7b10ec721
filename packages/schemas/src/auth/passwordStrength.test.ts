import { describe, expect, it } from 'vitest';
import { passwordStrength, strengthBand } from './passwordStrength.ts';

describe('password strength', () => {
  it('scores an empty password as none', () => {
    expect(passwordStrength('')).toBe(0);
    expect(strengthBand(0)).toBe('none');
  });
  it('adds 5 divided by the repeat count for each character', () => {
    // 'aaa' = 5 + 2.5 + 1.666 = 9.16, one class, under 6 characters
    expect(passwordStrength('aaa')).toBe(9);
    expect(strengthBand(passwordStrength('aaa'))).toBe('Weak');
  });
  it('adds 10 per extra character class and 20 from 6 characters', () => {
    // 'abcde1' = 30 + 10 (digit class) + 20 (length 6)
    expect(passwordStrength('abcde1')).toBe(60);
    expect(strengthBand(60)).toBe('Normal');
  });
  it('adds 40 from 8 characters and caps at 100', () => {
    expect(passwordStrength('Abcdefg1!')).toBe(100);
    expect(strengthBand(100)).toBe('Strong');
    expect(passwordStrength('abcdefgh')).toBe(80);
    expect(strengthBand(80)).toBe('Good');
  });
});
