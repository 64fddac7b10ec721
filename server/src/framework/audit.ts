// One writer of audit_log rows (who, their role, when, the value before and after), used by the
// screen engine for audited columns and by feature code that changes such a column outside
// SaveData (a customer's disclosures, the server's liveness check), so every row has one shape.
import { sql } from 'drizzle-orm';
import type { Caller } from './definition.ts';
import type { Executor } from './sqlText.ts';

export interface AuditChange {
  /** Screen whose history shows the change (GetStatusHistory reads by table and row key). */
  screenId: number;
  /** Table of the changed row, e.g. 'kyc_person'. */
  table: string;
  /** Key of the changed row. */
  rowKey: string | number;
  /** Wire name of the changed column (`InternalStatus15`), or '(record)' for a delete. */
  column: string;
  before: unknown;
  after: unknown;
  /** Who made the change. */
  by: Caller;
  on: Date;
}

const auditText = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** Writes one audit_log row; pass the transaction of the change so both commit or neither. */
export async function writeAudit(exec: Executor, change: AuditChange): Promise<void> {
  await exec.execute(
    sql`INSERT INTO audit_log (screen_id, table_name, row_key, column_name, before_value, after_value,
          changed_by, changed_by_name, changed_by_role, changed_on)
        VALUES (${change.screenId}, ${change.table}, ${String(change.rowKey)}, ${change.column},
          ${auditText(change.before)}, ${auditText(change.after)},
          ${change.by.usrId}, ${change.by.usrName}, ${change.by.role}, ${change.on})`,
  );
}
