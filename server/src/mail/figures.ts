// How an e-mail or a server text writes its figures: as recorded (English, the spec's form) or by
// a language's Intl rules, with the noun form its plural rules choose (issue 28). The alerts and the
// charge e-mails use it.
import { formatMoney, formatNumber } from '@payd/i18n';

/** How figures are written: as recorded (English, the spec's form) or by a language's Intl rules. */
export interface FigureStyle {
  /** A decimal as written by the language, keeping its recorded number of decimals. */
  num(value: string): string;
  /** A dollar amount. */
  usd(value: string): string;
  /** 'one' or 'other': the noun form for this count as the language reads it. */
  form(value: string): 'one' | 'other';
}

const decimals = (value: string) => value.split('.')[1]?.length ?? 0;
const isDecimal = (value: string) => /^-?\d+(\.\d+)?$/.test(value);

/** The spec's English figures: as recorded, '$' before dollars (alertText's own form). */
export const RECORDED_FIGURES: FigureStyle = {
  num: (v) => v,
  usd: (v) => `$${v}`,
  form: (v) =>
    new Intl.PluralRules('en-US', { minimumFractionDigits: Math.min(decimals(v), 20) }).select(Number(v)) ===
    'one'
      ? 'one'
      : 'other',
};

export function figuresOf(lang: string): FigureStyle {
  const digits = (v: string) => Math.min(decimals(v), 20);
  return {
    num: (v) =>
      isDecimal(v)
        ? formatNumber(lang, v as unknown as number, {
            minimumFractionDigits: digits(v),
            maximumFractionDigits: digits(v),
          })
        : v,
    usd: (v) => (isDecimal(v) ? formatMoney(lang, v, 'USD') : v),
    form: (v) =>
      new Intl.PluralRules(lang, { minimumFractionDigits: digits(v) }).select(Number(v)) === 'one'
        ? 'one'
        : 'other',
  };
}
