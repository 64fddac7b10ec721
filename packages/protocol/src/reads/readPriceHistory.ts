// A price feed's history: every LastGoodPriceUpdated of the protocol's PriceFeed (or of chain 88's
// test feeds, which emit the same event on each setPrice) with its block's time, oldest first.
// The combined monthly statement (issue 29) values each day's lines at the day's last price.
import { priceFeedAbi } from '@payd/contracts/abi';
import type { Address } from 'viem';
import type { ProtocolConnection } from '../connection/connection.ts';
import { withReadRetry } from '../connection/readRetry.ts';

export interface PricePoint {
  /** Unix seconds of the block that set the price. */
  timestamp: number;
  /** USD per unit, 18 decimals. */
  price: bigint;
}

export interface ReadPriceHistoryParameters {
  /** The feed; default the deployment's ETH/USD PriceFeed. */
  feed?: Address;
  /** Only prices set before this Unix second. */
  before?: number;
}

/** The prices `feed` was set to, oldest first. */
export async function readPriceHistory(
  connection: ProtocolConnection,
  { feed, before }: ReadPriceHistoryParameters = {},
): Promise<PricePoint[]> {
  const { publicClient, deployment } = connection;
  const logs = await withReadRetry(() =>
    publicClient.getContractEvents({
      address: feed ?? deployment.addresses.priceFeed,
      abi: priceFeedAbi,
      eventName: 'LastGoodPriceUpdated',
      fromBlock: BigInt(deployment.startBlock),
    }),
  );
  const blocks = [...new Set(logs.map((l) => l.blockNumber))];
  const times = new Map<bigint, number>();
  await Promise.all(
    blocks.map(async (blockNumber) => {
      const block = await withReadRetry(() => publicClient.getBlock({ blockNumber }));
      times.set(blockNumber, Number(block.timestamp));
    }),
  );
  return logs
    .map((l) => ({ timestamp: times.get(l.blockNumber)!, price: l.args.lastGoodPrice! }))
    .filter((p) => before === undefined || p.timestamp < before);
}
