import { describe, expect, it } from 'vitest';
import { lowCreditMail } from './mails.ts';

describe('the low-credit e-mail', () => {
  it('counts credits, validators and days in the right number', () => {
    const one = lowCreditMail('https://payd.example', 'a@example.com', {
      balance: '1',
      validators: 1,
      daysLeft: 1,
      dailyCharge: '1',
    }).text;
    expect(one).toContain('Your payd credit balance is 1 credit. 1 validator costs 1 credit per day.');
    expect(one).toContain('Your credits pay about 1 more day of your validators.');
    const many = lowCreditMail('https://payd.example', 'a@example.com', {
      balance: '14.00',
      validators: 2,
      daysLeft: 7,
      dailyCharge: '1',
    }).text;
    expect(many).toContain(
      'Your payd credit balance is 14.00 credits. 2 validators cost 1 credit each per day.',
    );
    expect(many).toContain('about 7 more days');
  });
});
