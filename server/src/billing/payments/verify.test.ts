import { describe, expect, it } from 'vitest';
import { Decimal, type PaymentTransaction } from '@payd/protocol';
import { NO_ETH_RATE_MESSAGE, NO_FTX_RATE_MESSAGE, RATE_CHANGED_MESSAGE } from '@payd/schemas';
import { checkPayment, PaymentMessages, type Expected } from './verify.ts';

const wallet = '0x1111111111111111111111111111111111111111';
const payd = '0x2222222222222222222222222222222222222222';
const expected: Expected = {
  currency: 'ETH',
  wallet,
  paydWallet: payd,
  amount: '0.01',
  credits: '20.00',
  confirmations: 2,
  rates: { USD: '1', ETH: '0.0005', FTX: '2', CR: '1' },
  validators: 2,
  tolerance: '0.02',
};
const tx = (o: Partial<Extract<PaymentTransaction, { found: true }>> = {}): PaymentTransaction => ({
  found: true,
  mined: true,
  succeeded: true,
  from: wallet,
  to: payd,
  value: Decimal.from('0.01'),
  confirmations: 2,
  ftxTransfers: [],
  ...o,
});

describe('checkPayment', () => {
  it('accepts a confirmed payment of the stated amount from the wallet to payd', () => {
    expect(checkPayment(tx(), expected)).toBeNull();
  });
  it('refuses unknown, pending, too recent and failed transactions', () => {
    expect(checkPayment({ found: false }, expected)).toBe(PaymentMessages.unknown);
    expect(checkPayment(tx({ mined: false, confirmations: 0 }), expected)).toBe(PaymentMessages.pending);
    expect(checkPayment(tx({ confirmations: 1 }), expected)).toBe(PaymentMessages.pending);
    expect(checkPayment(tx({ succeeded: false }), expected)).toBe(PaymentMessages.failed);
  });
  it('refuses another sender, another recipient, another amount, and a stale rate', () => {
    expect(checkPayment(tx({ from: payd }), expected)).toBe(PaymentMessages.otherWallet);
    expect(checkPayment(tx({ to: wallet }), expected)).toBe(PaymentMessages.wrongRecipient);
    expect(checkPayment(tx({ value: Decimal.from('0.011') }), expected)).toBe(PaymentMessages.wrongAmount);
    expect(checkPayment(tx({ value: Decimal.from('0.009') }), { ...expected, amount: '0.009' })).toBe(
      RATE_CHANGED_MESSAGE,
    );
  });
  it('takes FTX only as a transfer of the token from the wallet to payd', () => {
    const ftx = { ...expected, currency: 'FTX' as const, amount: '32' };
    const transfer = { from: wallet, to: payd, amount: Decimal.from('32') } as const;
    expect(
      checkPayment(tx({ to: '0x3333333333333333333333333333333333333333', ftxTransfers: [transfer] }), ftx),
    ).toBeNull();
    expect(checkPayment(tx({ ftxTransfers: [] }), ftx)).toBe(PaymentMessages.wrongRecipient);
    expect(checkPayment(tx({ ftxTransfers: [{ ...transfer, amount: Decimal.from('31') }] }), ftx)).toBe(
      PaymentMessages.wrongAmount,
    );
  });
  it('never books at a zero rate: 1 wei would buy any credits (issue 24)', () => {
    const wei = tx({ value: Decimal.fromRaw(1n) });
    const zeroEth = {
      ...expected,
      amount: '0.000000000000000001',
      credits: '100000',
      rates: { ...expected.rates, ETH: '0' },
    };
    expect(checkPayment(wei, zeroEth)).toBe(NO_ETH_RATE_MESSAGE);
    const transfer = { from: wallet, to: payd, amount: Decimal.fromRaw(1n) } as const;
    const zeroFtx = { ...zeroEth, currency: 'FTX' as const, rates: { ...expected.rates, FTX: '0' } };
    expect(checkPayment(tx({ ftxTransfers: [transfer] }), zeroFtx)).toBe(NO_FTX_RATE_MESSAGE);
  });

  it("refuses an FTX transfer from the customer's wallet to a third address, or from another to payd", () => {
    const ftx = { ...expected, currency: 'FTX' as const, amount: '32' };
    const third = '0x3333333333333333333333333333333333333333';
    const amount = Decimal.from('32');
    expect(checkPayment(tx({ to: third, ftxTransfers: [{ from: wallet, to: third, amount }] }), ftx)).toBe(
      PaymentMessages.wrongRecipient,
    );
    // The token's own address as the transaction's `to` changes nothing.
    expect(checkPayment(tx({ to: payd, ftxTransfers: [{ from: wallet, to: third, amount }] }), ftx)).toBe(
      PaymentMessages.wrongRecipient,
    );
    expect(checkPayment(tx({ to: third, ftxTransfers: [{ from: third, to: payd, amount }] }), ftx)).toBe(
      PaymentMessages.wrongRecipient,
    );
  });
});
