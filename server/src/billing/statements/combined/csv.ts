// The combined statement as CSV (RFC 4180, CRLF): one row per line of the PDF, in the same order,
// then each section's total, then the ETH/USD price of each day and where it comes from. Amounts are
// plain decimals (a dot, no thousands separator) so that a spreadsheet reads them as numbers.
// The words (sections, descriptions, references) are in the owner's language, Chinese too (the file
// is UTF-8, no font to draw with); the header row stays English: it names the columns for programs
// that read the file (and the tests read it), as the amounts stay plain decimals.
import { languageOfCulture, type LangCode } from '@payd/i18n';
import { i18nOfLang } from '@payd/i18n/node';
import { say, type CombinedFigures } from './figures.ts';

export const CSV_HEADER = [
  'section',
  'date',
  'description',
  'amount',
  'unit',
  'eth_value',
  'usd_value',
  'eth_usd_price',
  'reference',
] as const;

const field = (v: string | null) => {
  const s = v ?? '';
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** The statement of the owner of culture `cultureId` (English when absent). */
export function combinedStatementCsv(f: CombinedFigures, cultureId?: number): Buffer {
  const i18n = i18nOfLang(languageOfCulture(cultureId ?? 1).langCode as LangCode);
  const t = (id: string, values?: Record<string, unknown>) => i18n._(`srv.combined.${id}`, values);
  const title = (id: string) => t(`section.${id}`);
  const rows: (string | null)[][] = [[...CSV_HEADER]];
  for (const s of f.sections)
    for (const l of s.lines)
      rows.push([
        title(s.id),
        l.day,
        say(i18n, l.label),
        l.amount,
        l.unit,
        l.eth,
        l.usd,
        l.ethUsd,
        say(i18n, l.ref),
      ]);
  for (const s of f.sections) {
    const n = s.lines.length;
    rows.push([
      title(s.id),
      '',
      t('csv.total'),
      '',
      '',
      s.eth,
      s.usd,
      '',
      t('csv.lines', { count: n, n: String(n) }),
    ]);
  }
  const source = say(i18n, f.ethUsdSource);
  for (const p of f.prices)
    rows.push([t('csv.prices'), p.day, t('csv.dayPrice'), p.price, 'USD', '', '', p.price, source]);
  return Buffer.from(rows.map((r) => r.map(field).join(',')).join('\r\n') + '\r\n', 'utf8');
}
