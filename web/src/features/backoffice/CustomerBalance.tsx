// The credit balance of the customer a charge belongs to (StakeCharge GetCreditBalance, staff
// roles only on the server): credits left, this month's top-ups and charges, validators charged.
import { Group, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../shell/session/session.tsx';
import { StakeCharge } from '@payd/schemas';
import { SERVICE } from './charges.ts';
import { useT } from '../../i18n/useT.ts';
import { Tagged } from '../../i18n/Tagged.tsx';

export function CustomerBalance({ usrId }: { usrId: string }) {
  const api = useApi();
  const q = useQuery({
    queryKey: ['screen', SERVICE, 'balance', usrId],
    queryFn: async () => (await api.call(StakeCharge.GetCreditBalance, { usrId })).data,
    meta: { silent: true },
  });
  const b = q.data;
  const { t } = useT();
  return (
    <section aria-label={t('staff.balance.title')}>
      <Title order={3} size="h6" mb={4}>
        {t('staff.balance.title')}
      </Title>
      {!b ? (
        <Text size="sm" c="dimmed">
          {q.isPending ? t('staff.loading') : t('staff.notAvailable')}
        </Text>
      ) : (
        <Group gap="lg" wrap="wrap">
          <Text size="sm">
            <Tagged
              id="staff.balance.balance"
              values={{ balance: b.Balance, count: Number(b.Balance) }}
              tags={{ strong: (text) => <strong data-testid="customer-balance">{text}</strong> }}
            />
          </Text>
          <Text size="sm">{t('staff.balance.topUps', { count: b.TopUpsThisMonth })}</Text>
          <Text size="sm">{t('staff.balance.charges', { count: b.ChargesThisMonth })}</Text>
          <Text size="sm">{t('staff.balance.validators', { count: b.Validators })}</Text>
        </Group>
      )}
    </section>
  );
}
