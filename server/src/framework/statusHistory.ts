// GetStatusHistory: the audit log of a record, for callers reaching every row; staff entries
// read as STAFF_LABEL to callers who are not staff.
import { sql } from 'drizzle-orm';
import type { StatusHistoryEntry } from '@payd/schemas';
import { forbidden } from '../wire/errors.ts';
import type { Caller } from './definition.ts';
import { customerRoles } from './roles.ts';
import { STAFF_LABEL, rows } from './sqlText.ts';
import { accessRule, hidesStaff, notFoundOrDenied } from './access.ts';
import { loadStored } from './storedRow.ts';
import type { ScreenCtx } from './screenContext.ts';

export async function statusHistory(
  ctx: ScreenCtx,
  caller: Caller,
  keyId: string | number,
): Promise<StatusHistoryEntry[]> {
  const rule = accessRule(ctx.def, caller);
  if (rule.rows !== 'all') throw forbidden();
  const stored = await loadStored(ctx, ctx.db, caller, rule, keyId, false);
  if (!stored) throw notFoundOrDenied(rule);
  const found = await rows(
    ctx.db,
    sql`SELECT audit_id::text AS id, column_name, before_value, after_value, changed_by, changed_by_name, changed_by_role,
               to_char(changed_on AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS changed_on
        FROM audit_log WHERE table_name = ${ctx.def.master.table} AND row_key = ${String(keyId)} ORDER BY audit_id DESC`,
  );
  const hide = hidesStaff(caller);
  return found.map((r) => {
    const staffEntry = hide && !customerRoles.includes(Number(r.changed_by_role));
    return {
      AuditId: String(r.id),
      ColumnName: String(r.column_name),
      Before: r.before_value === null ? null : String(r.before_value),
      After: r.after_value === null ? null : String(r.after_value),
      ChangedBy: staffEntry ? 0 : Number(r.changed_by),
      ChangedByName: staffEntry ? STAFF_LABEL : String(r.changed_by_name),
      ChangedByRole: Number(r.changed_by_role),
      ChangedOn: String(r.changed_on),
    };
  });
}
