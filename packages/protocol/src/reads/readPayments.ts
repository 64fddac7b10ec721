// Reads of the credit top-ups (issue 12, spec 001 'Payment'): the FTX/USD price of the development
// chain's FTX test feed, and what a payment transaction did (sender, recipient, ETH value, FTX
// transfers, status, confirmations), so the server can verify a top-up on chain itself.
import { ftxTokenAbi, testPriceFeedAbi } from '../abi/readAbis.ts';
import { getAddress, parseEventLogs, type Address, type Hex } from 'viem';
import type { ProtocolConnection } from '../connection/connection.ts';
import { Decimal } from '../decimal/Decimal.ts';

/** FTX price in USD of the deployment's FTX test feed (chain 88); null when it has none. */
export async function readFtxUsdPrice(connection: ProtocolConnection): Promise<Decimal | null> {
  const feed = connection.deployment.addresses.ftxPriceFeed;
  if (!feed) return null;
  const raw = await connection.publicClient.readContract({
    address: feed,
    abi: testPriceFeedAbi,
    functionName: 'getPrice',
  });
  return Decimal.fromRaw(raw);
}

export interface FtxTransfer {
  from: Address;
  to: Address;
  amount: Decimal;
}

export type PaymentTransaction =
  | { found: false }
  | {
      found: true;
      /** False while not yet mined. */
      mined: boolean;
      succeeded: boolean;
      from: Address;
      to: Address | null;
      /** ETH sent along. */
      value: Decimal;
      /** Blocks on top of (and including) the transaction's block; 0 while pending. */
      confirmations: number;
      /** Transfer events of the deployment's FTX token in the receipt. */
      ftxTransfers: FtxTransfer[];
    };

/** What transaction `hash` did, as the node sees it now. */
export async function readPaymentTransaction(
  connection: ProtocolConnection,
  hash: Hex,
): Promise<PaymentTransaction> {
  const client = connection.publicClient;
  const tx = await client.getTransaction({ hash }).catch(() => null);
  if (!tx) return { found: false };
  const base = {
    found: true as const,
    from: getAddress(tx.from),
    to: tx.to ? getAddress(tx.to) : null,
    value: Decimal.fromRaw(tx.value),
  };
  if (tx.blockNumber === null) {
    return { ...base, mined: false, succeeded: false, confirmations: 0, ftxTransfers: [] };
  }
  const [receipt, latest] = await Promise.all([
    client.getTransactionReceipt({ hash }),
    // Never viem's cached head (kept for its polling interval): a head older than the receipt's
    // block counts no confirmation, and a payment just mined would be refused as not confirmed.
    client.getBlockNumber({ cacheTime: 0 }),
  ]);
  const token = connection.deployment.addresses.ftxToken.toLowerCase();
  const logs = parseEventLogs({
    abi: ftxTokenAbi,
    eventName: 'Transfer',
    logs: receipt.logs.filter((l) => l.address.toLowerCase() === token),
  });
  return {
    ...base,
    mined: true,
    succeeded: receipt.status === 'success',
    confirmations: Number(latest - receipt.blockNumber) + 1,
    ftxTransfers: logs.map((l) => {
      const a = l.args as { from: Address; to: Address; value: bigint };
      return { from: getAddress(a.from), to: getAddress(a.to), amount: Decimal.fromRaw(a.value) };
    }),
  };
}
