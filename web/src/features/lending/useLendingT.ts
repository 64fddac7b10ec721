// The lending pages' translation hook: useT() (web/src/i18n/useT.ts) with the amounts of
// @payd/protocol's Decimal in the reader's language. English shows them as the spec's figures do
// (Decimal.prettify and toPercent: '1,234.50', '150.0%'); other languages through Intl.
import { formatNumber } from '@payd/i18n';
import type { Decimal } from '@payd/protocol';
import { useMemo } from 'react';
import { useT, type Translate } from '../../i18n/useT.ts';

export interface LendingTranslate extends Translate {
  /** `value` with `digits` decimals, grouped as the language groups digits. */
  num(value: Decimal, digits?: number): string;
  /** A ratio (1.5) as a percentage ('150.0%'), with as many decimals as Decimal.toPercent. */
  pct(value: Decimal): string;
}

export function formatDecimal(lang: string, value: Decimal, digits = 2): string {
  if (lang === 'en' || value.isInfinite) return value.prettify(digits);
  return formatNumber(lang, value.toString(digits) as unknown as number, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

export function formatRatio(lang: string, value: Decimal): string {
  if (lang === 'en' || value.isInfinite) return value.toPercent();
  const percent = value.mul(100);
  const digits = percent.gte(1000) ? 0 : percent.gte(10) ? 1 : 2;
  return formatNumber(lang, Number(percent.toString(digits)) / 100, {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

export function useLendingT(): LendingTranslate {
  const tr = useT();
  return useMemo(
    () => ({
      ...tr,
      num: (value, digits) => formatDecimal(tr.lang, value, digits),
      pct: (value) => formatRatio(tr.lang, value),
    }),
    [tr],
  );
}
