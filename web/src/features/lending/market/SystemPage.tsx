// /system (spec 000 section 1): price, totals, total collateral ratio, recovery mode, number of
// caches, pool size, fee rates and the fee-wallet and charity balances. Read-only; it follows new
// blocks from the protocol store (a price change or another account's liquidation shows at once).
import { Alert, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DevPanel } from '../dev/DevPanel.tsx';
import { useProtocol } from '../protocol/ProtocolProvider.tsx';
import { LendingLayout } from '../LendingLayout.tsx';
import { systemGroups, type SystemInput, type SystemRow } from './systemRows.ts';
import { useLendingT, type LendingTranslate } from '../useLendingT.ts';
import { formatNumber } from '@payd/i18n';
import { useT } from '../../../i18n/useT.ts';

/** A row's value in the reader's language: its figure through Intl, else its English words translated. */
function valueText(tr: LendingTranslate, r: SystemRow): string {
  const f = r.figure;
  if (!f) return tr.message(r.value);
  if ('ratio' in f) return tr.pct(f.ratio);
  if ('count' in f) return formatNumber(tr.lang, f.count);
  return tr.t('lending.system.amount', { amount: tr.num(f.amount, f.digits), unit: f.unit });
}

export function SystemPage() {
  const { t } = useT();
  return (
    <LendingLayout title={t('lending.nav.system')}>
      <DevPanel />
      <SystemFigures />
    </LendingLayout>
  );
}

function SystemFigures() {
  const s = useProtocol((state): SystemInput => ({
    price: state.price,
    total: state.total,
    fees: state.fees,
    numberOfCaches: state.numberOfCaches,
    paydInRewardsPool: state.paydInRewardsPool,
    borrowingRate: state.borrowingRate,
    redemptionRate: state.redemptionRate,
    ftxInventoryBalance: state.ftxInventoryBalance,
    totalLifetimeLiquidations: state.totalLifetimeLiquidations,
    openCacheFeeBalance: state.openCacheFeeBalance,
    topupCacheFeeBalance: state.topupCacheFeeBalance,
    paydSwapFeeBalance: state.paydSwapFeeBalance,
    fethSwapFeeBalance: state.fethSwapFeeBalance,
    liquidationFeeBalance: state.liquidationFeeBalance,
    liquidationDepositBalance: state.liquidationDepositBalance,
    stakingFeeBalance: state.stakingFeeBalance,
    miningFeeBalance: state.miningFeeBalance,
    charityWalletFETH: state.charityWalletFETH,
    charityWalletPAYD: state.charityWalletPAYD,
    blockNumber: state.blockNumber,
    haveUndercollateralizedCaches: state.haveUndercollateralizedCaches,
  }));
  const groups = systemGroups(s);
  // systemRows words titles, labels and the yes/no answers in English: shown in the reader's language
  const tr = useLendingT();
  const { t, message, lang } = tr;
  return (
    <Stack gap="md">
      {s.fees.recoveryMode && (
        <Alert color="orange" variant="light" title={t('lending.recovery.title')}>
          {t('lending.system.recovery')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {groups.map((g) => (
          <Paper key={g.title} withBorder radius="md" p="md" role="region" aria-label={message(g.title)}>
            <Stack gap={6}>
              <Title order={2} fz="lg">
                {message(g.title)}
              </Title>
              {g.rows.map((r) => (
                <Group key={r.key} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                  <Text c="dimmed" fz="sm">
                    {message(r.label)}
                  </Text>
                  <Text fw={600} fz="sm" ta="right" data-testid={`system-${r.key}`}>
                    {valueText(tr, r)}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <Text fz="xs" c="dimmed">
        {t('lending.system.asOf', { block: formatNumber(lang, s.blockNumber, { useGrouping: false }) })}
      </Text>
    </Stack>
  );
}
