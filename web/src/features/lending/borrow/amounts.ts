// Amount fields of the lending forms: text as typed to an exact Decimal, or the spec's message.
import { Decimal } from '@payd/protocol';

/** Spec 000 section 5: anything that is not a non-negative decimal with at most 18 decimals. */
export const BAD_DECIMAL_FORMAT = 'bad decimal format';

export type ParsedAmount = { ok: true; value: Decimal | undefined } | { ok: false; error: string };

const PLAIN = /^\d*(\.\d*)?$/;

/**
 * The amount typed in a field: undefined for an empty field, the Decimal otherwise. Letters, signs,
 * exponents and more than 18 decimals are refused with 'bad decimal format' (never rounded away).
 */
export function parseAmount(text: string): ParsedAmount {
  const t = text.trim().replace(/,/g, '');
  if (t === '') return { ok: true, value: undefined };
  if (!PLAIN.test(t) || !/\d/.test(t)) return { ok: false, error: BAD_DECIMAL_FORMAT };
  const fraction = t.split('.')[1] ?? '';
  if (fraction.length > 18) return { ok: false, error: BAD_DECIMAL_FORMAT };
  try {
    return { ok: true, value: Decimal.from(t) };
  } catch {
    return { ok: false, error: BAD_DECIMAL_FORMAT };
  }
}
