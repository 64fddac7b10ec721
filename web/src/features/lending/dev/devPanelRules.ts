// Plain functions of the chain-88 dev panel: whether it may show at all, the price that puts a
// cache at a chosen collateral ratio, and the devnet FTX faucet request.
import { Decimal, type Cache } from '@payd/protocol';
import { DEV_CHAIN_ID } from '@payd/schemas';

/** The panel exists only on the dev chain, with the embedded dev config and a test price feed. */
export function devPanelAllowed(p: {
  chainId: number;
  hasDevConfig: boolean;
  testPriceFeed: boolean;
}): boolean {
  return p.chainId === DEV_CHAIN_ID && p.hasDevConfig && p.testPriceFeed;
}

/** The ETH price (PAYD) at which `cache` has collateral ratio `ratio` (e.g. 1.14), or undefined. */
export function priceForRatio(cache: Cache, ratio: Decimal): Decimal | undefined {
  if (cache.collateral.isZero || cache.debt.isZero) return undefined;
  return cache.debt.mul(ratio).div(cache.collateral);
}

/** FTX the devnet faucet gives per request (enough for tier 2 of the default tiers). */
export const DEV_FAUCET_FTX = 10_000;

/** The devnet's FTX faucet: POST {address} next to the ETH faucet. */
export function ftxFaucetUrl(ethFaucetUrl: string): string {
  return `${ethFaucetUrl.replace(/\/+$/, '')}/ftx`;
}

export const devPanelText = {
  title: 'Dev chain tools (chain 88 only)',
  priceLabel: 'ETH price (PAYD)',
  setPrice: 'Set price',
  faucet: `Get ${DEV_FAUCET_FTX.toLocaleString('en-US')} FTX`,
  faucetFailed: 'The dev FTX faucet did not answer; is the devnet running?',
} as const;
