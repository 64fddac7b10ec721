// One price per UTC day of a month: the last price set at or before the day's end (a day without a
// new price keeps the one before). Days before the first known price have none.
import type { PricePoint } from '@payd/protocol';
import { lastDay } from '../months.ts';

export interface DayPrice {
  /** YYYY-MM-DD (UTC). */
  day: string;
  /** USD per unit, 18 decimals; null when no price was known by the day's end. */
  price: bigint | null;
}

/** The days of `month` ('YYYY-MM-01'), oldest first. */
export function daysOf(month: string): string[] {
  const days: string[] = [];
  const last = lastDay(month);
  for (
    let d = month;
    d <= last;
    d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
  )
    days.push(d);
  return days;
}

/** Each day's last known price from `points` (any order). */
export function dailyPrices(points: readonly PricePoint[], month: string): DayPrice[] {
  const sorted = [...points].sort((a, b) => a.timestamp - b.timestamp);
  let i = 0;
  let price: bigint | null = null;
  return daysOf(month).map((day) => {
    const end = Date.parse(`${day}T00:00:00Z`) / 1000 + 86_400;
    while (i < sorted.length && sorted[i]!.timestamp < end) price = sorted[i++]!.price;
    return { day, price };
  });
}
