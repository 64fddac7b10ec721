import type { TransactionReceipt } from 'viem';
import { describe, expect, it } from 'vitest';
import type { ProtocolConnection } from '../connection/connection.ts';
import { followTransaction } from './sendTransaction.ts';

const hash = `0x${'ab'.repeat(32)}` as const;
const receipt = { status: 'success', transactionHash: hash, gasUsed: 21_000n } as TransactionReceipt;

/** A node whose block watch stays silent (as a websocket watch does until the next block). */
function silentNode(mined: TransactionReceipt | undefined) {
  let unwatched = false;
  const publicClient = {
    watchBlockNumber: () => () => {
      unwatched = true;
    },
    getTransactionReceipt: async () => {
      if (!mined) throw new Error('not found');
      return mined;
    },
    getTransaction: async () => ({
      from: '0x1',
      nonce: 0,
      to: null,
      value: 0n,
      input: '0x',
      blockNumber: 1n,
    }),
    getBlockNumber: async () => 1n,
    getTransactionCount: async () => 0,
  };
  return { connection: { publicClient } as unknown as ProtocolConnection, unwatched: () => unwatched };
}

describe('followTransaction', () => {
  it('finds a transaction already mined without waiting for another block', async () => {
    const node = silentNode(receipt);
    const landed = await followTransaction(node.connection, hash, (r) => r.gasUsed).waitForReceipt();
    expect(landed.status).toBe('succeeded');
    expect(node.unwatched()).toBe(true);
  });
});
