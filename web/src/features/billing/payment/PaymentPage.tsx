// /payment, 'Account' (spec 001 'Payment page'): Total Balance, 'How much do you want to top up?'
// and Payment History.
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { remainingIsShort } from '@payd/schemas';
import { StakingCard, StakingPage } from '../../../ui/pageParts.tsx';
import { HistoryCard } from './HistoryCard.tsx';
import { TopUpCard } from './TopUpCard.tsx';
import { useBalance, useRates, type BalanceRecord } from './paymentApi.ts';

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
  return (
    <StakingCard title="Total Balance" testId="total-balance-card">
      {balance ? (
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="md">
          <Figure label="Credits" value={balance.Credits} testId="balance-credits" />
          <Figure label="Top-ups this month" value={balance.Topups} testId="balance-topups" />
          <Figure label="Charges this month" value={balance.Charges} testId="balance-charges" />
          <Figure
            label="Remaining"
            value={balance.RemainingText}
            testId="balance-remaining"
            warning={remainingIsShort(balance.Remaining, balance.Validators)}
          />
          <Figure label="Validators" value={balance.Validators} testId="balance-validators" />
        </SimpleGrid>
      ) : (
        <Text c="dimmed">Loading…</Text>
      )}
      {balance?.DailyCharge && balance.Validators > 0 ? (
        <Text fz="sm" c="dimmed" mt="sm" data-testid="balance-daily-charge">
          Remaining is at {balance.DailyCharge} credits a day: the daily charge per 32 ETH of effective
          balance, for {balance.EffectiveEth} ETH of effective balance.
        </Text>
      ) : null}
    </StakingCard>
  );
}

export function PaymentPage() {
  const balance = useBalance();
  const rates = useRates();
  return (
    <StakingPage title="Account">
      <TotalBalanceCard balance={balance.data} />
      <TopUpCard rates={rates.data ?? null} validators={balance.data?.Validators ?? 0} />
      <HistoryCard />
    </StakingPage>
  );
}
