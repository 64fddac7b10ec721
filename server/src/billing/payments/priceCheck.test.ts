// The usable-price rules of a top-up (issue 24): what a Chainlink consumer refuses, and the dev
// test feed, which stays usable however far chain 88's clock moved.
import { describe, expect, it } from 'vitest';
import type { EthUsdQuote } from '@payd/protocol';
import { paymentsConfig } from './config.ts';
import { boundedPrice, usableEthPrice } from './priceCheck.ts';

const rules = paymentsConfig(1, {}).eth;
const E18 = 10n ** 18n;
const now = new Date('2026-11-28T00:00:00Z');
const nowS = BigInt(now.getTime() / 1000);
const oracle = (rounds: EthUsdQuote['rounds'], chainTime = nowS): EthUsdQuote => ({
  kind: 'oracle',
  rounds,
  chainTime,
});
const round = (usd: bigint, ageS: bigint, previousUsd: bigint | null = null) => ({
  price: usd * E18,
  updatedAt: nowS - ageS,
  previous: previousUsd === null ? null : previousUsd * E18,
});

describe('usableEthPrice', () => {
  it('takes a fresh, positive round near the one before', () => {
    expect(usableEthPrice(oracle([round(2000n, 60n, 1990n)]), rules, now)).toBe('2000');
  });
  it('refuses a round older than the maximum age, by the chain or by the server clock', () => {
    expect(usableEthPrice(oracle([round(2000n, 14_401n)]), rules, now)).toBeNull();
    // The node stopped 5 hours ago: its head makes the round look fresh, the server clock does not.
    expect(usableEthPrice(oracle([round(2000n, 18_060n)], nowS - 18_000n), rules, now)).toBeNull();
  });
  it('refuses zero, negative, absurd, future and jumping rounds', () => {
    for (const r of [
      round(0n, 60n),
      round(-5n, 60n),
      round(5n, 60n),
      round(10n ** 9n, 60n),
      round(2000n, -3600n),
      round(2000n, 60n, 5000n),
    ])
      expect(usableEthPrice(oracle([r]), rules, now)).toBeNull();
  });
  it('falls back to the fallback oracle when the primary is unusable', () => {
    expect(usableEthPrice(oracle([round(2000n, 90_000n), round(2010n, 30n)]), rules, now)).toBe('2010');
    expect(usableEthPrice(oracle([]), rules, now)).toBeNull();
  });
  it("keeps chain 88's test feed usable after the dev clock moved days, within bounds only", () => {
    const later = nowS + 30n * 86_400n;
    const test = (usd: bigint): EthUsdQuote => ({
      kind: 'test',
      rounds: [{ price: usd * E18, updatedAt: later, previous: null }],
      chainTime: later,
    });
    expect(usableEthPrice(test(2000n), rules, now)).toBe('2000');
    expect(usableEthPrice(test(10n ** 9n), rules, now)).toBeNull();
  });
});

describe('boundedPrice', () => {
  it('refuses a missing, zero, malformed or out-of-bounds FTX price', () => {
    const b = paymentsConfig(1, {}).ftxBounds;
    expect(boundedPrice('0.5', b)).toBe('0.5');
    for (const p of [null, '0', 'abc', '1e3', '1000000']) expect(boundedPrice(p, b)).toBeNull();
  });
});
