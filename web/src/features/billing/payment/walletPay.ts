// The top-up card's wallet payment (walletPayment.ts), loaded when the person pays. Returns the
// transaction hash once mined; the server then verifies and books it.
import { useCallback } from 'react';
import { useConfig as useWagmiConfig } from 'wagmi';
import type { Hex } from 'viem';
import { useConfig } from '../../../shell/config.ts';

export type PayCurrencyCrypto = 'ETH' | 'FTX';

export function useWalletPay() {
  const config = useConfig();
  const wagmiConfig = useWagmiConfig();
  return useCallback(
    async (currency: PayCurrencyCrypto, to: string, amount: string): Promise<Hex> =>
      (await import('./walletPayment.ts')).payFromWallet({ config, wagmiConfig, currency, to, amount }),
    [config, wagmiConfig],
  );
}
