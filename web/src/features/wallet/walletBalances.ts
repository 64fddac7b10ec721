// The connected wallet's balances as the wallet strip and the stake page show them. ETH is one
// plain eth_getBalance request on wagmi's client: wagmi's useBalance (and viem's getBalance, which
// may batch through multicall) would bring viem's contract-call machinery into every page behind
// the wallet gate. FTX and PAYD are payd's contracts, read by @payd/protocol, loaded once the page
// shows. The query keys start with 'balance' and 'readContract' as wagmi's do, so a mined
// transaction refreshes them (TxStatus.tsx).
import { useQuery } from '@tanstack/react-query';
import { hexToBigInt, type Address } from 'viem';
import { useClient } from 'wagmi';
import { loadDeployment } from '../../chain/deployment.ts';

/** The ETH balance of `address` in wei; `refetchInterval` in milliseconds. */
export function useEthBalance(address: Address | undefined, refetchInterval?: number) {
  const client = useClient();
  return useQuery({
    queryKey: ['balance', 'eth', { address, chainId: client?.chain.id }],
    queryFn: async () =>
      hexToBigInt(await client!.request({ method: 'eth_getBalance', params: [address!, 'latest'] })),
    enabled: Boolean(client && address),
    refetchInterval,
  });
}

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
