// The deposit's receipt reads for /stakeETH on wagmi's plain client: viem's two receipt actions
// (not its whole public action set), loaded when a deposit is watched rather than with the page.
import type { Client } from 'viem';
import { getTransactionReceipt, waitForTransactionReceipt } from 'viem/actions';
import type { ReceiptReader } from './useStakeFlow.ts';

export function receiptReader(client: Client): ReceiptReader {
  return {
    wait: (hash) => waitForTransactionReceipt(client, { hash, timeout: 0 }),
    blockOf: async (hash) => (await getTransactionReceipt(client, { hash })).blockNumber,
  };
}
