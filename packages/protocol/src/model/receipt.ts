// The state of a sent transaction: pending, failed (with the raw receipt) or succeeded (with the
// raw receipt and the details decoded from its events).
import { TransactionFailedError } from '../errors/errors.ts';

export type PendingReceipt = { status: 'pending' };
export type FailedReceipt<R> = { status: 'failed'; rawReceipt: R };
export type SucceededReceipt<R, D> = {
  status: 'succeeded';
  rawReceipt: R;
  /** What the transaction did, decoded from its logs. */
  details: D;
  /** Optional renderer of the details as text for people. */
  renderText?: () => string;
};
export type TransactionReceipt<R, D> = PendingReceipt | FailedReceipt<R> | SucceededReceipt<R, D>;

export const pendingReceipt: PendingReceipt = Object.freeze({ status: 'pending' });

export const failedReceipt = <R>(rawReceipt: R): FailedReceipt<R> => ({ status: 'failed', rawReceipt });

export function succeededReceipt<R, D>(
  rawReceipt: R,
  details: D,
  renderText?: () => string,
): SucceededReceipt<R, D> {
  return renderText
    ? { status: 'succeeded', rawReceipt, details, renderText }
    : { status: 'succeeded', rawReceipt, details };
}

/** The details of a succeeded receipt; a failed one throws 'Transaction failed' carrying it. */
export function detailsOf<R, D>(receipt: FailedReceipt<R> | SucceededReceipt<R, D>): D {
  if (receipt.status === 'failed') throw new TransactionFailedError(receipt);
  return receipt.details;
}
