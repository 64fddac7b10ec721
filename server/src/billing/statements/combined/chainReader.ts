// The chain side of the combined statement, through @payd/protocol (the only code that talks to the
// payd contracts): the customer's account activity in the month, the ETH/USD price feed's history,
// and FTX/USD (chain 88's FTX test feed history, else the configured FTX_USD_PRICE, else none).
import {
  readAccountActivity,
  readPriceHistory,
  type AccountActivity,
  type PricePoint,
  type ProtocolDeployment,
} from '@payd/protocol';
import type { Address } from 'viem';
import type { ChainSource } from '../../payments/chain.ts';
import type { StatementText } from './figures.ts';
import { parseFixed } from './fixed18.ts';

export interface PriceSeries {
  /** Where the prices come from, as the statement says it (srv.combined.source.*). */
  source: StatementText;
  points: PricePoint[];
}

export interface CombinedChain {
  activity(accounts: readonly Address[], from: number, to: number): Promise<AccountActivity[]>;
  ethUsd(before: number): Promise<PriceSeries>;
  /** Null: FTX has no USD price here (its lines are valued 'n/a'). */
  ftxUsd(before: number): Promise<PriceSeries | null>;
}

async function connected(chain: ChainSource) {
  const c = await chain();
  if (!c) throw new Error('the chain is not reachable');
  return c;
}

export function protocolCombinedChain(
  chain: ChainSource,
  deployment: ProtocolDeployment,
  ftxUsdPrice: string | null,
): CombinedChain {
  const { priceFeed, ftxPriceFeed } = deployment.addresses;
  const chainId = String(deployment.chainId);
  return {
    async activity(accounts, from, to) {
      return readAccountActivity(await connected(chain), { accounts, from, to });
    },
    async ethUsd(before) {
      const points = await readPriceHistory(await connected(chain), { before });
      return {
        source: {
          id: 'srv.combined.source.feed',
          values: { test: deployment._priceFeedIsTestnet ? 'yes' : 'no', address: priceFeed, chainId },
        },
        points,
      };
    },
    async ftxUsd(before): Promise<PriceSeries | null> {
      if (ftxPriceFeed && deployment._priceFeedIsTestnet) {
        const points = await readPriceHistory(await connected(chain), { feed: ftxPriceFeed, before });
        return {
          source: { id: 'srv.combined.source.ftxFeed', values: { address: ftxPriceFeed, chainId } },
          points,
        };
      }
      if (ftxUsdPrice === null) return null;
      return {
        source: { id: 'srv.combined.source.configured', values: { price: ftxUsdPrice } },
        points: [{ timestamp: 0, price: parseFixed(ftxUsdPrice) }],
      };
    },
  };
}
