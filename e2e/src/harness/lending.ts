// Lending journeys' set-up through @payd/protocol: a person's own signer connection made from the
// dev-wallet key their browser holds (what the lending pages do for them), and the chain-88
// deployment the stack serves. Set-up only: what a journey checks is done in the browser.
import type { Page } from 'playwright-core';
import { createPublicClient, createWalletClient, defineChain, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { inject } from 'vitest';
import {
  Decimal,
  connectSigner,
  readMarket,
  setPrice,
  type ProtocolDeployment,
  type SignerConnection,
} from '../../../packages/protocol/src/index.ts';

/** The deployment the stack's web app uses (its /deployment.json). */
export async function stackDeployment(baseURL: string): Promise<ProtocolDeployment> {
  return (await (await fetch(new URL('/deployment.json', baseURL))).json()) as ProtocolDeployment;
}

/** The dev-wallet key the page's browser holds. */
export async function devWalletKey(page: Page): Promise<`0x${string}`> {
  const key = await page.evaluate(() => localStorage.getItem('payd.devWallet.key'));
  if (!key) throw new Error('no dev wallet key in this browser');
  return key as `0x${string}`;
}

/** A signer connection to the journey's chain for the dev wallet with `key`. */
export function protocolSigner(
  deployment: ProtocolDeployment,
  key: `0x${string}`,
): Promise<SignerConnection> {
  const chainUrl = inject('chainUrl');
  const chain = defineChain({
    id: 88,
    name: 'payd devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chainUrl] } },
  });
  const publicClient = createPublicClient({ chain, transport: http(chainUrl) });
  const walletClient = createWalletClient({
    account: privateKeyToAccount(key),
    chain,
    transport: http(chainUrl),
  });
  return connectSigner({ walletClient, publicClient: publicClient as never, deployment });
}

/**
 * Set-up: puts the ETH price (chain 88's test feed, which anyone may set) where `owner`'s cache is
 * at `ratio` to the wei, rounded up so that the floored ratio the contracts compute equals it.
 */
export async function setPriceForRatio(owner: SignerConnection, ratio: string): Promise<Decimal> {
  const { cache } = await readMarket(owner, owner.userAddress);
  const r = Decimal.from(ratio).raw;
  const price = Decimal.fromRaw((r * cache.debt.raw + cache.collateral.raw - 1n) / cache.collateral.raw);
  await (await setPrice(owner, price)).waitForSuccess();
  return price;
}
