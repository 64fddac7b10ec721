// How the security page says when a passkey was registered and last used (issue 17), in the
// language on screen: the words from the catalogue, the dates as the language writes them.
import { formatDateTime } from '@payd/i18n';

const format = (lang: string, iso: string, timeZone?: string) =>
  formatDateTime(lang, new Date(iso), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  });

/** 'Added 24 Nov 2026, 22:20 · Last used 25 Nov 2026, 08:03' ('Not used yet' until it is), as
 * `lang` writes dates. */
export function passkeyDates(
  p: { createdAt: string; lastUsedAt: string | null },
  { t, lang }: { t: (id: string, values?: Record<string, unknown>) => string; lang: string },
  timeZone?: string,
): string {
  const added = format(lang, p.createdAt, timeZone);
  return p.lastUsedAt
    ? t('account.passkey.dates', { added, used: format(lang, p.lastUsedAt, timeZone) })
    : t('account.passkey.datesNeverUsed', { added });
}
