// Who may read which statements: a customer their own; operators and admins any customer's (the
// back office); KYC reviewers none.
import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { STMT_LIST_TOP_N, shortMonthLabel, type StakeStmtRow, type StmtType } from '@payd/schemas';
import type { Db } from '../../db/database.ts';
import { sessions, stakeStmt, users } from '../../db/schema.ts';
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
export async function listStatements(db: Db, caller: Caller, q: ListQuery): Promise<StakeStmtRow[]> {
  const owner = canReadOthers(caller.role) ? (q.usrId ?? null) : caller.usrId;
  const kind = q.kind ?? null;
  const found = await db
    .select({
      stmtId: stakeStmt.stmtId,
      stmtTypeCd: stakeStmt.stmtTypeCd,
      usrId: stakeStmt.usrId,
      stmtMonth: stakeStmt.stmtMonth,
      stmtFileName: stakeStmt.stmtFileName,
      summary: stakeStmt.summary,
    })
    .from(stakeStmt)
    .where(
      and(
        owner === null ? undefined : eq(stakeStmt.usrId, owner),
        kind === null ? undefined : eq(stakeStmt.stmtTypeCd, kind),
      ),
    )
    .orderBy(desc(stakeStmt.stmtMonth), desc(stakeStmt.stmtTypeCd), desc(stakeStmt.stmtId))
    .limit(Math.min(q.topN ?? STMT_LIST_TOP_N, STMT_LIST_TOP_N));
  return found.map((r) => ({
    StmtId8: r.stmtId,
    StmtTypeCd8: r.stmtTypeCd,
    UsrId8: r.usrId,
    StmtMonth8: r.stmtMonth,
    StmtLabel8: shortMonthLabel(r.stmtMonth),
    StmtFileName8: r.stmtFileName,
    // jsonb: the figures object generate.ts stored.
    Summary8: r.summary as Record<string, unknown>,
  }));
}

/** The statements among `ids` that user `usrId` (with `role`) may read, with their files. */
export async function readable(
  db: Db,
  usrId: number,
  role: number,
  ids: readonly number[],
): Promise<{ id: number; name: string; doc: Buffer; csv: Buffer | null; month: string }[]> {
  if (!ids.length) return [];
  const all = canReadOthers(role);
  const found = await db
    .select({
      id: stakeStmt.stmtId,
      name: stakeStmt.stmtFileName,
      doc: stakeStmt.stmtDoc,
      csv: stakeStmt.stmtCsv,
      month: stakeStmt.stmtMonth,
    })
    .from(stakeStmt)
    .where(and(inArray(stakeStmt.stmtId, [...ids]), all ? undefined : eq(stakeStmt.usrId, usrId)))
    .orderBy(asc(stakeStmt.stmtMonth), desc(stakeStmt.stmtTypeCd));
  return found.map((r) => ({ ...r, doc: Buffer.from(r.doc), csv: r.csv ? Buffer.from(r.csv) : null }));
}

/** The role of a download link's user while the session that asked for it is live; else undefined. */
export async function liveSessionRole(
  db: Db,
  link: { sessionId: string; usrId: number },
  at: Date,
): Promise<number | undefined> {
  const [s] = await db
    .select({ role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.usrId, sessions.usrId))
    .where(
      and(
        eq(sessions.id, link.sessionId),
        eq(sessions.usrId, link.usrId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, at),
      ),
    );
  return s?.role;
}
