// The drawing of the dashboard's daily rewards chart (RewardsChart.tsx), in a file of its own so
// that Mantine charts and recharts load after the page shows.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { chartEth, chartTick, type chartPoints } from './rewardChartRules.ts';
import type { SERIES } from './RewardsChart.tsx';

export function RewardsBarChart({
  points,
  series,
}: {
  points: ReturnType<typeof chartPoints>;
  series: typeof SERIES;
}) {
  return (
    <BarChart
      h={220}
      data={points}
      dataKey="label"
      type="stacked"
      series={series}
      valueFormatter={chartEth}
      yAxisLabel="ETH"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      tickLine="none"
      gridAxis="y"
      yAxisProps={{ width: 80, tickFormatter: chartTick }}
      // The drawing is hidden from assistive technology (the summary and table speak for it):
      // recharts' keyboard layer would put a focusable element inside aria-hidden.
      barChartProps={{ accessibilityLayer: false }}
    />
  );
}
