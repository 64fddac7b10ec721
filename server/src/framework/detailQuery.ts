// Reading a record (Get{Entity}ById), its detail rows (Get{Entity}DtlById) and one column's
// value (GetColumnContent), within the caller's row scope and visible columns.
import { sql, type SQL } from 'drizzle-orm';
import { forbidden, invalidField } from '../wire/errors.ts';
import type { Caller, TableDef } from './definition.ts';
import type { WireValue } from './rowSchema.ts';
import { dropdownTextExpr, keyEq, literal, q, readExpr, rows, type Row } from './sqlText.ts';
import { accessRule, hidesStaff, notFoundOrDenied, scopeWhere, visible } from './access.ts';
import { loadStored, toWire, visibleOnly } from './storedRow.ts';
import { docList } from './documents.ts';
import { filterWhere } from './searchQuery.ts';
import { col, type ScreenCtx } from './screenContext.ts';

export interface DtlOptions {
  FilteredColumn?: string;
  FilteredValue?: string;
  Limit?: number;
  AllColumns?: string;
}

/**
 * The select list of a detail list (Get{Entity}DtlById): like selectList, but the texts of
 * reference-code dropdowns come from a join (a scalar subquery per row cost more than the rest
 * of a 1,000-row list on PGlite), and heavy columns (`listedWhenEmpty`) only on the rows that
 * need them unless `allColumns`.
 */
export function detailListSelect(
  ctx: ScreenCtx,
  t: TableDef,
  caller: Caller,
  alias: string,
  allColumns: boolean,
): { select: string; joins: string } {
  const parts: string[] = [];
  const joins: string[] = [];
  const hide = hidesStaff(caller);
  for (const c of t.columns) {
    if (c.type === 'document' || !visible(c, caller)) continue;
    let e = readExpr(c, alias, hide);
    if (c.listedWhenEmpty !== undefined && !allColumns) {
      const when = col(ctx.def, t, c.listedWhenEmpty);
      e = `CASE WHEN coalesce(${alias}.${q(when.db)}::text, '') = '' THEN ${e} END`;
    }
    parts.push(`${e} AS ${q(c.name)}`);
    if (c.dropdown?.kind === 'ref') {
      const r = `r_${joins.length}`;
      joins.push(
        `LEFT JOIN ref_codes ${r} ON ${r}.cat = ${literal(c.dropdown.cat)} AND ${r}.code = ${alias}.${q(c.db)}::text`,
      );
      parts.push(`${r}.label AS ${q(`${c.name}Text`)}`);
    } else if (c.dropdown)
      parts.push(`${dropdownTextExpr(c.dropdown, `${alias}.${q(c.db)}`, hide)} AS ${q(`${c.name}Text`)}`);
  }
  return { select: parts.join(', '), joins: joins.join(' ') };
}

/** Get{Entity}ById: the record's visible columns, document columns as their lists. */
export async function getById(ctx: ScreenCtx, caller: Caller, keyId: string | number) {
  const rule = accessRule(ctx.def, caller);
  const stored = await loadStored(ctx, ctx.db, caller, rule, keyId, false, hidesStaff(caller));
  if (!stored) throw notFoundOrDenied(rule);
  const out = visibleOnly(ctx.def.master, caller, stored);
  for (const c of ctx.def.master.columns)
    if (c.type === 'document' && visible(c, caller))
      out[c.name] = await docList(ctx, c, stored[ctx.mKey.name]!);
  return out;
}

