// Everything behind the wallet gate: wagmi (loaded only here), 'Connect Your Wallet', the
// connection modals, the unsupported-network screens, the wallet header and the tx status bar.
import { useState } from 'react';
import { Outlet } from 'react-router';
import { WagmiProvider } from 'wagmi';
import { useConfig } from '../../shell/config.ts';
import { createWagmiConfig } from './wagmiConfig.ts';
import { TxStatusProvider } from './TxStatus.tsx';
import { WalletGate } from './WalletGate.tsx';
import { WalletHeader } from './WalletHeader.tsx';

export function WalletLayout() {
  const config = useConfig();
  const [wagmiConfig] = useState(() => createWagmiConfig(config));
  return (
    <WagmiProvider config={wagmiConfig} reconnectOnMount>
      <WalletGate>
        <TxStatusProvider>
          <WalletHeader />
          <Outlet />
        </TxStatusProvider>
      </WalletGate>
    </WagmiProvider>
  );
}
