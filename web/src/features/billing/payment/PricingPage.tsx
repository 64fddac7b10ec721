// /Pricing (public, spec 001 'Pricing page'): what a credit costs in USD, ETH and FTX, the daily
// charge per 32 ETH of effective balance (issue 25: a 32-ETH validator pays it, a 2048-ETH one 64
// times it) with examples, and the note that the prices are for convenience only.
import { Anchor, Container, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { FEE_RULE_TEXT, PRICING_NOTE, validatorDailyFee } from '@payd/schemas';
import { useRates } from './paymentApi.ts';

/** The effective balances /Pricing gives the daily fee of: a 0x01 validator, 0x02 ones up to the most. */
const FEE_EXAMPLES_ETH = [32, 40, 64, 2048];

export function PricingPage() {
  const rates = useRates();
  const r = rates.data;
  const row = (label: string, value: string | undefined, testId: string) => (
    <Table.Tr>
      <Table.Td>{label}</Table.Td>
      <Table.Td ff="monospace" data-testid={testId}>
        {value === undefined ? '…' : value === '0' ? 'not available' : value}
      </Table.Td>
    </Table.Tr>
  );
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1} fz={26}>
          Pricing
        </Title>
        <Paper withBorder radius="md" p="lg" shadow="xs">
          <Stack gap="sm">
            <Text fw={700}>1 credit equals</Text>
            <Table data-testid="pricing-rates">
              <Table.Tbody>
                {row('USD', r?.USD, 'rate-usd')}
                {row('ETH', r?.ETH, 'rate-eth')}
                {row('FTX', r?.FTX, 'rate-ftx')}
              </Table.Tbody>
            </Table>
            <Text fz="sm" data-testid="pricing-daily-charge">
              The daily charge is {r?.CR ?? '…'} credit{r?.CR === '1' ? '' : 's'} per 32 ETH of effective
              balance. Paying by FTX gives 20% off; topping up 12 months or more gives a further 10% off.
              Prepaid credits are non-refundable.
            </Text>
            <Text fz="sm" c="dimmed" data-testid="pricing-fee-rule">
              {FEE_RULE_TEXT}
            </Text>
            <Table data-testid="pricing-examples" aria-label="Daily fee by effective balance">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Effective balance</Table.Th>
                  <Table.Th>Credits a day</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {FEE_EXAMPLES_ETH.map((eth) => (
                  <Table.Tr key={eth}>
                    <Table.Td>{eth} ETH</Table.Td>
                    <Table.Td ff="monospace">
                      {r ? validatorDailyFee(r.CR, BigInt(eth) * 1_000_000_000n) : '…'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text fz="sm" c="dimmed" data-testid="pricing-note">
              {PRICING_NOTE}
            </Text>
            {rates.isError ? (
              <Text c="red">The rates could not be loaded. Please try again later.</Text>
            ) : null}
          </Stack>
        </Paper>
        <Group gap="lg">
          <Anchor component={Link} to="/">
            Back to payd
          </Anchor>
          <Anchor component={Link} to="/login">
            Log in
          </Anchor>
        </Group>
      </Stack>
    </Container>
  );
}
