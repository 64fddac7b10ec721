// A wagmi connector for the dev wallet of chain 88, around the provider of devProvider.ts.
import { createConnector } from 'wagmi';
import type { Chain } from 'viem';
import type { WebConfig } from '@payd/schemas';
import { devWalletConnected, setDevWalletConnected } from './devWalletKey.ts';
import type { createDevProvider } from './devProvider.ts';

export const DEV_WALLET_ID = 'payd-dev-wallet';

export function devWalletConnector(config: WebConfig, chain: Chain, rpcUrl: string) {
  type Provider = ReturnType<typeof createDevProvider>;
  // The provider (a viem wallet client and the local key's signer) loads when first used, so
  // pages behind the wallet gate do not download it with the connector.
  let provider: Promise<Provider> | null = null;
  const getProvider = () =>
    (provider ??= import('./devProvider.ts').then((m) => m.createDevProvider(chain, rpcUrl)));
  return createConnector<Provider>(() => ({
    id: DEV_WALLET_ID,
    name: 'Dev wallet',
    type: 'devWallet',
    async connect(parameters) {
      const p = await getProvider();
      // A new dev account starts empty: ask the faucet for 100 ETH. Reconnecting on page load
      // only restores the local key, so it never waits on the chain (e.g. just after a restart).
      if (!parameters?.isReconnecting) {
        const balance = await p.rpc.request({
          method: 'eth_getBalance',
          params: [p.account.address, 'latest'],
        });
        if (BigInt(balance) === 0n) {
          const { fundDevAccount } = await import('./devWallet.ts');
          await fundDevAccount(config, p.account.address);
        }
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
      return [(await getProvider()).account.address];
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
