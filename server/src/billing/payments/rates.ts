// The credit rates (GetRates; Rates in @payd/schemas): USD and CR from configuration, ETH from
// the protocol's ETH/USD price feed, FTX from an FtxPriceSource. A price that cannot be read or
// is not usable (priceCheck.ts: zero, stale, jumping, outside its bounds; FTX unconfigured in
// production) gives the rate '0': paying in that currency is disabled (spec 001 section 5), and
// GetEthPayment / GetFtxPayment refuse with the spec's 'No … rate available' message.
import { creditRateIn, type Rates } from '@payd/schemas';
import { readEthUsdQuote, readFtxUsdPrice } from '@payd/protocol';
import type { FeatureDeps } from '../../featureDeps.ts';
import { chainSource, deploymentFile, type ChainSource } from './chain.ts';
import { paymentsConfig, type PaymentsConfig } from './config.ts';
import { boundedPrice, usableEthPrice } from './priceCheck.ts';

/** Where FTX/USD comes from: chain 88's test feed, or in production the fixed FTX_USD_PRICE. */
export interface FtxPriceSource {
  /** FTX price in USD as a decimal string; null when unknown. */
  usdPrice(): Promise<string | null>;
}

export function chainFtxPrice(chain: ChainSource): FtxPriceSource {
  return {
    async usdPrice() {
      const c = await chain();
      return c ? ((await readFtxUsdPrice(c))?.toString() ?? null) : null;
    },
  };
}

export function fixedFtxPrice(price: string | null): FtxPriceSource {
  return { usdPrice: () => Promise.resolve(price) };
}

export interface RateSources {
  config: PaymentsConfig;
  chain: ChainSource;
  ftx: FtxPriceSource;
  /** The server's clock, for the age of a price round (default the system clock). */
  now?: () => Date;
}

export function rateSources(deps: Pick<FeatureDeps, 'config'>): RateSources {
  const config = paymentsConfig(deps.config.chainId);
  const chain = chainSource(deps.config.rpcUrl, deploymentFile(deps.config.chainId));
  const ftx = config.ftxUsdPrice !== null ? fixedFtxPrice(config.ftxUsdPrice) : chainFtxPrice(chain);
  return { config, chain, ftx };
}

const orNull = <T>(p: Promise<T>) => p.catch(() => null);

export async function ratesFrom(s: RateSources): Promise<Rates> {
  const now = s.now?.() ?? new Date();
  const [eth, ftx] = await Promise.all([
    orNull(
      s.chain().then(async (c) => (c ? usableEthPrice(await readEthUsdQuote(c), s.config.eth, now) : null)),
    ),
    orNull(s.ftx.usdPrice().then((p) => boundedPrice(p, s.config.ftxBounds))),
  ]);
  return {
    USD: s.config.creditUsd,
    ETH: eth ? creditRateIn(s.config.creditUsd, eth) : '0',
    FTX: ftx ? creditRateIn(s.config.creditUsd, ftx) : '0',
    CR: s.config.dailyCharge,
  };
}

const cache = new WeakMap<object, RateSources>();

/** The rates now, for `deps`' chain and configuration. */
export function currentRates(deps: Pick<FeatureDeps, 'config'>): Promise<Rates> {
  let s = cache.get(deps.config);
  if (!s) {
    s = rateSources(deps);
    cache.set(deps.config, s);
  }
  return ratesFrom(s);
}
