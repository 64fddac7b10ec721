// How the security page says when a passkey was registered and last used (issue 17).

const format = (iso: string, timeZone?: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  });

/** 'Added 24 Nov 2026, 22:20 · Last used 25 Nov 2026, 08:03' ('Not used yet' until it is). */
export function passkeyDates(p: { createdAt: string; lastUsedAt: string | null }, timeZone?: string): string {
  const used = p.lastUsedAt ? `Last used ${format(p.lastUsedAt, timeZone)}` : 'Not used yet';
  return `Added ${format(p.createdAt, timeZone)} · ${used}`;
}
