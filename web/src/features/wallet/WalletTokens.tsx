// The FTX and PAYD part of the wallet strip, loaded after the strip shows (WalletHeader.tsx lazy):
// the balances read by @payd/protocol and a copy button for each token's contract address.
import { Group, Text } from '@mantine/core';
import type { Address } from 'viem';
import { CopyIcon } from './CopyIcon.tsx';
import { formatUnitsShort } from './formatAmount.ts';
import { useWalletTokens } from './walletTokens.ts';
import { useT } from '../../i18n/useT.ts';

/** A token's balance and a button copying the token's contract address (to add it to a wallet). */
function TokenBalance(p: { symbol: string; amount: bigint | undefined; token: string; testId: string }) {
  const { t } = useT();
  return (
    <Group gap={4}>
      <Text fz="sm" data-testid={p.testId}>
        <b>{p.amount !== undefined ? formatUnitsShort(p.amount) : '…'}</b> {p.symbol}
      </Text>
      <CopyIcon value={p.token} label={t('shell.wallet.copyToken', { symbol: p.symbol })} />
    </Group>
  );
}

export function WalletTokens({ address, refetchInterval }: { address: Address; refetchInterval: number }) {
  const { addresses, tokens } = useWalletTokens(address, refetchInterval);
  if (!addresses) return null;
  return (
    <>
      <TokenBalance symbol="FTX" amount={tokens.data?.ftx} token={addresses.ftxToken} testId="ftx-balance" />
      <TokenBalance
        symbol="PAYD"
        amount={tokens.data?.payd}
        token={addresses.paydToken}
        testId="payd-balance"
      />
    </>
  );
}
