// How a record's wire values read in its form fields: text, a stored picture, and a dropdown's
// options when the stored value is not among the choices.
import type { Choice } from '@payd/schemas';

/** The value as an input's text ('' for none and for objects). */
export function asText(v: unknown): string {
  return v === null || v === undefined ? '' : typeof v === 'object' ? '' : String(v);
}

/** A stored picture ({mimeType, base64}, as JSON or an object) when it is an image, else null. */
export function parsePicture(v: unknown): { mimeType: string; base64: string } | null {
  if (!v) return null;
  try {
    const p = (typeof v === 'string' ? JSON.parse(v) : v) as { mimeType?: unknown; base64?: unknown };
    if (typeof p.mimeType === 'string' && typeof p.base64 === 'string' && p.mimeType.startsWith('image/'))
      return { mimeType: p.mimeType, base64: p.base64 };
  } catch {
    // not a picture
  }
  return null;
}

/** A dropdown's options; a stored value the choices lack comes first, labelled by its stored text. */
export function dropdownOptions(
  choices: readonly Choice[] | undefined,
  value: string,
  storedText: string,
): { value: string; label: string }[] {
  const data = (choices ?? []).map((ch) => ({ value: ch.key, label: ch.label }));
  if (value && !data.some((d) => d.value === value)) data.unshift({ value, label: storedText || value });
  return data;
}
