// Making the combined statements (stmt_type_cd C, issue 29 item 4), beside generate.ts's reward and
// account statements and by the same rules: once a UTC month has ended, when both the reward and the
// account statement of that month would be ready (generate.ts isReady), stored once per customer
// and month (the unique key; a second generator writes nothing). A customer gets one from the month
// of their first record or registered wallet on. The chain is read when the statement is made; a
// chain that cannot be read leaves the statement to a later run.
import { sql } from 'drizzle-orm';
import { i18nOfLang } from '@payd/i18n/node';
import { z } from 'zod';
import type { Db } from '../../../db/database.ts';
import { stakeStmt } from '../../../db/schema.ts';
import { parsedRows, type Executor } from '../../../framework/sqlText.ts';
import { fileName, isReady } from '../generate.ts';
import { endedMonths, nextMonth } from '../months.ts';
import type { CombinedChain } from './chainReader.ts';
import { combinedStatementCsv } from './csv.ts';
import { combinedFigures, say, type CombinedFigures } from './figures.ts';
import { combinedStatementPdf } from './pdf.ts';

export interface CombinedSources {
  chain: CombinedChain;
  /** USD price of one credit (CREDIT_USD). */
  creditUsd: string;
}

/** What the statement list shows of a combined statement. */
export function combinedSummary(f: CombinedFigures) {
  return {
    lines: f.sections.reduce((n, s) => n + s.lines.length, 0),
    sections: Object.fromEntries(
      f.sections.map((s) => [s.id, { eth: s.eth, usd: s.usd, lines: s.lines.length }]),
    ),
    ethUsdSource: say(i18nOfLang('en'), f.ethUsdSource),
  };
}

export async function isCombinedReady(
  db: Executor,
  usrId: number,
  month: string,
  now: Date,
): Promise<boolean> {
  return (await isReady(db, usrId, 'R', month, now)) && (await isReady(db, usrId, 'A', month, now));
}

/** Makes and stores `usrId`'s combined statement of `month` unless it exists. True when this call stored it. */
export async function generateCombined(
  db: Db,
  sources: CombinedSources,
  usrId: number,
  month: string,
  generatedOn: Date,
): Promise<boolean> {
  const [u] = await parsedRows(
    db,
    sql`SELECT u.usr_name, u.culture_id, EXISTS (SELECT 1 FROM stake_stmt s WHERE s.usr_id = u.usr_id
          AND s.stmt_type_cd = 'C' AND s.stmt_month = ${month}::date) AS has
        FROM users u WHERE u.usr_id = ${usrId}`,
    z.object({ usr_name: z.string(), culture_id: z.coerce.number(), has: z.boolean() }),
  );
  if (!u || u.has) return false;
  const f = await combinedFigures(db, sources.chain, usrId, month, sources.creditUsd);
  const doc = await combinedStatementPdf(f, {
    usrName: u.usr_name,
    usrId,
    generatedOn,
    cultureId: u.culture_id,
  });
  const inserted = await db
    .insert(stakeStmt)
    .values({
      stmtTypeCd: 'C',
      usrId,
      stmtMonth: month,
      stmtDoc: doc,
      stmtCsv: combinedStatementCsv(f, u.culture_id),
      stmtFileName: fileName('C', month),
      summary: combinedSummary(f),
      generatedOn,
    })
    .onConflictDoNothing({ target: [stakeStmt.usrId, stakeStmt.stmtTypeCd, stakeStmt.stmtMonth] })
    .returning({ stmtId: stakeStmt.stmtId });
  return inserted.length === 1;
}

