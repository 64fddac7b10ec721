// The termination e-mail (issue 24): the ETH is on its way, not moved; its links lead to pages a
// terminated customer opens (the wallet status page with each exit's date, support); it says what
// the customer keeps and how to come back.
import { describe, expect, it } from 'vitest';
import { lowCreditMail, terminatedMail } from './mails.ts';

describe('the termination e-mail', () => {
  const text = terminatedMail('https://payd.example', 'a@example.com', { exited: 2 }).text;

  it('links the exits page and support, and tells how to come back', () => {
    expect(text).toContain('2 validators have been exited');
    expect(text).toContain('https://payd.example/accountStatus');
    expect(text).toContain('https://payd.example/customer-support');
    expect(text).toContain('register your wallet again');
    expect(text).toContain('statements, payment history, deposit data, keystores and recovery words');
    expect(text).not.toMatch(/has been moved/);
  });

  it('speaks of one validator in the singular', () => {
    expect(terminatedMail('https://p', 'a@b.c', { exited: 1 }).text).toContain(
      '1 validator has been exited. Its ETH reaches',
    );
  });
});

describe('the low-credit e-mail', () => {
  it('counts credits, validators and days in the right number', () => {
    const one = lowCreditMail('https://payd.example', 'a@example.com', {
      balance: '1',
      validators: 1,
      daysLeft: 1,
      dailyCost: '1',
    }).text;
    expect(one).toContain(
      'Your payd credit balance is 1 credit. 1 validator costs 1 credit per day (the daily charge per 32 ETH of effective balance).',
    );
    expect(one).toContain('Your credits pay about 1 more day of your validators.');
    const many = lowCreditMail('https://payd.example', 'a@example.com', {
      balance: '14.00',
      validators: 2,
      daysLeft: 7,
      dailyCost: '2.00',
    }).text;
    expect(many).toContain(
      'Your payd credit balance is 14.00 credits. 2 validators cost 2.00 credits per day (the daily charge per 32 ETH of effective balance).',
    );
    expect(many).toContain('about 7 more days');
  });
});

describe('in the customer language (issue 28)', () => {
  it('writes the warning in German with German numbers and plurals', () => {
    const mail = lowCreditMail(
      'https://payd.example',
      'a@example.com',
      { balance: '1234.50', validators: 2, daysLeft: 3, dailyCost: '2.00' },
      2,
    );
    expect(mail.subject).toBe('payd: Ihre Credits gehen zur Neige');
    expect(mail.text).toContain(
      'Ihr payd-Guthaben beträgt 1.234,50 Credits. 2 Validatoren kosten 2,00 Credits pro Tag',
    );
    expect(mail.text).toContain('etwa 3 weitere Tage');
    expect(mail.text).toContain('https://payd.example/payment');
  });

  it('writes the termination in French and in Chinese, with the links', () => {
    const fr = terminatedMail('https://p', 'a@b.c', { exited: 1 }, 3);
    expect(fr.subject).toBe('payd : vos validateurs sont sortis');
    expect(fr.text).toContain('1 validateur est sorti. Son ETH arrive');
    expect(fr.text).toContain('https://p/accountStatus');
    const zh = terminatedMail('https://p', 'a@b.c', { exited: 2 }, 5);
    expect(zh.text).toContain('2 个验证者已退出');
    expect(zh.text).toContain('https://p/customer-support');
  });
});
