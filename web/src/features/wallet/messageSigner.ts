// A wallet that can sign an EIP-4361 message for web3 sign-in or linking: the dev wallet on
// chain 88, otherwise the browser's injected wallet (personal_sign).
import { DEV_CHAIN_ID, authMessages, type WebConfig } from '@payd/schemas';
import { getAddress, toHex } from 'viem';
import { devAccount } from './devWallet.ts';
import { injectedProvider } from './injectedChain.ts';

export interface MessageSigner {
  address: `0x${string}`;
  signMessage(message: string): Promise<string>;
}

export function usesDevWallet(config: WebConfig): boolean {
  return config.chainId === DEV_CHAIN_ID && Boolean(config.dev);
}

export async function connectMessageSigner(config: WebConfig): Promise<MessageSigner> {
  if (usesDevWallet(config)) {
    const account = devAccount();
    return { address: account.address, signMessage: (message) => account.signMessage({ message }) };
  }
  const eth = injectedProvider();
  if (!eth) throw new Error(authMessages.installMetaMask);
  const accounts = (await eth.request({ method: 'eth_requestAccounts' })) as string[];
  if (!accounts[0]) throw new Error(authMessages.connectAccount);
  const address = getAddress(accounts[0]);
  return {
    address,
    signMessage: async (message) =>
      (await (eth.request as (a: { method: string; params: unknown[] }) => Promise<unknown>)({
        method: 'personal_sign',
        params: [toHex(message), address],
      })) as string,
  };
}
