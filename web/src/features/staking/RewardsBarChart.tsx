// The drawing of the dashboard's daily rewards chart (RewardsChart.tsx), in a file of its own so
// that Mantine charts and recharts load after the page shows.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { formatNumber } from '@payd/i18n';
import type { chartPoints } from './rewardChartRules.ts';
import type { SERIES } from './RewardsChart.tsx';
import { useT } from '../../i18n/useT.ts';

export function RewardsBarChart({
  points,
  series,
}: {
  points: ReturnType<typeof chartPoints>;
  /** SERIES with their labels in the reader's language. */
  series: typeof SERIES;
}) {
  const { t, lang } = useT();
  // ETH to 6 decimals: the tooltip's figures and the axis' ticks (the axis is labelled ETH once).
  const tick = (n: number) => formatNumber(lang, n, { minimumFractionDigits: 6, maximumFractionDigits: 6 });
  return (
    <BarChart
      h={220}
      data={points}
      dataKey="label"
      type="stacked"
      series={series}
      valueFormatter={(n) => t('dash.eth', { amount: tick(n) })}
      yAxisLabel="ETH"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      tickLine="none"
      gridAxis="y"
      yAxisProps={{ width: 80, tickFormatter: tick }}
      // The drawing is hidden from assistive technology (the summary and table speak for it):
      // recharts' keyboard layer would put a focusable element inside aria-hidden.
      barChartProps={{ accessibilityLayer: false }}
    />
  );
}
