// The name of the network the browser's wallet is on (the dev wallet's chain 88, or an injected
// wallet's chain), or `notConnected`: /login's footer shows it, loaded after the page shows.
import { networkName } from './networkName.ts';
import { useWalletChainId } from './injectedChain.ts';

export function WalletNetworkName({
  configChainId,
  notConnected,
}: {
  configChainId: number;
  notConnected: string;
}) {
  const chainId = useWalletChainId(configChainId);
  return <>{chainId ? networkName(chainId) : notConnected}</>;
}
