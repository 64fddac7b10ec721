// Making the statements: once a UTC month has ended (by the billing clock, see billingClock.ts),
// each customer with records gets one reward statement (R: validators with history before the
// month's end) and one account statement (A: top-ups or charges before the month's end). A
// statement waits until its month's records are in: the reward statement until every wallet's
// beacon sync has passed the month's end, the account statement until a charge of the month's
// last day (or later) is booked; after READY_AFTER_MS past the month's end it is made anyway.
// Stored once: (usr_id, stmt_type_cd, stmt_month) is unique and the insert does nothing on
// conflict, so two instances (or two runs) at once leave one statement.
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { StmtType } from '@payd/schemas';
import type { Db } from '../../db/database.ts';
import { stakeStmt } from '../../db/schema.ts';
import { parsedRows, type Executor } from '../../framework/sqlText.ts';
import { accountFigures, rewardFigures } from './figures.ts';
import { monthEnd, lastDay, endedMonths, nextMonth } from './months.ts';
import { accountStatementPdf, rewardStatementPdf } from './pdf.ts';

export const READY_AFTER_MS = 2 * 86_400_000;

const KIND_NAME: Record<StmtType, string> = {
  R: 'Reward Statement',
  A: 'Account Statement',
  C: 'Combined Statement',
};

export function fileName(kind: StmtType, month: string): string {
  return `${KIND_NAME[kind]} ${month.slice(0, 7)}.pdf`;
}

/** Whether the records of `month` are complete enough for `usrId`'s statement of `kind`. */
export async function isReady(
  db: Executor,
  usrId: number,
  kind: 'R' | 'A',
  month: string,
  now: Date,
): Promise<boolean> {
  const end = monthEnd(month);
  if (now.getTime() < end.getTime()) return false;
  if (now.getTime() >= end.getTime() + READY_AFTER_MS) return true;
  const [r] = await parsedRows(
    db,
    kind === 'R'
      ? sql`SELECT NOT EXISTS (
              SELECT 1 FROM eth2_wallet w
              WHERE w.usr_id = ${usrId}
                AND EXISTS (SELECT 1 FROM eth2_validator v WHERE v.eth2_wallet_id = w.eth2_wallet_id)
                AND (w.beacon_head_utc IS NULL OR w.beacon_head_utc < ${end.toISOString()}::timestamptz)
            ) AS ok`
      : sql`SELECT EXISTS (
              SELECT 1 FROM stake_charge WHERE usr_id = ${usrId} AND charge_day >= ${lastDay(month)}::date
            ) AS ok`,
    z.object({ ok: z.boolean() }),
  );
  return r?.ok ?? false;
}

/** Makes and stores one statement unless it exists. True when this call stored it. */
export async function generateStatement(
  db: Db,
  usrId: number,
  kind: 'R' | 'A',
  month: string,
  generatedOn: Date,
): Promise<boolean> {
  const [u] = await parsedRows(
    db,
    sql`SELECT u.usr_name, u.culture_id, EXISTS (SELECT 1 FROM stake_stmt s WHERE s.usr_id = u.usr_id
          AND s.stmt_type_cd = ${kind} AND s.stmt_month = ${month}::date) AS has
        FROM users u WHERE u.usr_id = ${usrId}`,
    z.object({ usr_name: z.string(), culture_id: z.coerce.number(), has: z.boolean() }),
  );
  if (!u || u.has) return false;
  const header = { usrName: u.usr_name, usrId, generatedOn, cultureId: u.culture_id };
  let doc: Buffer;
  let summary: unknown;
  if (kind === 'R') {
    const f = await rewardFigures(db, usrId, month);
    doc = await rewardStatementPdf(f, header);
    summary = { validators: f.validators, total: f.total };
  } else {
    const f = await accountFigures(db, usrId, month);
    doc = await accountStatementPdf(f, header);
    summary = { opening: f.opening, topUps: f.topUps, charges: f.charges, closing: f.closing };
  }
  const inserted = await db
    .insert(stakeStmt)
    .values({
      stmtTypeCd: kind,
      usrId,
      stmtMonth: month,
      stmtDoc: doc,
      stmtFileName: fileName(kind, month),
      summary,
      generatedOn,
    })
    .onConflictDoNothing({ target: [stakeStmt.usrId, stakeStmt.stmtTypeCd, stakeStmt.stmtMonth] })
    .returning({ stmtId: stakeStmt.stmtId });
  return inserted.length === 1;
}

