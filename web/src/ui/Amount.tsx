// An 18-place amount shown with 8 decimals, its full value in a tooltip (staking and billing lists).
import { Text, Tooltip } from '@mantine/core';
import { formatDecimal } from './decimal.ts';

/** An 18-place amount shown with 8 decimals, the full value in a tooltip. */
export function Amount({
  value,
  suffix = 'ETH',
  testId,
  fz = 'sm',
}: {
  value: string;
  suffix?: string;
  testId?: string;
  /** Font size; the default suits tables and lists. */
  fz?: string;
}) {
  const full = formatDecimal(value, 18);
  return (
    <Tooltip label={`${full} ${suffix}`} withArrow>
      <Text span ff="monospace" fz={fz} data-testid={testId} data-full={full}>
        {formatDecimal(value, 8)}
        {suffix ? ` ${suffix}` : ''}
      </Text>
    </Tooltip>
  );
}
