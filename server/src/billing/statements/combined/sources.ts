// The combined statement's default sources: the configured chain's deployment
// (contracts/deployments/<chainId>.json) over RPC_URL, FTX_USD_PRICE and CREDIT_USD from the
// payments settings. No deployment: no combined statements (the server has no chain to read).
import type { ServerConfig } from '../../../config.ts';
import { chainSource, deploymentFile } from '../../payments/chain.ts';
import { paymentsConfig } from '../../payments/config.ts';
import { protocolCombinedChain } from './chainReader.ts';
import type { CombinedSources } from './generate.ts';

export function combinedSourcesFor(config: Pick<ServerConfig, 'chainId' | 'rpcUrl'>): CombinedSources | null {
  const deployment = deploymentFile(config.chainId);
  if (!deployment) return null;
  const payments = paymentsConfig(config.chainId);
  return {
    chain: protocolCombinedChain(chainSource(config.rpcUrl, deployment), deployment, payments.ftxUsdPrice),
    creditUsd: payments.creditUsd,
  };
}
