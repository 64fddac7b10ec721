// The network name shown on the login page (spec 002 section 2, 'Login').
import { DEV_CHAIN_ID } from '@payd/schemas';

const knownNames: Record<number, string> = {
  1: 'Ethereum Mainnet',
  [DEV_CHAIN_ID]: 'DEV',
  3: 'Ropsten',
  4: 'Rinkeby',
  5: 'Görli',
  42: 'Kovan',
  17000: 'Holesky',
  11155111: 'Sepolia',
  560048: 'Hoodi',
  31337: 'Hardhat',
};

/** Ethereum Mainnet for 1, DEV for 88, otherwise name plus chain id, or Not connected. */
export function networkName(chainId: number | null | undefined): string {
  if (!chainId) return 'Not connected';
  if (chainId === 1 || chainId === DEV_CHAIN_ID) return knownNames[chainId]!;
  return `${knownNames[chainId] ?? 'Chain'} (${chainId})`;
}

/** Test networks the testnet-only screen asks the user to switch to. */
export const allowedTestNetworks = ['Ropsten', 'Rinkeby', 'Kovan', 'Görli'] as const;
