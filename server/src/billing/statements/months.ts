// Statement months: UTC calendar months named by their first day ('2026-11-01').

/** The first day of the UTC month holding `at`. */
export function monthOf(at: Date): string {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)).toISOString().slice(0, 10);
}

/** The first day of the month after `month`. */
export function nextMonth(month: string): string {
  const d = new Date(`${month}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

/** The last day of `month` (YYYY-MM-DD). */
export function lastDay(month: string): string {
  return new Date(new Date(`${nextMonth(month)}T00:00:00Z`).getTime() - 86_400_000)
    .toISOString()
    .slice(0, 10);
}

/** The instant `month` ends (00:00 UTC of the next month). */
export function monthEnd(month: string): Date {
  return new Date(`${nextMonth(month)}T00:00:00Z`);
}

/** The months from the one holding `first` up to the last one that ended by `now`, oldest first;
 * at most `max` (the newest ones). */
export function endedMonths(first: Date, now: Date, max = 24): string[] {
  const out: string[] = [];
  const current = monthOf(now);
  for (let m = monthOf(first); m < current; m = nextMonth(m)) out.push(m);
  return out.slice(-max);
}