/** The customers who should have a statement of `kind` for `month` and do not have it yet. */
export async function missingFor(db: Executor, kind: 'R' | 'A', month: string): Promise<number[]> {
  const to = `${nextMonth(month)}T00:00:00Z`;
  // One index probe per customer (eth_tx_history_usr_time, stake_payment_usr_paid,
  // stake_charge_usr_day) rather than a scan of every record.
  const has =
    kind === 'R'
      ? sql`EXISTS (SELECT 1 FROM eth_tx_history h WHERE h.usr_id = u.usr_id AND h.time_stamp < ${to}::timestamptz)`
      : sql`(EXISTS (SELECT 1 FROM stake_payment p WHERE p.usr_id = u.usr_id AND p.pmt_status_cd = 'S'
                      AND p.paid_on < ${to}::timestamptz)
             OR EXISTS (SELECT 1 FROM stake_charge c WHERE c.usr_id = u.usr_id
                      AND c.charge_day < ${nextMonth(month)}::date))`;
  const found = await parsedRows(
    db,
    sql`SELECT u.usr_id FROM users u
        WHERE ${has}
          AND NOT EXISTS (SELECT 1 FROM stake_stmt s WHERE s.usr_id = u.usr_id
                            AND s.stmt_type_cd = ${kind} AND s.stmt_month = ${month}::date)
        ORDER BY u.usr_id`,
    z.object({ usr_id: z.number() }),
  );
  return found.map((r) => r.usr_id);
}

/** The first instant `usrId` has records of `kind` (null: none). */
async function firstActivity(db: Executor, usrId: number, kind: 'R' | 'A'): Promise<Date | null> {
  const [r] = await parsedRows(
    db,
    kind === 'R'
      ? sql`SELECT min(time_stamp) AS at FROM eth_tx_history WHERE usr_id = ${usrId}`
      : sql`SELECT least(
              (SELECT min(paid_on) FROM stake_payment WHERE usr_id = ${usrId} AND pmt_status_cd = 'S'),
              (SELECT min(charge_day)::timestamp AT TIME ZONE 'UTC' FROM stake_charge WHERE usr_id = ${usrId})
            ) AS at`,
    z.object({ at: z.coerce.date().nullable() }),
  );
  return r?.at ?? null;
}

/** Makes the caller's missing statements of every ended month (the newest 24) that is ready. */
export async function ensureForUser(db: Db, usrId: number, now: Date): Promise<number> {
  let made = 0;
  const stored = new Set(
    (
      await db
        .select({ k: sql<string>`${stakeStmt.stmtTypeCd} || ${stakeStmt.stmtMonth}::text` })
        .from(stakeStmt)
        .where(eq(stakeStmt.usrId, usrId))
    ).map((r) => r.k),
  );
  for (const kind of ['R', 'A'] as const) {
    const first = await firstActivity(db, usrId, kind);
    if (!first) continue;
    for (const month of endedMonths(first, now)) {
      if (stored.has(kind + month) || !(await isReady(db, usrId, kind, month, now))) continue;
      if (await generateStatement(db, usrId, kind, month, now)) made++;
    }
  }
  return made;
}

/**
 * Makes every missing, ready statement of `month`, `parallel` customers at a time. A customer whose
 * statement fails is passed to `onCustomerFailure` and the others are made all the same (issue
 * 24); without it the failure ends the run.
 */
export async function generateMonth(
  db: Db,
  month: string,
  now: Date,
  parallel = 4,
  onCustomerFailure?: (usrId: number, err: unknown) => void,
): Promise<{ made: number; waiting: number; failed: number }> {
  let made = 0;
  let waiting = 0;
  let failed = 0;
  for (const kind of ['R', 'A'] as const) {
    const queue = await missingFor(db, kind, month);
    const one = async (usrId: number) => {
      if (!(await isReady(db, usrId, kind, month, now))) waiting++;
      else if (await generateStatement(db, usrId, kind, month, now)) made++;
    };
    const worker = async () => {
      for (let usrId = queue.shift(); usrId !== undefined; usrId = queue.shift()) {
        try {
          await one(usrId);
        } catch (err) {
          if (!onCustomerFailure) throw err;
          failed++;
          onCustomerFailure(usrId, err);
        }
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
  }
  return { made, waiting, failed };
}
