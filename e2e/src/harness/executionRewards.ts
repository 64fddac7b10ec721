// What the dev beacon node paid a wallet in execution-layer rewards on chain 88, read from the chain
// itself: the execution-rewards pool's records (devnet/src/beacon/README.md: one transaction per
// proposal, `abi.encode(uint64 slot, uint64 validator_index, address fee_recipient, uint64 fees_gwei,
// uint64 mev_gwei)` with the value as topic), each checked against the wallet's balance just before
// and at its block. Read independently of the devnet's own code, as a customer's tool would.
import { createPublicClient, decodeAbiParameters, http, type Hex } from 'viem';
import { inject } from 'vitest';

const POOL = `0xbeac${'0'.repeat(31)}e1fee` as const;
const GWEI = 10n ** 9n;

export interface ExecutionRewardsPaid {
  /** Priority fees paid to the wallet, in wei. */
  fees: bigint;
  /** MEV paid to the wallet, in wei. */
  mev: bigint;
  /** How many payments; each raised the wallet's balance by exactly its fees and MEV. */
  payments: number;
}

/** Sums the pool's payments to `wallet`, and checks that each arrived in its balance. */
export async function executionRewardsPaid(wallet: string): Promise<ExecutionRewardsPaid> {
  const client = createPublicClient({ transport: http(inject('chainUrl')) });
  const logs = await client.getLogs({ address: POOL, fromBlock: 0n, toBlock: 'latest' });
  const out = { fees: 0n, mev: 0n, payments: 0 };
  for (const log of logs) {
    const [, , recipient, fees, mev] = decodeAbiParameters(
      ['uint64', 'uint64', 'address', 'uint64', 'uint64'].map((type) => ({ type })),
      log.data,
    ) as [bigint, bigint, Hex, bigint, bigint];
    if (recipient.toLowerCase() !== wallet.toLowerCase()) continue;
    const value = (fees + mev) * GWEI;
    const at = await client.getBalance({ address: wallet as Hex, blockNumber: log.blockNumber });
    const before = await client.getBalance({ address: wallet as Hex, blockNumber: log.blockNumber - 1n });
    if (at - before !== value)
      throw new Error(`payment ${log.transactionHash} raised ${wallet} by ${at - before} wei, not ${value}`);
    out.fees += fees * GWEI;
    out.mev += mev * GWEI;
    out.payments++;
  }
  return out;
}
