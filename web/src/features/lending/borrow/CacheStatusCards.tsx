// What happened to a cache the owner did not close (liquidated or redeemed), the claim of the
// collateral surplus such a closing leaves in the collateral-surplus pool, and the recovery-mode
// warning above either form.
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type CacheStatus, type Decimal } from '@payd/protocol';
import { claimCollateralSurplus } from '../protocol/writes.ts';
import type { WalletKyc } from '../kycGateView.tsx';
import { liquidatedText } from './liquidationText.ts';
import { useLiquidationReason } from './useLiquidationReason.ts';
import { useCacheWrite } from './useCacheWrite.ts';
import type { BorrowMarket } from './borrowRules.ts';
import { useLendingT } from '../useLendingT.ts';
import { Tagged } from '../../../i18n/Tagged.tsx';

// The status words are spec 000's (section 4: closedByOwner, closedByLiquidation,
// closedByRedemption), written out for a person: messages lending.closed.<status>.title, .status
// and .text; a liquidation's text is liquidatedText's (its English is in the catalogue).
const closedText: Partial<Record<CacheStatus, true>> = {
  closedByOwner: true,
  closedByLiquidation: true,
  closedByRedemption: true,
};

export function ClosedStatus({ status }: { status: CacheStatus }) {
  const liquidation = useLiquidationReason(status);
  const { t, message } = useLendingT();
  if (!closedText[status]) return null;
  // the real reason: in recovery mode a cache goes under the total ratio, above 115%
  const text =
    status === 'closedByLiquidation'
      ? message(liquidatedText(liquidation?.reason, liquidation?.recoveryMode ?? false))
      : t(`lending.closed.${status}.text`);
  return (
    <Alert
      color="blue"
      variant="light"
      title={t(`lending.closed.${status}.title`)}
      data-testid="cache-closed-status"
    >
      <Text fz="sm" fw={600}>
        {t('lending.closed.status', { status: t(`lending.closed.${status}.status`) })}
      </Text>
      <Text fz="sm">{text}</Text>
    </Alert>
  );
}

export function SurplusCard({ surplus, kyc }: { surplus: Decimal; kyc: WalletKyc }) {
  const { run, busy, blocked } = useCacheWrite(kyc);
  const { t, num } = useLendingT();
  if (surplus.isZero) return null;
  const claim = t('lending.surplus.claim', { amount: num(surplus, 4) });
  return (
    <Paper withBorder p="md" role="region" aria-label={t('lending.surplus.title')}>
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {t('lending.surplus.title')}
        </Title>
        <Text>
          <Tagged
            id="lending.surplus.text"
            values={{ amount: num(surplus, 4) }}
            tags={{ b: (text) => <b data-testid="surplus-amount">{text}</b> }}
          />
        </Text>
        <Group>
          <Button
            loading={busy}
            disabled={blocked}
            onClick={() => void run(claim, (signer) => claimCollateralSurplus(signer))}
          >
            {claim}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function RecoveryWarning({ market }: { market: BorrowMarket }) {
  const { t } = useLendingT();
  if (!market.fees.recoveryMode) return null;
  return (
    <Alert color="yellow" variant="light" title={t('lending.recovery.title')}>
      {t('lending.recovery.text')}
    </Alert>
  );
}
