import { describe, expect, it } from 'vitest';
import { TransactionFailedError } from '../errors/errors.ts';
import { detailsOf, failedReceipt, pendingReceipt, succeededReceipt } from './receipt.ts';

describe('transaction receipts', () => {
  it('are pending, failed with the raw receipt, or succeeded with details', () => {
    expect(pendingReceipt.status).toBe('pending');
    expect(failedReceipt({ blockNumber: 5n })).toEqual({ status: 'failed', rawReceipt: { blockNumber: 5n } });
    const ok = succeededReceipt({ blockNumber: 6n }, { redeemed: '10' }, () => 'Redeemed 10 PAYD');
    expect(ok.status).toBe('succeeded');
    expect(ok.renderText?.()).toBe('Redeemed 10 PAYD');
    expect(Object.hasOwn(succeededReceipt({}, 1), 'renderText')).toBe(false);
  });

  it("gives a succeeded receipt's details and raises 'Transaction failed' with the failed receipt", () => {
    expect(detailsOf(succeededReceipt({}, 42))).toBe(42);
    const failed = failedReceipt({ status: 'reverted' });
    try {
      detailsOf(failed);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(TransactionFailedError);
      expect((error as TransactionFailedError).message).toBe('Transaction failed');
      expect((error as TransactionFailedError).name).toBe('TransactionFailedError');
      expect((error as TransactionFailedError).failedReceipt).toBe(failed);
    }
  });
});
