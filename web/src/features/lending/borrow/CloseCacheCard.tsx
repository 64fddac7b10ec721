// Closing the cache: the PAYD it takes (the debt less the liquidation reserve, which is refunded)
// against what the wallet holds, and the refusals before the wallet is asked.
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type Cache } from '@payd/protocol';
import { closeCache } from '../protocol/writes.ts';
import type { WalletKyc } from '../kycGateView.tsx';
import { checkClose, type BorrowMarket } from './borrowRules.ts';
import { useCacheWrite } from './useCacheWrite.ts';

export function CloseCacheCard({
  market,
  cache,
  kyc,
}: {
  market: BorrowMarket;
  cache: Cache;
  kyc: WalletKyc;
}) {
  const check = checkClose(market, cache);
  const { run, busy, blocked } = useCacheWrite(kyc);
  return (
    <Paper withBorder p="md" role="region" aria-label="Close your cache">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          Close your cache
        </Title>
        <Group justify="space-between" wrap="wrap">
          <Text>PAYD needed</Text>
          <Text fw={600} data-testid="close-needed">
            {check.needed.prettify(2)} PAYD
          </Text>
        </Group>
        <Group justify="space-between" wrap="wrap">
          <Text>Your wallet holds</Text>
          <Text fw={600} data-testid="close-held">
            {check.held.prettify(2)} PAYD
          </Text>
        </Group>
        <Text fz="sm" c="dimmed">
          Closing repays the debt less the 200 PAYD liquidation reserve and returns your{' '}
          {cache.collateral.prettify(4)} ETH.
        </Text>
        {!check.shortfall.isZero && (
          <Alert color="yellow" variant="light" data-testid="close-shortfall">
            You need {check.shortfall.prettify(2)} more PAYD to close this cache.
          </Alert>
        )}
        {check.refusal && (
          <Alert color="red" variant="light" role="alert">
            {check.refusal}
          </Alert>
        )}
        <Group>
          <Button
            color="red"
            variant="light"
            loading={busy}
            disabled={blocked || !check.canSend}
            onClick={() => void run('Close the cache', (signer) => closeCache(signer))}
          >
            Close cache
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
