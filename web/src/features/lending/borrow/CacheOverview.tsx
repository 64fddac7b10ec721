// The open cache as the chain holds it: collateral, debt, ratio and the liquidation price that holds
// in normal and recovery mode (liquidationText.ts), the ratio at
// an ETH price the person chooses, and its redemption risk (useRedemptionRisk).
import { Alert, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { MINIMUM_COLLATERAL_RATIO, type Cache } from '@payd/protocol';
import { useProtocol } from '../protocol/ProtocolProvider.tsx';
import { useLendingT, type LendingTranslate } from '../useLendingT.ts';
import { parseAmount } from './amounts.ts';
import type { BorrowMarket } from './borrowRules.ts';
import { liquidationOutlook, type LiquidationOutlook } from './liquidationText.ts';
import type { RedemptionRisk } from './redemptionRisk.ts';

function Figure({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text fw={600} fz="lg" data-testid={id}>
        {children}
      </Text>
    </div>
  );
}

/** A sentence of the liquidation outlook with its amounts in the reader's language. */
function noteText({ t, num }: LendingTranslate, note: LiquidationOutlook['notes'][number]): string {
  const values = Object.fromEntries(Object.entries(note.values).map(([k, v]) => [k, num(v, 2)]));
  return t(note.id, values);
}

export function CacheOverview({
  market,
  cache,
  risk,
}: {
  market: BorrowMarket;
  cache: Cache;
  risk: RedemptionRisk | undefined | 'loading';
}) {
  const tr = useLendingT();
  const { t, message, num, pct } = tr;
  const [priceText, setPriceText] = useState('');
  const numberOfCaches = useProtocol((s) => s.numberOfCaches);
  const outlook = liquidationOutlook(
    cache,
    market.total,
    market.price,
    market.paydInRewardsPool,
    numberOfCaches,
  );
  const chosen = parseAmount(priceText);
  const chosenPrice = chosen.ok && chosen.value && !chosen.value.isZero ? chosen.value : undefined;
  const chosenRatio = chosenPrice ? cache.collateralRatio(chosenPrice) : undefined;
  return (
    <Paper withBorder p="md" role="region" aria-label={t('lending.cache.title')}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('lending.cache.title')}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Figure label={t('lending.cache.collateral')} id="cache-collateral">
            {t('lending.eth', { amount: num(cache.collateral, 4) })}
          </Figure>
          <Figure label={t('lending.cache.debt')} id="cache-debt">
            {t('lending.payd', { amount: num(cache.debt, 2) })}
          </Figure>
          <Figure label={t('lending.cache.ratio')} id="cache-ratio">
            {pct(cache.collateralRatio(market.price))}
          </Figure>
          <Figure label={t('lending.cache.liquidationPrice')} id="cache-liquidation-price">
            {t('lending.payd', { amount: num(outlook.prices.effective, 2) })}
          </Figure>
        </SimpleGrid>
        {outlook.notes.map((note) => (
          <Text key={note.id} fz="sm" c="dimmed" data-testid="cache-liquidation-outlook">
            {noteText(tr, note)}
          </Text>
        ))}
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label={t('lending.cache.atPrice')}
            inputMode="decimal"
            autoComplete="off"
            value={priceText}
            onChange={(e) => setPriceText(e.currentTarget.value)}
            error={chosen.ok ? undefined : message(chosen.error)}
            w={220}
          />
          {chosenRatio && (
            <Text pb={6} data-testid="cache-ratio-at-price">
              {chosenRatio.lt(MINIMUM_COLLATERAL_RATIO)
                ? t('lending.cache.ratioAtPriceLow', { ratio: pct(chosenRatio) })
                : t('lending.cache.ratioAtPrice', { ratio: pct(chosenRatio) })}
            </Text>
          )}
        </Group>
        <RiskText risk={risk} />
      </Stack>
    </Paper>
  );
}

function RiskText({ risk }: { risk: RedemptionRisk | undefined | 'loading' }) {
  const { t, num } = useLendingT();
  if (risk === 'loading')
    return (
      <Text fz="sm" c="dimmed">
        {t('lending.cache.riskLoading')}
      </Text>
    );
  if (!risk) return null;
  return (
    <Stack gap={4}>
      <Text fz="sm" data-testid="cache-redemption-risk">
        {t('lending.cache.risk', { count: risk.cachesInFront, debt: num(risk.debtInFront, 2) })}
      </Text>
      {risk.headsUp && (
        <Alert color="yellow" variant="light" data-testid="cache-redemption-heads-up">
          {t('lending.cache.headsUp', { amount: num(risk.ordinaryRedemption, 0) })}
        </Alert>
      )}
    </Stack>
  );
}
