// The dev wallet of chain 88: a viem local account whose key lives in localStorage, funded with
// 100 ETH by the devnet faucet the first time it is used, so a person can use payd without a
// browser extension.
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { WebConfig } from '@payd/schemas';
import { loadDevKey, saveDevAddress, saveDevKey } from './devWalletKey.ts';
import { i18n } from '../../i18n/language.ts';

export function devAccount(): PrivateKeyAccount {
  let key = loadDevKey();
  if (!key) {
    key = generatePrivateKey();
    saveDevKey(key);
  }
  const account = privateKeyToAccount(key);
  saveDevAddress(key, account.address);
  return account;
}

export class FaucetError extends Error {
  override readonly name = 'FaucetError';
}

/** Asks the devnet faucet for 100 ETH for `address`. */
export async function fundDevAccount(config: WebConfig, address: string): Promise<void> {
  if (!config.dev) throw new FaucetError(i18n._('framework.faucet.none'));
  const res = await fetch(config.dev.faucetUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address }),
  });
  if (!res.ok)
    throw new FaucetError(i18n._('framework.faucet.refused', { address, status: String(res.status) }));
}
