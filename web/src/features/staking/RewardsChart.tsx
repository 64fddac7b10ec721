// The dashboard's chart of daily rewards over time (issue 25 item 10): consensus rewards, fees and
// MEV per UTC day of the last 30 days (EthTxHistoryWs GetRewardChart), stacked. Mantine charts
// (recharts underneath: SVG with inline style attributes, which the app's CSP allows with
// style-src 'unsafe-inline'). Assistive technology reads a one-sentence summary and a table of the
// exact figures instead of the drawing.
import { lazy, Suspense } from 'react';
import { Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { EthTxHistory, REWARD_CHART_DAYS } from '@payd/schemas';
import { useApi } from '../../shell/session/session.tsx';
import { Amount } from '../../ui/Amount.tsx';
import { StakingCard } from '../../ui/pageParts.tsx';
import { stakingKeys } from './dashboardApi.ts';
import { Empty, Loading } from './cardStates.tsx';
import { chartPoints } from './rewardChartRules.ts';
import { chartSummaryWords, dayLabelIn } from './dashboardTexts.ts';
import { useT } from '../../i18n/useT.ts';

// The drawing (Mantine charts and recharts, 150 kB) loads after the page shows.
const RewardsBarChart = lazy(async () => ({
  default: (await import('./RewardsBarChart.tsx')).RewardsBarChart,
}));

export function useRewardChart(address: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: [...stakingKeys.all, 'rewardChart', address.toLowerCase(), REWARD_CHART_DAYS],
    queryFn: async () =>
      (
        await api.call(EthTxHistory.GetRewardChart, {
          walletAddress: address,
          days: REWARD_CHART_DAYS,
        })
      ).data.Rows,
    enabled,
  });
}

/** The stacked series: what each reward kind is called (its catalogue id) and drawn in. */
export const SERIES = [
  { name: 'Staking', label: 'dash.chart.staking', color: 'teal.6' },
  { name: 'Fees', label: 'dash.chart.fees', color: 'blue.5' },
  { name: 'MEV', label: 'dash.chart.mev', color: 'grape.5' },
];

export function RewardsChartCard({ address, hasWallet }: { address: string; hasWallet: boolean }) {
  const chart = useRewardChart(address, hasWallet);
  const rows = chart.data ?? [];
  const tr = useT();
  const { t, lang } = tr;
  const summary = chartSummaryWords(tr, rows);
  const series = SERIES.map((s) => ({ ...s, label: t(s.label) }));
  const points = chartPoints(rows).map((p, i) => ({ ...p, label: dayLabelIn(lang, rows[i]!.Day) }));
  return (
    <StakingCard title={t('dash.chart.title')} testId="rewards-chart-card">
      {chart.isPending && hasWallet ? (
        <Loading />
      ) : !rows.length ? (
        <Empty text={t('dash.rewards.empty')} />
      ) : (
        <figure style={{ margin: 0 }} aria-labelledby="rewards-chart-summary">
          <Text id="rewards-chart-summary" fz="sm" c="dimmed" mb="xs" data-testid="rewards-chart-summary">
            {summary}
          </Text>
          <div aria-hidden data-testid="rewards-chart">
            <Suspense fallback={<div style={{ height: 220 }} />}>
              <RewardsBarChart points={points} series={series} />
            </Suspense>
          </div>
          <VisuallyHidden>
            <Table data-testid="rewards-chart-table">
              <caption>{t('dash.chart.caption')}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('dash.chart.day')}</Table.Th>
                  {series.map((s) => (
                    <Table.Th key={s.name}>{s.label}</Table.Th>
                  ))}
                  <Table.Th>{t('dash.chart.total')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.Day}>
                    <Table.Td>{r.Day}</Table.Td>
                    <Table.Td>
                      <Amount value={r.StakeRewardAmt} />
                    </Table.Td>
                    <Table.Td>
                      <Amount value={r.MiningRewardAmt} />
                    </Table.Td>
                    <Table.Td>
                      <Amount value={r.MEVRewardAmt} />
                    </Table.Td>
                    <Table.Td>
                      <Amount value={r.TotalRewardAmt} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </VisuallyHidden>
        </figure>
      )}
    </StakingCard>
  );
}