/** Whether the customer has records or a registered wallet: the SQL condition on u (users) before `to`. */
const hasAnything = (month: string, to = `${nextMonth(month)}T00:00:00Z`) =>
  sql`(EXISTS (SELECT 1 FROM eth_tx_history h WHERE h.usr_id = u.usr_id AND h.time_stamp < ${to}::timestamptz)
       OR EXISTS (SELECT 1 FROM stake_payment p WHERE p.usr_id = u.usr_id AND p.pmt_status_cd = 'S'
                    AND p.paid_on < ${to}::timestamptz)
       OR EXISTS (SELECT 1 FROM stake_charge c WHERE c.usr_id = u.usr_id AND c.charge_day < ${nextMonth(month)}::date)
       OR EXISTS (SELECT 1 FROM stake_wallet_address a WHERE a.usr_id = u.usr_id AND a.stake_wallet_status_cd = 'A'
                    AND coalesce(a.input_on, a.kyc_marked_on) < ${to}::timestamptz))`;

/** The customers who should have a combined statement of `month` and do not have it yet. */
export async function missingCombined(db: Executor, month: string): Promise<number[]> {
  const found = await parsedRows(
    db,
    sql`SELECT u.usr_id FROM users u
        WHERE ${hasAnything(month)}
          AND NOT EXISTS (SELECT 1 FROM stake_stmt s WHERE s.usr_id = u.usr_id
                            AND s.stmt_type_cd = 'C' AND s.stmt_month = ${month}::date)
        ORDER BY u.usr_id`,
    z.object({ usr_id: z.number() }),
  );
  return found.map((r) => r.usr_id);
}

/** The first instant `usrId` has a record or a registered wallet (null: none). */
async function firstActivity(db: Executor, usrId: number): Promise<Date | null> {
  const [r] = await parsedRows(
    db,
    sql`SELECT least(
          (SELECT min(h.time_stamp) FROM eth_tx_history h WHERE h.usr_id = ${usrId}),
          (SELECT min(paid_on) FROM stake_payment WHERE usr_id = ${usrId} AND pmt_status_cd = 'S'),
          (SELECT min(charge_day)::timestamp AT TIME ZONE 'UTC' FROM stake_charge WHERE usr_id = ${usrId}),
          (SELECT min(coalesce(input_on, kyc_marked_on)) FROM stake_wallet_address
            WHERE usr_id = ${usrId} AND stake_wallet_status_cd = 'A')
        ) AS at`,
    z.object({ at: z.coerce.date().nullable() }),
  );
  return r?.at ?? null;
}

/** Makes the caller's missing combined statements of every ended month (the newest 24) that is ready. */
export async function ensureCombinedForUser(
  db: Db,
  sources: CombinedSources,
  usrId: number,
  now: Date,
): Promise<number> {
  const first = await firstActivity(db, usrId);
  if (!first) return 0;
  const stored = new Set(
    (
      await parsedRows(
        db,
        sql`SELECT stmt_month::text AS m FROM stake_stmt WHERE usr_id = ${usrId} AND stmt_type_cd = 'C'`,
        z.object({ m: z.string() }),
      )
    ).map((r) => r.m),
  );
  let made = 0;
  for (const month of endedMonths(first, now)) {
    if (stored.has(month) || !(await isCombinedReady(db, usrId, month, now))) continue;
    if (await generateCombined(db, sources, usrId, month, now)) made++;
  }
  return made;
}

/** Every missing, ready combined statement of `month`; a customer's failure goes to `onCustomerFailure`. */
export async function generateCombinedMonth(
  db: Db,
  sources: CombinedSources,
  month: string,
  now: Date,
  onCustomerFailure: (usrId: number, err: unknown) => void,
): Promise<{ made: number; waiting: number; failed: number }> {
  let made = 0;
  let waiting = 0;
  let failed = 0;
  for (const usrId of await missingCombined(db, month)) {
    try {
      if (!(await isCombinedReady(db, usrId, month, now))) waiting++;
      else if (await generateCombined(db, sources, usrId, month, now)) made++;
    } catch (err) {
      failed++;
      onCustomerFailure(usrId, err);
    }
  }
  return { made, waiting, failed };
}
