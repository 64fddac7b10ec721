import { describe, expect, it } from 'vitest';
import { feeView } from './stakeFees.ts';

describe('feeView', () => {
  it('says what the validators cost a day, exactly', () => {
    expect(feeView(2, '1', '0').fee).toBe(
      '2.00 credits a day (1.00 per validator), from the first full UTC day after activation',
    );
    expect(feeView(3, '1.1', '0').fee).toMatch(/^3\.30 credits a day \(1\.10 per validator\)/);
  });

  it('says how long the credits last, or to top up when there are none', () => {
    expect(feeView(2, '1', '20')).toMatchObject({
      runway: 'Your 20.00 credits pay about 10 days of 2 validators.',
      low: true,
    });
    expect(feeView(1, '1', '100').runway).toBe('Your 100.00 credits pay about 3 months of 1 validator.');
    expect(feeView(1, '1', '100').low).toBe(false);
    expect(feeView(2, '1', '0').runway).toBe(
      'You have no credits yet: top up after the deposit to keep your validators running.',
    );
    expect(feeView(2, '1', '1.5').runway).toBe(
      'Your 1.50 credits do not pay one day of 2 validators: top up after the deposit.',
    );
    expect(feeView(2, '1', '-4').runway).toMatch(/^Your balance is -4\.00 credits: top up/);
  });
});
