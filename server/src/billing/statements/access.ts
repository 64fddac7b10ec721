// Who may read which statements: a customer their own; operators and admins any customer's (the
// back office); KYC reviewers none.
import { sql } from 'drizzle-orm';
import { STMT_LIST_TOP_N, shortMonthLabel, type StakeStmtRow, type StmtType } from '@payd/schemas';
import { rows, type Executor } from '../../framework/sqlText.ts';
import { Role, isStaff } from '../../framework/roles.ts';
import type { Caller } from '../../framework/definition.ts';

export const STAFF_READERS: readonly number[] = [Role.operator, Role.admin];

export function canReadOthers(role: number): boolean {
  return STAFF_READERS.includes(role);
}

/** Staff who are not statement readers get nothing. */
export function mayList(role: number): boolean {
  return !isStaff(role) || canReadOthers(role);
}

export interface ListQuery {
  kind?: StmtType;
  usrId?: number;
  topN?: number;
}

/** The statements `caller` may see, newest month first (R before A within a month). */
export async function listStatements(db: Executor, caller: Caller, q: ListQuery): Promise<StakeStmtRow[]> {
  const owner = canReadOthers(caller.role) ? (q.usrId ?? null) : caller.usrId;
  const found = await rows(
    db,
    sql`SELECT stmt_id, stmt_type_cd, usr_id, stmt_month::text AS stmt_month, stmt_file_name, summary
        FROM stake_stmt
        WHERE (${owner}::int IS NULL OR usr_id = ${owner}::int)
          AND (${q.kind ?? null}::text IS NULL OR stmt_type_cd = ${q.kind ?? null}::text)
        ORDER BY stmt_month DESC, stmt_type_cd DESC, stmt_id DESC
        LIMIT ${Math.min(q.topN ?? STMT_LIST_TOP_N, STMT_LIST_TOP_N)}`,
  );
  return found.map((r) => ({
    StmtId8: Number(r.stmt_id),
    StmtTypeCd8: String(r.stmt_type_cd) as StmtType,
    UsrId8: Number(r.usr_id),
    StmtMonth8: String(r.stmt_month),
    StmtLabel8: shortMonthLabel(String(r.stmt_month)),
    StmtFileName8: String(r.stmt_file_name),
    Summary8: (typeof r.summary === 'string' ? JSON.parse(r.summary) : r.summary) as Record<string, unknown>,
  }));
}

/** The statements among `ids` that user `usrId` (with `role`) may read, with their files. */
export async function readable(
  db: Executor,
  usrId: number,
  role: number,
  ids: readonly number[],
): Promise<{ id: number; name: string; doc: Buffer; month: string }[]> {
  if (!ids.length) return [];
  const all = canReadOthers(role);
  const found = await rows(
    db,
    sql`SELECT stmt_id, stmt_file_name, stmt_doc, stmt_month::text AS stmt_month FROM stake_stmt
        WHERE stmt_id IN (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )}) AND (${all} OR usr_id = ${usrId})
        ORDER BY stmt_month, stmt_type_cd DESC`,
  );
  return found.map((r) => ({
    id: Number(r.stmt_id),
    name: String(r.stmt_file_name),
    doc: Buffer.from(r.stmt_doc as Uint8Array),
    month: String(r.stmt_month),
  }));
}
