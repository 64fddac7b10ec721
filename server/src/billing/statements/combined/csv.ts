// The combined statement as CSV (RFC 4180, CRLF): one row per line of the PDF, in the same order,
// then each section's total, then the ETH/USD price of each day and where it comes from. Amounts are
// plain decimals (a dot, no thousands separator) so that a spreadsheet reads them as numbers.
import type { CombinedFigures } from './figures.ts';

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

export function combinedStatementCsv(f: CombinedFigures): Buffer {
  const rows: (string | null)[][] = [[...CSV_HEADER]];
  for (const s of f.sections)
    for (const l of s.lines)
      rows.push([s.title, l.day, l.label, l.amount, l.unit, l.eth, l.usd, l.ethUsd, l.ref]);
  for (const s of f.sections)
    rows.push([s.title, '', 'Total', '', '', s.eth, s.usd, '', `${s.lines.length} line(s)`]);
  for (const p of f.prices)
    rows.push([
      'ETH/USD price',
      p.day,
      'Last price of the day',
      p.price,
      'USD',
      '',
      '',
      p.price,
      f.ethUsdSource,
    ]);
  return Buffer.from(rows.map((r) => r.map(field).join(',')).join('\r\n') + '\r\n', 'utf8');
}
