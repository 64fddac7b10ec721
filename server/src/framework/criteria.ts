// Screen criteria: the values a caller saved for a screen (read from the database on every call)
// and the criteria a caller sends, checked against the definition.
import { sql, type SQL } from 'drizzle-orm';
import type { ScreenCriterion } from '@payd/schemas';
import { invalidField } from '../wire/errors.ts';
import type { Caller, ScreenDef } from './definition.ts';
import { labelMap, screenLabelCat } from './labels.ts';
import { preparedRows } from './preparedQuery.ts';
import { accessRule } from './access.ts';
import { emptyValue, type ScreenCtx } from './screenContext.ts';

/** Criteria as the client sends them: [{ScreenCriId, LastCriteria}] or {id: value}. */
export type CriteriaInput =
  Array<{ ScreenCriId: number | string; LastCriteria?: unknown }> | Record<string, unknown>;

/** A real calendar day written YYYY-MM-DD. */
export function isIsoDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  // Year 0 is a valid JavaScript date but not a PostgreSQL one.
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text && text >= '0001-01-01';
}

/** The caller's saved criteria of this screen, read on every call (a few rows by primary key):
 * a per-process copy would miss criteria saved through another server instance. */
export async function savedCriteria(ctx: ScreenCtx, caller: Caller): Promise<Map<number, string>> {
  const found = await preparedRows(
    ctx.db,
    sql`SELECT screen_cri_id, value FROM screen_criteria WHERE usr_id = ${caller.usrId} AND screen_id = ${ctx.def.screenId}`,
  );
  return new Map(found.map((r) => [Number(r.screen_cri_id), String(r.value)]));
}

/** Whether the caller saved criteria for this screen (a boolean expression for a statement). */
export function savedCriteriaExist(ctx: ScreenCtx, caller: Caller): SQL {
  return sql`EXISTS (SELECT 1 FROM screen_criteria WHERE usr_id = ${caller.usrId} AND screen_id = ${ctx.def.screenId})`;
}

/** The sent criteria by id (empty values dropped, text cut to 200), or undefined when none sent;
 * an unknown criterion or a day range end that is not a day is refused (400). */
export function criteriaValues(
  def: ScreenDef,
  input: CriteriaInput | undefined,
): Map<number, string> | undefined {
  if (input === undefined || input === null) return undefined;
  const out = new Map<number, string>();
  const entries: [unknown, unknown][] = Array.isArray(input)
    ? input.map((c) => [c.ScreenCriId, c.LastCriteria])
    : Object.entries(input);
  for (const [id, value] of entries) {
    const cri = (def.criteria ?? []).find((c) => String(c.id) === String(id));
    if (!cri) throw invalidField('criteriaValues', `Unknown screen criterion ${String(id)}`);
    if (emptyValue(value)) continue;
    const text = String(value).slice(0, 200);
    if ((cri.op === 'from' || cri.op === 'to') && !isIsoDay(text))
      throw invalidField('criteriaValues', `${cri.label}: enter a date (YYYY-MM-DD)`);
    out.set(cri.id, text);
  }
  return out;
}

/** GetScreenCriteria: the screen's criteria with the caller's saved values. */
export async function screenCriteria(
  ctx: ScreenCtx,
  caller: Caller,
  cultureId: number,
): Promise<ScreenCriterion[]> {
  accessRule(ctx.def, caller);
  const labels = await labelMap(ctx.db, cultureId, screenLabelCat(ctx.def), false);
  const saved = await savedCriteria(ctx, caller);
  return (ctx.def.criteria ?? []).map((c) => ({
    ScreenCriId: c.id,
    ColumnName: c.column,
    DisplayName: labels.get(`Criteria${c.id}`) ?? c.label,
    DdlMethod: c.dropdown ? 'GetScreenCriteriaDdlList' : '',
    LastCriteria: saved.get(c.id) ?? '',
    ...(c.op === 'from' || c.op === 'to' ? { InputType: 'date' as const } : {}),
  }));
}

/** SetScreenCriteria: replaces the caller's saved criteria of this screen. */
export async function setScreenCriteria(
  ctx: ScreenCtx,
  caller: Caller,
  input: CriteriaInput,
  cultureId = 1,
): Promise<ScreenCriterion[]> {
  accessRule(ctx.def, caller);
  const values = criteriaValues(ctx.def, input) ?? new Map<number, string>();
  await ctx.db.transaction(async (tx) => {
    await tx.execute(
      sql`DELETE FROM screen_criteria WHERE usr_id = ${caller.usrId} AND screen_id = ${ctx.def.screenId}`,
    );
    for (const [id, value] of values)
      await tx.execute(
        // Two saves of one caller's criteria at once (two tabs) both delete, then both insert.
        sql`INSERT INTO screen_criteria (usr_id, screen_id, screen_cri_id, value) VALUES (${caller.usrId}, ${ctx.def.screenId}, ${id}, ${value})
            ON CONFLICT (usr_id, screen_id, screen_cri_id) DO UPDATE SET value = EXCLUDED.value`,
      );
  });
  return screenCriteria(ctx, caller, cultureId);
}
