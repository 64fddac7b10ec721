// An 18-place amount shown with 8 decimals, its full value in a tooltip (staking and billing lists),
// its digits grouped as the language on screen writes them ('1,234.5', '1.234,5').
import { Text, Tooltip } from '@mantine/core';
import { formatNumber } from '@payd/i18n';
import { formatDecimal } from './decimal.ts';
import { useT } from '../i18n/useT.ts';

/** `value` cut (not rounded) to `places` decimals, as `lang` writes numbers. */
export function localDecimal(lang: string, value: string, places: number): string {
  // Intl takes the exact decimal string (no float): the cut digits come out as they are.
  const exact = formatDecimal(value, places).replaceAll(',', '');
  return formatNumber(lang, exact as unknown as number, {
    minimumFractionDigits: places,
    maximumFractionDigits: places,
  });
}

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
  const { lang } = useT();
  const withSuffix = (amount: string) => (suffix ? `${amount} ${suffix}` : amount);
  return (
    <Tooltip label={withSuffix(localDecimal(lang, value, 18))} withArrow>
      <Text span ff="monospace" fz={fz} data-testid={testId} data-full={formatDecimal(value, 18)}>
        {withSuffix(localDecimal(lang, value, 8))}
      </Text>
    </Tooltip>
  );
}
