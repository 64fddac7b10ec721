// What the supporting documents step shows when an upload fails: the server's reason under the
// files field, a browser-side problem (an unreadable image) the same way, and a signed-out or
// refused session as a notification.
import { isApiError } from '../../api/errors.ts';

/** The message for the files field, or null when the failure is notified instead. */
export function uploadFailureMessage(e: unknown): string | null {
  if (isApiError(e) && e.httpStatus !== 401 && e.httpStatus !== 403)
    return e.validationErrors?.[0]?.message || e.message;
  if (e instanceof Error && !isApiError(e)) return e.message;
  return null;
}

/** A document or upload date as 'March 5, 2026'; a date-only value is read in local time. */
export function displayDate(iso: string | null, lang = 'en-US'): string {
  if (!iso) return '';
  const d = new Date(iso.length === 10 ? `${iso}T00:00:00` : iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleDateString(lang === 'en' ? 'en-US' : lang, {
        month: 'long',
        day: 'numeric',
        year: 'numeric',
      });
}
