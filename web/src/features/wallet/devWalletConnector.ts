// A wagmi connector for the dev wallet of chain 88: an EIP-1193 provider that signs with the
// local key (devWallet.ts) and passes every other call to the chain's JSON-RPC URL.
import { createConnector } from 'wagmi';
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
import type { WebConfig } from '@payd/schemas';
import { devAccount, fundDevAccount } from './devWallet.ts';
import { devWalletConnected, setDevWalletConnected } from './devWalletKey.ts';

export const DEV_WALLET_ID = 'payd-dev-wallet';

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

export function devWalletConnector(config: WebConfig, chain: Chain, rpcUrl: string) {
  type Provider = ReturnType<typeof createDevProvider>;
  let provider: Provider | null = null;
  const getProvider = () => (provider ??= createDevProvider(chain, rpcUrl));
  return createConnector<Provider>(() => ({
    id: DEV_WALLET_ID,
    name: 'Dev wallet',
    type: 'devWallet',
    async connect(parameters) {
      const p = getProvider();
      // A new dev account starts empty: ask the faucet for 100 ETH. Reconnecting on page load
      // only restores the local key, so it never waits on the chain (e.g. just after a restart).
      if (!parameters?.isReconnecting) {
        const balance = await p.rpc.request({
          method: 'eth_getBalance',
          params: [p.account.address, 'latest'],
        });
        if (BigInt(balance) === 0n) await fundDevAccount(config, p.account.address);
      }
      setDevWalletConnected(true);
      const accounts = parameters?.withCapabilities
        ? [{ address: p.account.address, capabilities: {} }]
        : [p.account.address];
      return { accounts, chainId: chain.id } as never;
    },
    async disconnect() {
      setDevWalletConnected(false);
    },
    async getAccounts() {
      return [getProvider().account.address];
    },
    async getChainId() {
      return chain.id;
    },
    async getProvider() {
      return getProvider();
    },
    async isAuthorized() {
      return devWalletConnected();
    },
    onAccountsChanged() {},
    onChainChanged() {},
    onDisconnect() {
      setDevWalletConnected(false);
    },
  }));
}
