// /Pricing (public, spec 001 'Pricing page'): what a credit costs in USD, ETH and FTX, the daily
// charge per validator, and the note that the prices are for convenience only.
import { Anchor, Container, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PRICING_NOTE } from '@payd/schemas';
import { useRates } from './paymentApi.ts';

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
            <Text fz="sm">
              Each validator is charged {r?.CR ?? '…'} credit{r?.CR === '1' ? '' : 's'} a day. Paying by FTX
              gives 20% off; topping up 12 months or more gives a further 10% off. Prepaid credits are
              non-refundable.
            </Text>
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
