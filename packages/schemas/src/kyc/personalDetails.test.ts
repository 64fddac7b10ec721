import { describe, expect, it } from 'vitest';
import { annualIncomeProblem, issueDateProblem, personalMessages } from './personalDetails.ts';

describe('annual income (spec 002: a number, USD)', () => {
  it('takes whole dollars and cents', () => {
    expect(annualIncomeProblem('85000')).toBeUndefined();
    expect(annualIncomeProblem(' 85000.5 ')).toBeUndefined();
    expect(annualIncomeProblem('85000.50')).toBeUndefined();
    expect(annualIncomeProblem('0')).toBeUndefined();
    expect(annualIncomeProblem('9999999999999999.99')).toBeUndefined();
  });

  it('asks for it only when it is empty', () => {
    expect(annualIncomeProblem('')).toBe('Please enter annual income.');
    expect(annualIncomeProblem('  ')).toBe(personalMessages.annualIncome);
  });

  it('says a third decimal is more than cents, not that the income is missing', () => {
    expect(annualIncomeProblem('85000.123')).toBe('Annual income has at most 2 decimal places (cents).');
  });

  it('says what a number looks like for text, signs, separators and exponents', () => {
    for (const v of ['abc', '-5', '85,000', '1e5', '85000.', '.5'])
      expect(annualIncomeProblem(v)).toBe(personalMessages.annualIncomeNumber);
  });

  it('refuses more than the stored column holds', () => {
    expect(annualIncomeProblem('10000000000000000')).toBe(personalMessages.annualIncomeTooLarge);
    expect(annualIncomeProblem('00010000000000000000')).toBe(personalMessages.annualIncomeTooLarge);
    expect(annualIncomeProblem('0009999999999999999')).toBeUndefined();
  });
});

describe('ID issue date', () => {
  const today = '2026-11-28';

  it('takes a date up to today that is before the expiry date', () => {
    expect(issueDateProblem('2020-01-01', '2030-01-01', today)).toBeUndefined();
    expect(issueDateProblem('2026-11-28', '2036-11-27', today)).toBeUndefined();
  });

  it('refuses an issue date in the future', () => {
    expect(issueDateProblem('2026-11-29', '2036-11-29', today)).toBe('Issue date cannot be in the future');
  });

  it('refuses an issue date on or after the expiry date', () => {
    expect(issueDateProblem('2024-06-01', '2023-06-01', today)).toBe(
      'Issue date must be before the expiry date',
    );
    expect(issueDateProblem('2024-06-01', '2024-06-01', today)).toBe(personalMessages.issueAfterExpiry);
  });

  it('leaves a missing date to the required rules', () => {
    expect(issueDateProblem('', '2030-01-01', today)).toBeUndefined();
    expect(issueDateProblem('2020-01-01', '', today)).toBeUndefined();
  });
});
