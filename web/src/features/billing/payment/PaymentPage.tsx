// /payment, 'Account' (spec 001 'Payment page'): Total Balance, 'How much do you want to top up?'
// and Payment History.
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { remainingIsShort } from '@payd/schemas';
import { StakingCard, StakingPage } from '../../../ui/pageParts.tsx';
import { HistoryCard } from './HistoryCard.tsx';
import { TopUpCard } from './TopUpCard.tsx';
import { useBalance, useRates, type BalanceRecord } from './paymentApi.ts';
import { remainingWords } from './topUpText.ts';
import { useT } from '../../../i18n/useT.ts';

function Figure({
  label,
  value,
  testId,
  warning,
}: {
  label: string;
  value: string | number;
  testId: string;
  warning?: boolean;
}) {
  return (
    <Stack gap={0}>
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={warning ? 'sm' : 'lg'} c={warning ? 'red.8' : undefined} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

function TotalBalanceCard({ balance }: { balance: BalanceRecord | undefined }) {
  const { t } = useT();
  return (
    <StakingCard title={t('payment.totalBalance')} testId="total-balance-card">
      {balance ? (
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="md">
          <Figure label={t('payment.credits')} value={balance.Credits} testId="balance-credits" />
          <Figure label={t('payment.topUps')} value={balance.Topups} testId="balance-topups" />
          <Figure label={t('payment.charges')} value={balance.Charges} testId="balance-charges" />
          <Figure
            label={t('payment.remaining')}
            value={remainingWords(t, balance.Remaining, balance.Validators)}
            testId="balance-remaining"
            warning={remainingIsShort(balance.Remaining, balance.Validators)}
          />
          <Figure label={t('payment.validators')} value={balance.Validators} testId="balance-validators" />
        </SimpleGrid>
      ) : (
        <Text c="dimmed">{t('payment.loading')}</Text>
      )}
      {balance?.DailyCharge && balance.Validators > 0 ? (
        <Text fz="sm" c="dimmed" mt="sm" data-testid="balance-daily-charge">
          {t('payment.dailyCharge', { daily: balance.DailyCharge, eth: balance.EffectiveEth })}
        </Text>
      ) : null}
    </StakingCard>
  );
}

export function PaymentPage() {
  const balance = useBalance();
  const rates = useRates();
  const { t } = useT();
  return (
    <StakingPage title={t('payment.title')}>
      <TotalBalanceCard balance={balance.data} />
      <TopUpCard rates={rates.data ?? null} validators={balance.data?.Validators ?? 0} />
      <HistoryCard />
    </StakingPage>
  );
}
