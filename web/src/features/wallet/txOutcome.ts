// What became of a sent transaction: its receipt, and for a reverted one the chain's reason
// (the call replayed at its block). TxStatus.tsx loads this with the first transaction sent, so
// the pages behind the wallet gate do not download these viem actions up front.
import type { Client, Hash, TransactionReceipt } from 'viem';
import { call, getTransaction, waitForTransactionReceipt } from 'viem/actions';

export function receiptOf(client: Client, hash: Hash): Promise<TransactionReceipt> {
  return waitForTransactionReceipt(client, { hash });
}

function revertReason(e: unknown): string | undefined {
  const err = e as {
    shortMessage?: string;
    reason?: string;
    cause?: { reason?: string; shortMessage?: string };
  };
  const r = err?.reason ?? err?.cause?.reason ?? err?.shortMessage;
  return (
    r
      ?.replace(/^.*reverted with (the following )?reason:\s*/i, '')
      .replace(/^execution reverted:?\s*/i, '') || undefined
  );
}

/** Why the mined transaction `hash` reverted, or undefined when the chain does not say. */
export async function revertReasonOf(
  client: Client,
  hash: Hash,
  blockNumber: bigint,
): Promise<string | undefined> {
  try {
    const tx = await getTransaction(client, { hash });
    await call(client, { ...tx, account: tx.from, blockNumber } as never);
  } catch (e) {
    return revertReason(e);
  }
  return undefined;
}
