// The wallet strip's FTX and PAYD balances (WalletTokens.tsx, loaded after the strip shows).
import { useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import { useClient } from 'wagmi';
import { loadDeployment } from '../../shell/chain/deployment.ts';

/**
 * The wallet's FTX and PAYD balances and the two token addresses, read by @payd/protocol
 * (readWalletTokens) on wagmi's client. The deployment and the reader load after the page shows,
 * so neither weighs on the pages behind the wallet gate; the addresses are undefined (nothing
 * shown) on a chain without a payd deployment.
 */
export function useWalletTokens(address: Address | undefined, refetchInterval?: number) {
  const client = useClient();
  const deployment = useQuery({
    queryKey: ['deployment'],
    queryFn: async () => (await loadDeployment()) ?? null,
    staleTime: Infinity,
  });
  const onChain = deployment.data && client && deployment.data.chainId === client.chain.id;
  const addresses = onChain ? deployment.data!.addresses : undefined;
  const tokens = useQuery({
    queryKey: ['readContract', 'walletTokens', { address, chainId: client?.chain.id }],
    queryFn: async () => {
      const { readWalletTokens } = await import('@payd/protocol/walletTokens');
      return readWalletTokens({ client: client!, addresses: addresses!, owner: address! });
    },
    enabled: Boolean(addresses && address),
    refetchInterval,
  });
  return { addresses, tokens };
}
