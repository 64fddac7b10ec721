// The wallet strip above protected pages (spec 002 section 4): the shortened account, ETH, FTX
// and PAYD balances (WalletTokens.tsx), and copy buttons for the account and the token addresses.
import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useConnection, useDisconnect } from 'wagmi';
import { useConfig } from '../../shell/config.ts';
import { formatUnitsShort, shortenAddress } from './formatAmount.ts';
import { networkName } from './networkName.ts';
import { useEthBalance } from './walletBalances.ts';
import { CopyIcon } from './CopyIcon.tsx';
import { DEV_WALLET_ID } from './devWalletConnector.ts';
import { useT } from '../../i18n/useT.ts';

// FTX and PAYD arrive after the strip shows: their part, the deployment and the protocol's reader
// weigh nothing on the page's first load.
const WalletTokens = lazy(async () => ({ default: (await import('./WalletTokens.tsx')).WalletTokens }));

/** The currency's symbol, the same in every language. */
const ETH = 'ETH';

export function WalletHeader() {
  const config = useConfig();
  const { address, chainId, connector } = useConnection();
  const disconnect = useDisconnect();
  const { t, message } = useT();
  const refetchInterval = (config.storeRefreshInterval || 120) * 1000;
  const eth = useEthBalance(address, refetchInterval);
  if (!address) return null;
  return (
    <Paper withBorder px="md" py="xs" mb="md" aria-label={t('shell.wallet.label')}>
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Badge variant="dot" color="teal">
            {message(networkName(chainId))}
          </Badge>
          <Text ff="monospace" fz="sm" title={address} data-testid="wallet-account">
            {shortenAddress(address)}
          </Text>
          <CopyIcon value={address} label={t('shell.wallet.copyAddress')} />
          {connector?.name && (
            <Text fz="xs" c="dimmed">
              {connector.id === DEV_WALLET_ID ? t('shell.wallet.devWallet') : connector.name}
            </Text>
          )}
        </Group>
        <Group gap="md">
          <Text fz="sm" data-testid="eth-balance">
            <b>{eth.data !== undefined ? formatUnitsShort(eth.data, 18) : '…'}</b> {ETH}
          </Text>
          <Suspense fallback={null}>
            <WalletTokens address={address} refetchInterval={refetchInterval} />
          </Suspense>
          <Button size="compact-sm" variant="subtle" color="gray" onClick={() => disconnect.mutate()}>
            {t('shell.wallet.disconnect')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
