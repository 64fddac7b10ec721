// The dev wallet's EIP-1193 provider (chain 88): signs with the local key (devWallet.ts) and passes
// every other call to the chain's JSON-RPC URL. devWalletConnector.ts loads it when first used.
import {
  createClient,
  createWalletClient,
  http,
  hexToBigInt,
  type Address,
  type Chain,
  type EIP1193RequestFn,
  type Hex,
  type TypedDataDefinition,
} from 'viem';
import { devAccount } from './devWallet.ts';

interface TxParams {
  to?: Address;
  data?: Hex;
  value?: Hex;
  gas?: Hex;
  nonce?: Hex;
  maxFeePerGas?: Hex;
  maxPriorityFeePerGas?: Hex;
}

export function createDevProvider(chain: Chain, rpcUrl: string) {
  const account = devAccount();
  const rpc = createClient({ chain, transport: http(rpcUrl) });
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
  const request = (async ({ method, params }: { method: string; params?: unknown }) => {
    const p = (params ?? []) as unknown[];
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [account.address];
      case 'eth_chainId':
        return `0x${chain.id.toString(16)}`;
      case 'personal_sign':
        return account.signMessage({ message: { raw: p[0] as Hex } });
      case 'eth_signTypedData_v4':
        // params: [address, the EIP-712 typed data as JSON text] (what viem's signTypedData sends)
        return account.signTypedData(JSON.parse(p[1] as string) as TypedDataDefinition);
      case 'wallet_switchEthereumChain':
        if (Number((p[0] as { chainId: string }).chainId) === chain.id) return null;
        throw Object.assign(new Error('The dev wallet only knows the dev chain'), { code: 4902 });
      case 'eth_sendTransaction': {
        const tx = p[0] as TxParams;
        const big = (v?: Hex) => (v === undefined ? undefined : hexToBigInt(v));
        return wallet.sendTransaction({
          to: tx.to,
          data: tx.data,
          value: big(tx.value),
          gas: big(tx.gas),
          nonce: tx.nonce === undefined ? undefined : Number(tx.nonce),
          maxFeePerGas: big(tx.maxFeePerGas),
          maxPriorityFeePerGas: big(tx.maxPriorityFeePerGas),
        } as Parameters<typeof wallet.sendTransaction>[0]);
      }
      default:
        return rpc.request({ method, params } as never);
    }
  }) as EIP1193RequestFn;
  return { account, request, rpc };
}
