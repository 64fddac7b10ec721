// The open cache as the chain holds it: collateral, debt, ratio and the liquidation price that holds
// in normal and recovery mode (liquidationText.ts), the ratio at
// an ETH price the person chooses, and its redemption risk (useRedemptionRisk).
import { Alert, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { MINIMUM_COLLATERAL_RATIO, type Cache } from '@payd/protocol';
import { useProtocol } from '../protocol/ProtocolProvider.tsx';
import { parseAmount } from './amounts.ts';
import type { BorrowMarket } from './borrowRules.ts';
import { liquidationOutlook } from './liquidationText.ts';
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

export function CacheOverview({
  market,
  cache,
  risk,
}: {
  market: BorrowMarket;
  cache: Cache;
  risk: RedemptionRisk | undefined | 'loading';
}) {
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
    <Paper withBorder p="md" role="region" aria-label="Your cache">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Your cache
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Figure label="Collateral" id="cache-collateral">
            {cache.collateral.prettify(4)} ETH
          </Figure>
          <Figure label="Debt" id="cache-debt">
            {cache.debt.prettify(2)} PAYD
          </Figure>
          <Figure label="Collateral ratio" id="cache-ratio">
            {cache.collateralRatio(market.price).toPercent()}
          </Figure>
          <Figure label="Liquidation price" id="cache-liquidation-price">
            {outlook.prices.effective.prettify(2)} PAYD
          </Figure>
        </SimpleGrid>
        {outlook.lines.map((line) => (
          <Text key={line} fz="sm" c="dimmed" data-testid="cache-liquidation-outlook">
            {line}
          </Text>
        ))}
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label="At an ETH price of (PAYD)"
            inputMode="decimal"
            autoComplete="off"
            value={priceText}
            onChange={(e) => setPriceText(e.currentTarget.value)}
            error={chosen.ok ? undefined : chosen.error}
            w={220}
          />
          {chosenRatio && (
            <Text pb={6} data-testid="cache-ratio-at-price">
              your collateral ratio would be {chosenRatio.toPercent()}
              {chosenRatio.lt(MINIMUM_COLLATERAL_RATIO) ? ': under 115%, it could be liquidated.' : '.'}
            </Text>
          )}
        </Group>
        <RiskText risk={risk} />
      </Stack>
    </Paper>
  );
}

function RiskText({ risk }: { risk: RedemptionRisk | undefined | 'loading' }) {
  if (risk === 'loading')
    return (
      <Text fz="sm" c="dimmed">
        Reading the redemption order…
      </Text>
    );
  if (!risk) return null;
  return (
    <Stack gap={4}>
      <Text fz="sm" data-testid="cache-redemption-risk">
        Redemption risk: {risk.cachesInFront} {risk.cachesInFront === 1 ? 'cache' : 'caches'} with{' '}
        {risk.debtInFront.prettify(2)} PAYD of debt {risk.cachesInFront === 1 ? 'is' : 'are'} redeemed before
        yours.
      </Text>
      {risk.headsUp && (
        <Alert color="yellow" variant="light" data-testid="cache-redemption-heads-up">
          A redemption of ordinary size ({risk.ordinaryRedemption.prettify(0)} PAYD, a tenth of all debt)
          would reach your cache. Adding collateral or repaying debt moves it back in the order.
        </Alert>
      )}
    </Stack>
  );
}
