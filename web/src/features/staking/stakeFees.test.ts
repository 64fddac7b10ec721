import { describe, expect, it } from 'vitest';
import { feeView, rowsDailyFee, stakeFeeView } from './stakeFees.ts';

const fees = (validators: number, cr: string, credits: string, dailyFee = String(validators * Number(cr))) =>
  feeView({ cr, validators, dailyFee }, credits);

describe('feeView', () => {
  it('says what the validators cost a day, per 32 ETH of effective balance', () => {
    expect(fees(2, '1', '0').fee).toBe(
      '2.00 credits a day (1.00 per 32 ETH of effective balance), from the first full UTC day after activation',
    );
    expect(fees(3, '1.1', '0', '3.3').fee).toMatch(/^3\.30 credits a day \(1\.10 per 32 ETH/);
  });

  it('says how long the credits last, or to top up when there are none', () => {
    expect(fees(2, '1', '20')).toMatchObject({
      runway: 'Your 20.00 credits pay about 10 days of 2 validators.',
      low: true,
    });
    expect(fees(1, '1', '100').runway).toBe('Your 100.00 credits pay about 3 months of 1 validator.');
    expect(fees(1, '1', '100').low).toBe(false);
    expect(fees(2, '1', '0').runway).toBe(
      'You have no credits yet: top up after the deposit to keep your validators running.',
    );
    expect(fees(2, '1', '1.5').runway).toBe(
      'Your 1.50 credits do not pay one day of 2 validators: top up after the deposit.',
    );
    expect(fees(2, '1', '-4').runway).toMatch(/^Your balance is -4\.00 credits: top up/);
  });

  it('quotes a stake for its kind and amount, on top of the validators the account has', () => {
    const v = stakeFeeView(
      '1',
      { Validators: 1, DailyCharge: '1.00', Credits: '30' },
      { count: 2, kind: '0x02', amountEth: 64 },
    );
    expect(v.stake).toBe('2 validators of 64 ETH: 4.00 credits a day (2.00 each)');
    expect(v.fee).toMatch(/^5\.00 credits a day/);
    expect(v.runway).toBe('Your 30.00 credits pay about 6 days of 3 validators.');
    expect(
      stakeFeeView('1', { Validators: 0, Credits: '0' }, { count: 1, kind: '0x01', amountEth: 32 }).stake,
    ).toBe('1 validator of 32 ETH: 1.00 credits a day');
  });

  it('prices listed validators by their effective balance, else what they start with', () => {
    const rows = [
      { ValidatorStatusCd5: '3', EffectiveGwei5: 64_000_000_000, WithdrawalKind5: '0x02' },
      {
        ValidatorStatusCd5: '0',
        EffectiveGwei5: null,
        WithdrawalKind5: '0x02',
        DepositGwei5: 40_000_000_000,
      },
      { ValidatorStatusCd5: '3', EffectiveGwei5: 32_000_000_000, WithdrawalKind5: '0x01' },
      { ValidatorStatusCd5: '7', EffectiveGwei5: 32_000_000_000 },
    ];
    expect(rowsDailyFee(rows, '1')).toEqual({ validators: 3, fee: '4.25' });
  });
});
