// wagmi for the configured chain: injected wallets found by EIP-6963 discovery (MetaMask and
// others), plus the dev wallet on chain 88.
import { createConfig, http, injected } from 'wagmi';
import { defineChain, type Chain } from 'viem';
import { mainnet } from 'viem/chains';
import { DEV_CHAIN_ID } from '@payd/schemas';
import type { AppConfig } from '../../shell/config.ts';
import { networkName } from './networkName.ts';
import { devWalletConnector } from './devWalletConnector.ts';

export function appChain(config: AppConfig): Chain {
  if (config.chainId === 1) return mainnet;
  const rpcUrl = config.chains[String(config.chainId)]?.rpcUrl ?? config.devRPC;
  return defineChain({
    id: config.chainId,
    name: networkName(config.chainId),
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: config.chainId !== 1,
  });
}

export function createWagmiConfig(config: AppConfig) {
  const chain = appChain(config);
  const rpcUrl = chain.rpcUrls.default.http[0]!;
  const connectors = [injected({ shimDisconnect: true })];
  const dev =
    config.chainId === DEV_CHAIN_ID && config.dev ? [devWalletConnector(config, chain, rpcUrl)] : [];
  return createConfig({
    chains: [chain],
    connectors: [...dev, ...connectors],
    multiInjectedProviderDiscovery: true,
    transports: { [chain.id]: http(rpcUrl, { batch: true }) },
  });
}
