// The Payment History export (spec 001 section 9): sheet 'Payment History', columns Payment Type,
// Date, Amount (4 decimals), Currency, and the Credits the payment booked (as the page shows);
// type names T 'FTX Payment', C 'Credit Card', E 'ETH Payment', else 'Arbitrary'; file name with a
// date stamp. Amounts and credits are numbers in the sheet; dates are UTC and say so. The words
// are English unless the page gives its language's (issue 28).
import { paymentCurrency, paymentTypeName } from '@payd/schemas';
import type { SheetSpec } from '@payd/files';

export const PAYMENT_HISTORY_SHEET = 'Payment History';
export const PAYMENT_HISTORY_HEADER = ['Payment Type', 'Date', 'Amount', 'Currency', 'Credits'] as const;

/** The sheet's words: its name (also the file name's), the header and the payment type names. */
export interface PaymentExportWords {
  sheetName: string;
  header: readonly string[];
  typeName: (cd: string) => string;
}

export const ENGLISH_EXPORT_WORDS: PaymentExportWords = {
  sheetName: PAYMENT_HISTORY_SHEET,
  header: PAYMENT_HISTORY_HEADER,
  typeName: paymentTypeName,
};

/** An exact decimal string cut (not rounded) to `places` decimals, padded: '0.00512' → '0.0051'. */
export function fixedPlaces(value: string, places: number): string {
  const [i = '0', f = ''] = value.split('.');
  return `${i}.${f.slice(0, places).padEnd(places, '0')}`;
}

const two = (n: number) => String(n).padStart(2, '0');

/** 'yyyy-mm-dd hh:mm UTC': the zone named, the one the statements use. */
export function paidOnText(iso: string): string {
  const d = new Date(iso);
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;
}

export function paymentHistorySheet(
  rows: ReadonlyArray<{ PmtTypeCd4: string; PaidOn4: string; PmtAmt4: string; CreditAmt4: string }>,
  words: PaymentExportWords = ENGLISH_EXPORT_WORDS,
): SheetSpec {
  return {
    sheetName: words.sheetName,
    header: words.header,
    rows: rows.map((r) => [
      words.typeName(r.PmtTypeCd4),
      paidOnText(r.PaidOn4),
      fixedPlaces(r.PmtAmt4, 4),
      paymentCurrency(r.PmtTypeCd4),
      fixedPlaces(r.CreditAmt4, 2),
    ]),
    widths: [16, 22, 16, 10, 12],
    numberColumns: { 2: 4, 4: 2 },
  };
}

/** 'Payment History yyyymmdd.xlsx' (the sheet's name in the page's language). */
export function paymentHistoryFileName(now: Date, name = PAYMENT_HISTORY_SHEET): string {
  return `${name} ${now.getFullYear()}${two(now.getMonth() + 1)}${two(now.getDate())}.xlsx`;
}
