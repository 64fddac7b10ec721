// What every save checks before it writes: the body against the row schema, no read-only or
// hidden column changed, dropdown values among the caller's choices; and the audit of a change.
import type { ZodError } from 'zod';
import { ApiErrorCode } from '@payd/schemas';
import { ApiError, forbidden, invalidField } from '../wire/errors.ts';
import { toValidationErrors } from '../wire/method.ts';
import type { AccessRule, Caller, TableDef } from './definition.ts';
import type { WireValue } from './rowSchema.ts';
import type { Executor } from './sqlText.ts';
import { writeAudit } from './audit.ts';
import { writable } from './access.ts';
import { lookup } from './dropdowns.ts';
import { emptyValue, sameValue, type ScreenCtx } from './screenContext.ts';

export const CONFLICT_MESSAGE = 'This record was changed by someone else. Reload it and try again.';

/** The value parsed by the schema, or 400 with every problem under `prefix`. */
export function validate<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: ZodError } },
  value: unknown,
  prefix: string,
): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const validationErrors = toValidationErrors(parsed.error).map((v) => ({
    ...v,
    field: `${prefix}.${v.field}`,
  }));
  throw new ApiError(
    400,
    ApiErrorCode.validationFailed,
    validationErrors.map((v) => v.message).join('; '),
    undefined,
    validationErrors,
  );
}

/** A read-only or hidden column sent with a value other than the stored (or new) one. */
export function checkNoForbiddenWrites(
  t: TableDef,
  caller: Caller,
  rule: AccessRule,
  sent: Record<string, unknown>,
  parsed: Record<string, WireValue>,
  stored: Record<string, WireValue> | null,
): void {
  for (const c of t.columns) {
    if (!(c.name in sent) || c.type === 'document') continue;
    if (writable(c, caller, rule)) continue;
    if (c.system === 'key' || c.system === 'rowVersion' || c.system === 'foreignKey') continue;
    // Stamps are the server's (and a customer reads a staff stamp as null): never a write.
    if (c.system && ['inputBy', 'inputOn', 'modifiedBy', 'modifiedOn'].includes(c.system)) continue;
    // A new customer row's owner is the customer; sending their own id is no write.
    const newValue = c.system === 'owner' && rule.rows === 'own' ? caller.usrId : (c.defaultValue ?? null);
    // On a new row an empty value is no write either.
    if (!stored && emptyValue(parsed[c.name])) continue;
    const before = stored ? stored[c.name] : newValue;
    if (!sameValue(parsed[c.name], before)) throw forbidden(`Access denied: ${c.name} is read-only`);
  }
}

/** A changed dropdown value must be one of the choices the caller is offered (a customer
 * cannot point a record at another customer's person or corporate). */
export async function checkChoices(
  ctx: ScreenCtx,
  exec: Executor,
  caller: Caller,
  t: TableDef,
  values: Record<string, WireValue>,
  stored: Record<string, WireValue> | null,
  prefix = 'mst.',
): Promise<void> {
  for (const c of t.columns) {
    if (!c.dropdown || !(c.name in values)) continue;
    const v = values[c.name];
    if (v === null || v === undefined || (stored && sameValue(stored[c.name], v))) continue;
    const found = await lookup(
      ctx,
      caller,
      c.dropdown,
      { exactKey: String(v), topN: 1, integerKey: c.integerKey },
      exec,
    );
    if (!found.length) throw invalidField(`${prefix}${c.name}`, `${c.label} is not a valid choice`);
  }
}

/** One audited change of one column (or '(record)') of a row of this screen. */
export async function audit(
  ctx: ScreenCtx,
  tx: Executor,
  caller: Caller,
  change: { table: string; rowKey: string; column: string; before: WireValue; after: WireValue },
): Promise<void> {
  await writeAudit(tx, {
    screenId: ctx.def.screenId,
    table: change.table,
    rowKey: change.rowKey,
    column: change.column,
    before: change.before,
    after: change.after,
    by: caller,
    on: ctx.clock.now(),
  });
}
