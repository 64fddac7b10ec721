// Numbers, money, dates and plurals in the reader's language, through Intl (no string building):
// components and e-mails call these with the active language instead of concatenating.

/** A number with the language's digits grouping and decimal sign ('1,234.5', '1.234,5'). */
export function formatNumber(
  lang: string,
  value: number | bigint,
  options?: Intl.NumberFormatOptions,
): string {
  return new Intl.NumberFormat(lang, options).format(value);
}

/**
 * An exact decimal amount (money is a string, never a float: ARCHITECTURE.md section 6) in a
 * currency, e.g. ('de', '1234.50', 'EUR') → '1.234,50 €'. Intl formats a decimal string without
 * rounding it through a float.
 */
export function formatMoney(lang: string, amount: string, currency: string): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(
    amount as unknown as number, // Intl.NumberFormat takes a decimal string as-is (ES2023).
  );
}

/** An amount of a token Intl has no currency code for ('1.5 ETH', '1,5 ETH', '1,5 ETH'). */
export function formatTokenAmount(
  lang: string,
  amount: string,
  symbol: string,
  maximumFractionDigits = 6,
): string {
  const digits = new Intl.NumberFormat(lang, { maximumFractionDigits }).format(amount as unknown as number);
  return `${digits}\u00a0${symbol}`;
}

/** A calendar date ('28 Nov 2026', '28.11.2026', '2026年11月28日'), UTC unless a zone is given. */
export function formatDate(
  lang: string,
  date: Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return new Intl.DateTimeFormat(lang, { timeZone: 'UTC', ...options }).format(date);
}

/** A date and time, in the reader's zone by default. */
export function formatDateTime(
  lang: string,
  date: Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  return new Intl.DateTimeFormat(lang, options).format(date);
}
