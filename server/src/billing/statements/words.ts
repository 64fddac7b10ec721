// The words and figures of a statement in its owner's language (issue 28): English writes figures
// and dates as the records give them (the spec's statements, byte for byte); German, French,
// Spanish and Simplified Chinese through Intl, each drawn with a font that has its letters (fonts.ts).
import {
  formatDate,
  formatDateTime,
  formatNumber,
  languageOfCulture,
  type I18n,
  type LangCode,
} from '@payd/i18n';
import { i18nOfLang } from '@payd/i18n/node';
import { shortMonthLabel } from '@payd/schemas';
import { BUILT_IN_FONTS, chineseFonts, type StatementFonts } from './fonts.ts';

export interface StatementWords {
  langCode: LangCode;
  i18n: I18n;
  /** The fonts that draw the language. */
  fonts: StatementFonts;
  /** A decimal as the language writes it, its recorded decimals kept. */
  num(value: string): string;
  /** A 'YYYY-MM-DD' day. */
  day(isoDay: string): string;
  /** A 'YYYY-MM-01' month, short ('Nov 2026'). */
  month(month: string): string;
  /** An instant, UTC. */
  when(at: Date): string;
}

// Helvetica draws WinAnsi only: French groups digits with U+202F, which it has no glyph for (nor
// has Noto Sans SC).
const drawable = (s: string) => s.replaceAll('\u202f', '\u00a0');

export function statementWords(cultureId: number | undefined): StatementWords {
  const lang = languageOfCulture(cultureId ?? 1).langCode as LangCode;
  if (lang === 'en')
    return {
      langCode: 'en',
      i18n: i18nOfLang('en'),
      fonts: BUILT_IN_FONTS,
      num: (v) => v,
      day: (d) => d,
      month: shortMonthLabel,
      when: (at) => at.toISOString(),
    };
  const digits = (v: string) => Math.min(v.split('.')[1]?.length ?? 0, 20);
  return {
    langCode: lang,
    i18n: i18nOfLang(lang),
    fonts: lang === 'zh-CN' ? chineseFonts() : BUILT_IN_FONTS,
    num: (v) =>
      /^-?\d+(\.\d+)?$/.test(v)
        ? drawable(
            formatNumber(lang, v as unknown as number, {
              minimumFractionDigits: digits(v),
              maximumFractionDigits: digits(v),
            }),
          )
        : v,
    day: (d) => drawable(formatDate(lang, new Date(`${d}T00:00:00Z`))),
    month: (m) =>
      drawable(
        formatDate(lang, new Date(`${m.slice(0, 7)}-01T00:00:00Z`), { month: 'short', year: 'numeric' }),
      ),
    when: (at) =>
      `${drawable(formatDateTime(lang, at, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }))} UTC`,
  };
}
