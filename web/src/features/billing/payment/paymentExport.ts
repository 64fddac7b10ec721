// The Payment History export (spec 001 section 9): sheet 'Payment History', columns Payment Type,
// Date, Amount (4 decimals), Currency; type names T 'FTX Payment', C 'Credit Card', E 'ETH
// Payment', else 'Arbitrary'; file name with a date stamp.
import { paymentCurrency, paymentTypeName } from '@payd/schemas';
import type { SheetSpec } from '@payd/files';

export const PAYMENT_HISTORY_SHEET = 'Payment History';
export const PAYMENT_HISTORY_HEADER = ['Payment Type', 'Date', 'Amount', 'Currency'] as const;

/** An exact decimal string cut (not rounded) to `places` decimals, padded: '0.00512' → '0.0051'. */
export function fixedPlaces(value: string, places: number): string {
  const [i = '0', f = ''] = value.split('.');
  return `${i}.${f.slice(0, places).padEnd(places, '0')}`;
}

const two = (n: number) => String(n).padStart(2, '0');

/** 'yyyy-mm-dd hh:mm' in local time. */
export function paidOnText(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

export function paymentHistorySheet(
  rows: ReadonlyArray<{ PmtTypeCd4: string; PaidOn4: string; PmtAmt4: string }>,
): SheetSpec {
  return {
    sheetName: PAYMENT_HISTORY_SHEET,
    header: PAYMENT_HISTORY_HEADER,
    rows: rows.map((r) => [
      paymentTypeName(r.PmtTypeCd4),
      paidOnText(r.PaidOn4),
      fixedPlaces(r.PmtAmt4, 4),
      paymentCurrency(r.PmtTypeCd4),
    ]),
    widths: [16, 18, 16, 10],
  };
}

/** 'Payment History yyyymmdd.xlsx'. */
export function paymentHistoryFileName(now: Date): string {
  return `Payment History ${now.getFullYear()}${two(now.getMonth() + 1)}${two(now.getDate())}.xlsx`;
}
