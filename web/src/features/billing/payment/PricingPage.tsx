// /Pricing (public, spec 001 'Pricing page'): what a credit costs in USD, ETH and FTX, the daily
// charge per 32 ETH of effective balance (issue 25: a 32-ETH validator pays it, a 2048-ETH one 64
// times it) with examples, and the note that the prices are for convenience only.
import { Anchor, Container, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { FEE_RULE_TEXT, PRICING_NOTE, validatorDailyFee } from '@payd/schemas';
import { useRates } from './paymentApi.ts';
import { useT } from '../../../i18n/useT.ts';

/** The effective balances /Pricing gives the daily fee of: a 0x01 validator, 0x02 ones up to the most. */
const FEE_EXAMPLES_ETH = [32, 40, 64, 2048];

export function PricingPage() {
  const rates = useRates();
  const r = rates.data;
  const { t, message } = useT();
  const row = (label: string, value: string | undefined, testId: string) => (
    <Table.Tr>
      <Table.Td>{label}</Table.Td>
      <Table.Td ff="monospace" data-testid={testId}>
        {value === undefined ? '…' : value === '0' ? t('payment.pricing.notAvailable') : value}
      </Table.Td>
    </Table.Tr>
  );
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1} fz={26}>
          {t('payment.pricing.title')}
        </Title>
        <Paper withBorder radius="md" p="lg" shadow="xs">
          <Stack gap="sm">
            <Text fw={700}>{t('payment.pricing.oneCredit')}</Text>
            <Table data-testid="pricing-rates">
              <Table.Tbody>
                {row('USD', r?.USD, 'rate-usd')}
                {row('ETH', r?.ETH, 'rate-eth')}
                {row('FTX', r?.FTX, 'rate-ftx')}
              </Table.Tbody>
            </Table>
            <Text fz="sm" data-testid="pricing-daily-charge">
              {t('payment.pricing.dailyCharge', { count: r ? Number(r.CR) : 0, cr: r?.CR ?? '…' })}
            </Text>
            <Text fz="sm" c="dimmed" data-testid="pricing-fee-rule">
              {message(FEE_RULE_TEXT)}
            </Text>
            <Table data-testid="pricing-examples" aria-label={t('payment.pricing.examples')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('payment.pricing.effectiveBalance')}</Table.Th>
                  <Table.Th>{t('payment.pricing.creditsADay')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {FEE_EXAMPLES_ETH.map((eth) => (
                  <Table.Tr key={eth}>
                    <Table.Td>{t('stake.summary.eth', { amount: eth })}</Table.Td>
                    <Table.Td ff="monospace">
                      {r ? validatorDailyFee(r.CR, BigInt(eth) * 1_000_000_000n) : '…'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text fz="sm" c="dimmed" data-testid="pricing-note">
              {message(PRICING_NOTE)}
            </Text>
            {rates.isError ? <Text c="red">{t('payment.pricing.notLoaded')}</Text> : null}
          </Stack>
        </Paper>
        <Group gap="lg">
          <Anchor component={Link} to="/">
            {t('payment.pricing.backToPayd')}
          </Anchor>
          <Anchor component={Link} to="/login">
            {t('shell.login')}
          </Anchor>
        </Group>
      </Stack>
    </Container>
  );
}
