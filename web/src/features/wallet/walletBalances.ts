// The connected wallet's balances as the wallet strip and the stake page show them: ETH
// (eth_getBalance) and an ERC-20 token's balanceOf (one eth_call), as plain JSON-RPC requests on
// wagmi's client. wagmi's useBalance and useReadContract (and viem's getBalance, which may batch
// through multicall) would bring viem's contract-call machinery (multicall, deployless calls, CCIP
// reads) into every page behind the wallet gate. The query keys start with 'balance' and
// 'readContract' as wagmi's do, so a mined transaction refreshes them (TxStatus.tsx).
import { useQuery } from '@tanstack/react-query';
import { decodeFunctionResult, encodeFunctionData, erc20Abi, hexToBigInt, type Address } from 'viem';
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

/** The `token` balance of `address` in the token's smallest unit. */
export function useTokenBalance(
  token: Address | undefined,
  address: Address | undefined,
  refetchInterval?: number,
) {
  const client = useClient();
  return useQuery({
    queryKey: ['readContract', 'balanceOf', { token, address, chainId: client?.chain.id }],
    queryFn: async () => {
      const data = await client!.request({
        method: 'eth_call',
        params: [
          {
            to: token!,
            data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [address!] }),
          },
          'latest',
        ],
      });
      return decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data });
    },
    enabled: Boolean(client && token && address),
    refetchInterval,
  });
}
