// A deployment of the payd contracts (contracts/deployments/<chainId>.json) and the chains payd runs on.
import type { Address } from 'viem';
import { UnsupportedNetworkError } from '../errors/errors.ts';

/** Chain ids with a payd deployment: mainnet, Goerli and the development chain (test price feed). */
export const SUPPORTED_CHAIN_IDS = [1, 5, 88] as const;
export type SupportedChainId = (typeof SUPPORTED_CHAIN_IDS)[number];

/** Canonical Multicall3 address, deployed on most public chains (chain 88 has its own in the deployment). */
export const CANONICAL_MULTICALL3: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';

/** Contract addresses the data layer uses. */
export interface ProtocolAddresses {
  lendingSettings: Address;
  activePool: Address;
  defaultPool: Address;
  collSurplusPool: Address;
  sortedCaches: Address;
  cacheManager: Address;
  borrowerOperations: Address;
  rewardsPool: Address;
  paydToken: Address;
  hintHelpers: Address;
  multiCacheGetter: Address;
  priceFeed: Address;
  /**
   * FTX/USD test price feed (chain 88 only; credit top-ups, issue 12, and the store's ftxPrice,
   * which is zero on a deployment without one).
   */
  ftxPriceFeed?: Address;
  kycManager: Address;
  ftxToken: Address;
  ftxStaking: Address;
  /** Liquid staking (issue 13): the validator pool (validators, FETH swap queue, reward reports). */
  validatorPool: Address;
  /** FETH, the pool's liquid staked ETH token (1 FETH is a claim on 1 ETH of the pool). */
  fethToken: Address;
  multicall3?: Address;
  multipleDeposit?: Address;
  depositContract?: Address;
  multiSigWallet?: Address;
}

/** The deployment file's content (as contracts/scripts/deploy.ts writes it). */
export interface ProtocolDeployment {
  chainId: number;
  version: string;
  /** Unix time in milliseconds. */
  deploymentDate: number;
  /** Seconds after deploymentDate before redemptions open. */
  bootstrapPeriod: number;
  startBlock: number;
  /** True when the price feed is the test feed whose setPrice anyone may call (chain 88). */
  _priceFeedIsTestnet: boolean;
  addresses: ProtocolAddresses;
  /** Accounts: the admin pair, the owner and the treasury. */
  wallets: Record<string, Address>;
}

export function isSupportedChainId(chainId: number): chainId is SupportedChainId {
  return (SUPPORTED_CHAIN_IDS as readonly number[]).includes(chainId);
}

/**
 * Checks that `deployment` can be used on the chain the node reports; anything else is
 * 'Unsupported network (chainId = n)'.
 */
export function checkDeployment(
  chainId: number,
  deployment: ProtocolDeployment | undefined,
): ProtocolDeployment {
  if (!isSupportedChainId(chainId) || !deployment || deployment.chainId !== chainId) {
    throw new UnsupportedNetworkError(chainId);
  }
  return deployment;
}

/** Multicall3 for a deployment: its own on chain 88, the canonical one elsewhere. */
export function multicallAddress(deployment: ProtocolDeployment): Address {
  return deployment.addresses.multicall3 ?? CANONICAL_MULTICALL3;
}
