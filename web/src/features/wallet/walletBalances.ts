// The connected wallet's balances as the wallet strip and the stake page show them: ETH
// (eth_getBalance) and an ERC-20 token's balanceOf (one eth_call), as plain JSON-RPC requests on
// wagmi's client. wagmi's useBalance and useReadContract (and viem's getBalance, which may batch
// through multicall) would bring viem's contract-call machinery (multicall, deployless calls, CCIP
// reads) into every page behind the wallet gate. The query keys start with 'balance' and
// 'readContract' as wagmi's do, so a mined transaction refreshes them (TxStatus.tsx).
import { useQuery } from '@tanstack/react-query';
import { hexToBigInt, type Address, type Hex } from 'viem';
import { useClient } from 'wagmi';

/**
 * The calldata of ERC-20 `balanceOf(owner)`: the selector bytes4(keccak256('balanceOf(address)'))
 * and the address as its one 32-byte word. Written out, not encoded by viem's ABI coder, which
 * would add about 8 kB to every page behind the wallet gate (walletBalances.test.ts checks it
 * against that coder).
 */
export function balanceOfCalldata(owner: Address): Hex {
  return `0x70a08231${owner.slice(2).toLowerCase().padStart(64, '0')}`;
}

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
      // The reply is the one uint256 word of the balance.
      const data = await client!.request({
        method: 'eth_call',
        params: [{ to: token!, data: balanceOfCalldata(address!) }, 'latest'],
      });
      return hexToBigInt(data);
    },
    enabled: Boolean(client && token && address),
    refetchInterval,
  });
}
