// The ETH/USD price as a Chainlink consumer sees it (issue 24): not only the number the protocol's
// PriceFeed would use, but when it was last updated and what the round before said, so that the
// caller can refuse a stale, non-positive or jumping price. PriceFeed.fetchPrice falls back to its
// last good price when both oracles fail; a payment priced from that would be priced from the past.
import { aggregatorV3InterfaceAbi, priceFeedAbi, testPriceFeedAbi } from '../abi/readAbis.ts';
import { zeroAddress, type Address } from 'viem';
import type { ProtocolConnection } from '../connection/connection.ts';

/** One aggregator's latest round, scaled to 18 decimals (USD per ETH). */
export interface EthUsdRound {
  /** The answer at 18 decimals; may be 0 or negative when the aggregator says so. */
  price: bigint;
  /** Unix seconds of the round's update. */
  updatedAt: bigint;
  /** The answer of the round before, at 18 decimals; null when it cannot be read. */
  previous: bigint | null;
}

export interface EthUsdQuote {
  /**
   * 'test': chain 88's settable feed, which has no rounds (its price is whatever was set last,
   * current by definition; its one round carries the head's time). 'oracle': PriceFeed's Chainlink
   * aggregators, the primary's round first, then the fallback's; an aggregator that cannot be
   * read gives no round.
   */
  kind: 'test' | 'oracle';
  rounds: EthUsdRound[];
  /** Unix seconds of the chain's latest block: the time the rounds' age is measured against. */
  chainTime: bigint;
}

const scale = (v: bigint, digits: number) =>
  digits >= 18 ? v / 10n ** BigInt(digits - 18) : v * 10n ** BigInt(18 - digits);

async function readRound(connection: ProtocolConnection, aggregator: Address): Promise<EthUsdRound | null> {
  const client = connection.publicClient;
  const read = <T>(functionName: string, args: readonly unknown[] = []) =>
    client.readContract({
      address: aggregator,
      abi: aggregatorV3InterfaceAbi,
      functionName,
      args,
    } as never) as Promise<T>;
  try {
    const [digits, latest] = await Promise.all([
      read<number>('decimals'),
      read<readonly [bigint, bigint, bigint, bigint, bigint]>('latestRoundData'),
    ]);
    const [roundId, answer, , updatedAt] = latest;
    const before =
      roundId > 1n
        ? await read<readonly [bigint, bigint, bigint, bigint, bigint]>('getRoundData', [roundId - 1n]).catch(
            () => null,
          )
        : null;
    return {
      price: scale(answer, Number(digits)),
      updatedAt,
      previous: before && before[1] > 0n ? scale(before[1], Number(digits)) : null,
    };
  } catch {
    return null;
  }
}

/** The ETH/USD price of the deployment's feed with the time of each round. */
export async function readEthUsdQuote(connection: ProtocolConnection): Promise<EthUsdQuote> {
  const client = connection.publicClient;
  const feed = connection.deployment.addresses.priceFeed;
  const head = await client.getBlock({ blockTag: 'latest' });
  const chainTime = head.timestamp;
  if (connection.deployment._priceFeedIsTestnet) {
    const price = await client.readContract({
      address: feed,
      abi: testPriceFeedAbi,
      functionName: 'getPrice',
    });
    return { kind: 'test', rounds: [{ price, updatedAt: chainTime, previous: null }], chainTime };
  }
  const [primary, fallback] = await Promise.all([
    client.readContract({ address: feed, abi: priceFeedAbi, functionName: 'priceAggregator' }),
    client.readContract({ address: feed, abi: priceFeedAbi, functionName: 'fallbackAggregator' }),
  ]);
  const rounds: EthUsdRound[] = [];
  for (const aggregator of [primary, fallback]) {
    if (aggregator === zeroAddress) continue;
    const round = await readRound(connection, aggregator);
    if (round) rounds.push(round);
  }
  return { kind: 'oracle', rounds, chainTime };
}
