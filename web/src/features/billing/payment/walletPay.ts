// The top-up card's wallet payment (walletPayment.ts), loaded when the person pays. Returns the
// transaction hash once mined; the server then verifies and books it.
import { useCallback } from 'react';
import { useConfig as useWagmiConfig } from 'wagmi';
import type { Hex } from 'viem';
import { useConfig } from '../../../app/config.ts';

export type PayCurrencyCrypto = 'ETH' | 'FTX';

export function useWalletPay() {
  const config = useConfig();
  const wagmiConfig = useWagmiConfig();
  const chain = config.chains[String(config.chainId)];
  const rpcUrl = chain?.rpcUrl || config.devRPC;
  return useCallback(
    async (currency: PayCurrencyCrypto, to: string, amount: string): Promise<Hex> =>
      (await import('./walletPayment.ts')).payFromWallet({ wagmiConfig, rpcUrl, currency, to, amount }),
    [wagmiConfig, rpcUrl],
  );
}
