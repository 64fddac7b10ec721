import { describe, expect, it } from 'vitest';
import { ethPaymentBody, ftxPaymentBody } from './paymentBodies.ts';
import { TOP_UP_MAX_MESSAGE, TOP_UP_MIN_MESSAGE } from './topUp.ts';

describe('wallet payment bodies', () => {
  it('refuses a float-like or bad hash body', () => {
    const ok = {
      txHash: `0x${'a'.repeat(64)}`,
      walletAddress: `0x${'1'.repeat(40)}`,
      fintruxWallet: `0x${'2'.repeat(40)}`,
      ethAmt: '0.005',
      creditAmt: '10.00',
    };
    expect(ethPaymentBody.safeParse(ok).success).toBe(true);
    expect(ethPaymentBody.safeParse({ ...ok, creditAmt: '1e3' }).success).toBe(false);
    expect(ethPaymentBody.safeParse({ ...ok, txHash: '0x12' }).success).toBe(false);
  });
});

describe('the bounds of a wallet payment (issue 24)', () => {
  const ok = {
    txHash: `0x${'a'.repeat(64)}`,
    ftxTokenAddress: `0x${'3'.repeat(40)}`,
    walletAddress: `0x${'1'.repeat(40)}`,
    fintruxWallet: `0x${'2'.repeat(40)}`,
    ethAmt: '0.005',
    ftxAmt: '2',
    creditAmt: '10.00',
  };
  const problems = (patch: Record<string, string>) => {
    const r = ethPaymentBody.safeParse({ ...ok, ...patch });
    const f = ftxPaymentBody.safeParse({ ...ok, ...patch });
    expect(f.success).toBe(r.success);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it('books at least 1 credit and at most the maximum per payment', () => {
    expect(problems({ creditAmt: '1' })).toEqual([]);
    expect(problems({ creditAmt: '100000.00' })).toEqual([]);
    expect(problems({ creditAmt: '0.01' })).toEqual([`creditAmt: ${TOP_UP_MIN_MESSAGE}`]);
    expect(problems({ creditAmt: '0' })).toEqual([`creditAmt: ${TOP_UP_MIN_MESSAGE}`]);
    for (const v of ['100000.01', '999999999999999999.99', '9'.repeat(20), '9'.repeat(40)])
      expect(problems({ creditAmt: v })).toEqual([`creditAmt: ${TOP_UP_MAX_MESSAGE}`]);
    expect(problems({ creditAmt: '1e20' })[0]).toMatch(/^creditAmt: /);
  });
  it('refuses a zero, exponent or absurd paid amount, naming the field', () => {
    for (const v of ['0', '0.000', '1e20', '9'.repeat(20), '9'.repeat(40), '-1'])
      for (const field of ['ethAmt', 'ftxAmt']) {
        const r = (field === 'ethAmt' ? ethPaymentBody : ftxPaymentBody).safeParse({ ...ok, [field]: v });
        expect(r.success).toBe(false);
        expect(r.error!.issues.map((i) => i.path.join('.'))).toEqual([field]);
      }
    expect(problems({ ethAmt: '999999999999.123456789012345678' })).toEqual([]);
  });
});
