import { describe, expect, it } from 'vitest';
import { ethPaymentBody } from './paymentBodies.ts';

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
