// Whether a price may price credits (issue 24): a top-up booked at a zero, stale, jumping or absurd
// price prints credits, so a currency without a usable price gets the rate '0' and its payments
// are refused (spec 001 section 5: 'No ETH rate available, payment is disabled.'). The ETH/USD
// check is a Chainlink consumer's: answer above 0, updated no longer than maxAgeS before now (the
// later of the chain's head and the server's clock, so a node that stopped syncing does not make an
// old round look fresh), not from the future, and within maxDeviation of the round before.
import type { EthUsdQuote } from '@payd/protocol';
import { fromWei as plain, toWei as fx } from '@payd/schemas';

/** USD bounds a price must lie within: a price outside them is a broken feed, not a market. */
export interface PriceBounds {
  min: string;
  max: string;
}

export interface EthPriceRules {
  bounds: PriceBounds;
  /** Oldest round (seconds) that still prices a payment. */
  maxAgeS: number;
  /** Largest move from the round before, a fraction ('0.5' = 50%). */
  maxDeviation: string;
}

/** A round may be this far ahead of the reference time (clocks of node and server differ a little). */
const CLOCK_SKEW_S = 60n;

/** The price as a decimal string when it lies within the bounds, else null. */
export function boundedPrice(price: string | null, bounds: PriceBounds): string | null {
  if (price === null) return null;
  let v: bigint;
  try {
    v = fx(price);
  } catch {
    return null;
  }
  return v > 0n && v >= fx(bounds.min) && v <= fx(bounds.max) ? plain(v) : null;
}

function deviates(price: bigint, previous: bigint | null, maxDeviation: string): boolean {
  if (previous === null || previous <= 0n) return false;
  const hi = price > previous ? price : previous;
  const lo = price > previous ? previous : price;
  return ((hi - lo) * 10n ** 18n) / hi > fx(maxDeviation);
}

/**
 * The ETH/USD price of the first usable round of `quote` (primary before fallback), or null.
 * The dev test feed's round is current by definition (it has no oracle to go stale): only its
 * bounds are checked, so moving chain 88's clock by days keeps ETH payments working there.
 */
export function usableEthPrice(quote: EthUsdQuote, rules: EthPriceRules, serverNow: Date): string | null {
  const serverS = BigInt(Math.floor(serverNow.getTime() / 1000));
  const reference = quote.chainTime > serverS ? quote.chainTime : serverS;
  for (const r of quote.rounds) {
    const price = boundedPrice(plain(r.price), rules.bounds);
    if (price === null) continue;
    if (quote.kind === 'test') return price;
    if (r.updatedAt <= 0n || r.updatedAt > reference + CLOCK_SKEW_S) continue;
    if (reference - r.updatedAt > BigInt(rules.maxAgeS)) continue;
    if (deviates(r.price, r.previous, rules.maxDeviation)) continue;
    return price;
  }
  return null;
}
