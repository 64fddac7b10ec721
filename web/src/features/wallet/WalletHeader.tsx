// The wallet strip above protected pages (spec 002 section 4): the shortened account, ETH, FTX
// and PAYD balances, and copy buttons for the account and the FTX and PAYD token addresses.
import { ActionIcon, Badge, Button, CopyButton, Group, Paper, Text } from '@mantine/core';
import { useConnection, useDisconnect } from 'wagmi';
import { useConfig } from '../../app/config.ts';
import { formatUnitsShort, shortenAddress } from './formatAmount.ts';
import { LazyTooltip } from './LazyTooltip.tsx';
import { networkName } from './networkName.ts';
import { useEthBalance, useWalletTokens } from './walletBalances.ts';

const copyGlyph = (
  <svg
    width="14"
    height="14"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden
  >
    <rect x="9" y="9" width="13" height="13" rx="2" />
    <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
  </svg>
);
const checkGlyph = (
  <svg
    width="14"
    height="14"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.5"
    aria-hidden
  >
    <path d="M20 6 9 17l-5-5" />
  </svg>
);

function CopyIcon({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <LazyTooltip label={copied ? 'Copied' : label} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            aria-label={label}
            size="sm"
          >
            {copied ? checkGlyph : copyGlyph}
          </ActionIcon>
        </LazyTooltip>
      )}
    </CopyButton>
  );
}

/** A token's balance and a button copying the token's contract address (to add it to a wallet). */
function TokenBalance(p: { symbol: string; amount: bigint | undefined; token: string; testId: string }) {
  return (
    <Group gap={4}>
      <Text fz="sm" data-testid={p.testId}>
        <b>{p.amount !== undefined ? formatUnitsShort(p.amount) : '…'}</b> {p.symbol}
      </Text>
      <CopyIcon value={p.token} label={`Copy ${p.symbol} token address`} />
    </Group>
  );
}

export function WalletHeader() {
  const config = useConfig();
  const { address, chainId, connector } = useConnection();
  const disconnect = useDisconnect();
  const refetchInterval = (config.storeRefreshInterval || 120) * 1000;
  const eth = useEthBalance(address, refetchInterval);
  const { addresses, tokens } = useWalletTokens(address, refetchInterval);
  if (!address) return null;
  return (
    <Paper withBorder px="md" py="xs" mb="md" aria-label="Wallet">
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Badge variant="dot" color="teal">
            {networkName(chainId)}
          </Badge>
          <Text ff="monospace" fz="sm" title={address} data-testid="wallet-account">
            {shortenAddress(address)}
          </Text>
          <CopyIcon value={address} label="Copy address" />
          {connector?.name && (
            <Text fz="xs" c="dimmed">
              {connector.name}
            </Text>
          )}
        </Group>
        <Group gap="md">
          <Text fz="sm" data-testid="eth-balance">
            <b>{eth.data !== undefined ? formatUnitsShort(eth.data, 18) : '…'}</b> ETH
          </Text>
          {addresses && (
            <>
              <TokenBalance
                symbol="FTX"
                amount={tokens.data?.ftx}
                token={addresses.ftxToken}
                testId="ftx-balance"
              />
              <TokenBalance
                symbol="PAYD"
                amount={tokens.data?.payd}
                token={addresses.paydToken}
                testId="payd-balance"
              />
            </>
          )}
          <Button size="compact-sm" variant="subtle" color="gray" onClick={() => disconnect.mutate()}>
            Disconnect
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
