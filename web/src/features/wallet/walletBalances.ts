// The connected wallet's balances as the wallet strip and the stake page show them. ETH is one
// plain eth_getBalance request on wagmi's client: wagmi's useBalance (and viem's getBalance, which
// may batch through multicall) would bring viem's contract-call machinery into every page behind
// the wallet gate. FTX and PAYD are payd's contracts, read by @payd/protocol (walletTokens.ts,
// loaded once the page shows). The query keys start with 'balance' and 'readContract' as wagmi's
// do, so a mined transaction refreshes them (TxStatus.tsx).
import { useQuery } from '@tanstack/react-query';
import { hexToBigInt, type Address } from 'viem';
import { useClient } from 'wagmi';

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
