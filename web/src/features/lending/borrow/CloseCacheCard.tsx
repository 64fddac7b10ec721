// Closing the cache: the PAYD it takes (the debt less the liquidation reserve, which is refunded)
// against what the wallet holds, and the refusals before the wallet is asked.
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type Cache } from '@payd/protocol';
import { closeCache } from '../protocol/writes.ts';
import type { WalletKyc } from '../kycGateView.tsx';
import { checkClose, type BorrowMarket } from './borrowRules.ts';
import { useCacheWrite } from './useCacheWrite.ts';
import { useLendingT } from '../useLendingT.ts';

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
  const { t, message, num } = useLendingT();
  return (
    <Paper withBorder p="md" role="region" aria-label={t('lending.close.title')}>
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {t('lending.close.title')}
        </Title>
        <Group justify="space-between" wrap="wrap">
          <Text>{t('lending.close.needed')}</Text>
          <Text fw={600} data-testid="close-needed">
            {t('lending.payd', { amount: num(check.needed, 2) })}
          </Text>
        </Group>
        <Group justify="space-between" wrap="wrap">
          <Text>{t('lending.close.held')}</Text>
          <Text fw={600} data-testid="close-held">
            {t('lending.payd', { amount: num(check.held, 2) })}
          </Text>
        </Group>
        <Text fz="sm" c="dimmed">
          {t('lending.close.explain', { amount: num(cache.collateral, 4) })}
        </Text>
        {!check.shortfall.isZero && (
          <Alert color="yellow" variant="light" data-testid="close-shortfall">
            {t('lending.close.shortfall', { amount: num(check.shortfall, 2) })}
          </Alert>
        )}
        {check.refusal && (
          <Alert color="red" variant="light" role="alert">
            {message(check.refusal)}
          </Alert>
        )}
        <Group>
          <Button
            color="red"
            variant="light"
            loading={busy}
            disabled={blocked || !check.canSend}
            onClick={() => void run(t('lending.close.tx'), (signer) => closeCache(signer))}
          >
            {t('lending.close.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