/** Case-insensitive pattern on the visible columns ('All' = every one); choices match their text. */
function dtlFilter(ctx: ScreenCtx, t: TableDef, caller: Caller, fc: string | undefined, fv: string): SQL {
  const pattern = `%${fv.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const cols = t.columns.filter(
    (c) => visible(c, caller) && c.type !== 'document' && (!fc || fc === 'All' || c.name === fc),
  );
  if (!cols.length) throw invalidField('options.FilteredColumn', 'Unknown column');
  const parts = cols.map((c) => {
    const e = c.dropdown
      ? `coalesce(${dropdownTextExpr(c.dropdown, `dt.${q(c.db)}`, hidesStaff(caller))}, '')`
      : readExpr(c, 'dt');
    return sql`${sql.raw(e)} ILIKE ${pattern}`;
  });
  return sql`(${sql.join(parts, sql` OR `)})`;
}

/** Get{Entity}DtlById: the detail rows of a reachable record, filtered and limited. */
export async function getDtlById(
  ctx: ScreenCtx,
  caller: Caller,
  keyId: string | number,
  filterId?: string,
  options?: DtlOptions,
): Promise<Record<string, WireValue>[]> {
  const rule = accessRule(ctx.def, caller);
  const d = ctx.def.detail;
  if (!d) {
    // No detail rows on this screen; the master must still be reachable.
    if (!(await loadStored(ctx, ctx.db, caller, rule, keyId, false))) throw notFoundOrDenied(rule);
    return [];
  }
  if (filterId !== undefined && filterId !== '' && filterId !== '0') filterWhere(ctx.def, caller, filterId);
  const m = ctx.def.master;
  const conds: SQL[] = [
    keyEq(`dt.${q(d.fk)}`, ctx.intKey, keyId),
    sql`EXISTS (SELECT 1 FROM ${sql.raw(q(m.table))} m WHERE ${sql.raw(`m.${q(ctx.mKey.db)} = dt.${q(d.fk)}`)} AND ${scopeWhere(ctx.def, caller, rule)})`,
  ];
  const fv = options?.FilteredValue?.trim();
  if (fv) conds.push(dtlFilter(ctx, d, caller, options?.FilteredColumn, fv));
  const limit = options?.Limit && options.Limit > 0 ? Math.min(options.Limit, 32767) : 32767;
  // Heavy columns on every row when asked, and for callers reaching every row (staff's generic
  // detail records show every column; a customer's screens read what they need).
  const list = detailListSelect(ctx, d, caller, 'dt', options?.AllColumns === 'Y' || rule.rows === 'all');
  // The rows come back as ONE json text (aggregated in the ordered subquery's order): the
  // drivers then decode one value instead of every column of every row (PGlite decodes each
  // value in JS, most of a 1,000-validator list's time). Values are text, as selectList gives.
  const found = await rows(
    ctx.db,
    sql`SELECT coalesce(json_agg(x), '[]')::text AS "rows" FROM (
          SELECT ${sql.raw(list.select)} FROM ${sql.raw(q(d.table))} dt ${sql.raw(list.joins)}
          WHERE ${sql.join(conds, sql` AND `)}
          ORDER BY ${sql.raw(`dt.${q(d.orderBy)} ${d.orderDir === 'desc' ? 'DESC' : 'ASC'}`)} LIMIT ${limit}) x`,
  );
  const listed = JSON.parse(String(found[0]?.rows ?? '[]')) as Row[];
  if (!listed.length) {
    // An empty list is fine for a reachable master; an unreachable one is denied.
    const reach = await loadStored(ctx, ctx.db, caller, rule, keyId, false);
    if (!reach) throw notFoundOrDenied(rule);
  }
  return listed.map((r) => toWire(d, r));
}

/** One column's value of a reachable row (content loaded on demand, e.g. a picture). */
export async function getColumnContent(
  ctx: ScreenCtx,
  caller: Caller,
  args: { mstId: string | number; dtlId?: string | number; screenColumnName: string; isMaster?: unknown },
) {
  const master = args.isMaster === undefined || args.isMaster === true || args.isMaster === 'Y';
  if (master) {
    const row = await getById(ctx, caller, args.mstId);
    if (!(args.screenColumnName in row)) throw forbidden();
    return row[args.screenColumnName] ?? null;
  }
  if (!ctx.def.detail || args.dtlId === undefined) throw invalidField('dtlId', 'A detail id is required');
  const d = ctx.def.detail;
  const dtl = await getDtlById(ctx, caller, args.mstId);
  const row = dtl.find((r) => String(r[ctx.dKey!.name]) === String(args.dtlId));
  const c = d.columns.find((x) => x.name === args.screenColumnName);
  if (!row || !c || !visible(c, caller)) throw forbidden();
  return row[c.name] ?? null;
}
