// The credit balance of the customer a charge belongs to (StakeCharge GetCreditBalance, staff
// roles only on the server): credits left, this month's top-ups and charges, validators charged.
import { Group, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../shell/session/session.tsx';
import { StakeCharge } from '@payd/schemas';
import { SERVICE } from './charges.ts';

export function CustomerBalance({ usrId }: { usrId: string }) {
  const api = useApi();
  const q = useQuery({
    queryKey: ['screen', SERVICE, 'balance', usrId],
    queryFn: async () => (await api.call(StakeCharge.GetCreditBalance, { usrId })).data,
    meta: { silent: true },
  });
  const b = q.data;
  return (
    <section aria-label="Customer's credit balance">
      <Title order={3} size="h6" mb={4}>
        Customer&apos;s credit balance
      </Title>
      {!b ? (
        <Text size="sm" c="dimmed">
          {q.isPending ? 'Loading…' : 'Not available'}
        </Text>
      ) : (
        <Group gap="lg" wrap="wrap">
          <Text size="sm">
            Balance: <strong data-testid="customer-balance">{b.Balance}</strong> credits
          </Text>
          <Text size="sm">Top-ups this month: {b.TopUpsThisMonth}</Text>
          <Text size="sm">Charges this month: {b.ChargesThisMonth}</Text>
          <Text size="sm">Validators charged: {b.Validators}</Text>
        </Group>
      )}
    </section>
  );
}
