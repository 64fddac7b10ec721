// A wagmi connector for the dev wallet of chain 88: an EIP-1193 provider that answers with the
// local key's address, signs through devSigner.ts (loaded on the first signature) and passes every
// other call to the chain's JSON-RPC URL. The provider itself is created at once, so wagmi's
// reconnect on page load finds the same provider and the account without loading the signer.
import { createConnector } from 'wagmi';
import { createClient, http, type Address, type Chain, type EIP1193RequestFn } from 'viem';
import type { WebConfig } from '@payd/schemas';
import { devWalletConnected, loadDevAddress, setDevWalletConnected } from './devWalletKey.ts';
import type { DevSigner, DevSignerMethod } from './devSigner.ts';

export const DEV_WALLET_ID = 'payd-dev-wallet';

const signerMethods: readonly string[] = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
] satisfies DevSignerMethod[];

function createDevProvider(chain: Chain, rpcUrl: string) {
  const rpc = createClient({ chain, transport: http(rpcUrl) });
  let signer: Promise<DevSigner> | null = null;
  const loadSigner = () =>
    (signer ??= import('./devSigner.ts').then((m) => m.createDevSigner(chain, rpcUrl)));
  // The address stored beside the key; a new key (or one stored by an older build) is derived once.
  const address = async (): Promise<Address> => loadDevAddress() ?? (await loadSigner()).address;
  const request = (async ({ method, params }: { method: string; params?: unknown }) => {
    const p = (params ?? []) as unknown[];
    if (signerMethods.includes(method)) return (await loadSigner()).request(method as DevSignerMethod, p);
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [await address()];
      case 'eth_chainId':
        return `0x${chain.id.toString(16)}`;
      case 'wallet_switchEthereumChain':
        if (Number((p[0] as { chainId: string }).chainId) === chain.id) return null;
        throw Object.assign(new Error('The dev wallet only knows the dev chain'), { code: 4902 });
      default:
        return rpc.request({ method, params } as never);
    }
  }) as EIP1193RequestFn;
  return { address, request, rpc };
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
      const address = await p.address();
      // A new dev account starts empty: ask the faucet for 100 ETH. Reconnecting on page load
      // only restores the local key, so it never waits on the chain (e.g. just after a restart).
      if (!parameters?.isReconnecting) {
        const balance = await p.rpc.request({
          method: 'eth_getBalance',
          params: [address, 'latest'],
        });
        if (BigInt(balance) === 0n) {
          const { fundDevAccount } = await import('./devWallet.ts');
          await fundDevAccount(config, address);
        }
      }
      setDevWalletConnected(true);
      const accounts = parameters?.withCapabilities ? [{ address, capabilities: {} }] : [address];
      return { accounts, chainId: chain.id } as never;
    },
    async disconnect() {
      setDevWalletConnected(false);
    },
    async getAccounts() {
      return [await getProvider().address()];
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
