// Puts a failed reply's validationErrors next to the form fields they name.
import type { ValidationError } from '@payd/schemas';

export function fieldErrors(
  errors: ValidationError[] | undefined,
  /** wire field name -> form field name */
  map: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors ?? []) {
    const field = map[e.field];
    if (field && !out[field]) out[field] = e.message;
  }
  return out;
}
