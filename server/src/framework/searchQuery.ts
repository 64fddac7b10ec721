// The search list (GetSearchList): row scope, filter, criteria and the quick search as one
// WHERE, counted and paged in one statement.
import { sql, type SQL } from 'drizzle-orm';
import type { SearchList, SearchListItem } from '@payd/schemas';
import { invalidField } from '../wire/errors.ts';
import { pageSizes, type Caller, type DropdownSource, type ScreenDef } from './definition.ts';
import { inRoleSet } from './roles.ts';
import {
  customerAccount,
  dropdownTextExpr,
  isUserSource,
  prefixQuery,
  prefixTerms,
  q,
  readExpr,
  tsvectorExpr,
  type Row,
} from './sqlText.ts';
import { accessRule, hidesStaff, scopeWhere, visible } from './access.ts';
import { criteriaValues, savedCriteria, savedCriteriaExist, type CriteriaInput } from './criteria.ts';
import { col, type ScreenCtx } from './screenContext.ts';
import { preparedRows } from './preparedQuery.ts';

/** Counts of search lists stop here (exact below, `countCapped` at and above). */
export const COUNT_CAP = 1000;

export interface SearchListArgs {
  searchStr?: string;
  topN?: number;
  filterId?: string;
  desiredScreenCriteria?: CriteriaInput;
}

/** The codes of a dropdown source whose text matches the quick search. */
function dropdownMatchCodes(src: DropdownSource, tsq: SQL, hideStaff = false): SQL {
  if (src.kind === 'ref')
    return sql`SELECT r.code FROM ref_codes r WHERE r.cat = ${src.cat} AND to_tsvector('simple'::regconfig, r.label) @@ ${tsq}`;
  const only = hideStaff && isUserSource(src) ? sql.raw(` AND ${customerAccount('d')}`) : sql``;
  return sql`SELECT ${sql.raw(`d.${q(src.key)}::text`)} FROM ${sql.raw(q(src.table))} d WHERE ${sql.raw(tsvectorExpr(src.label, 'd'))} @@ ${tsq}${only}`;
}

/**
 * Words every text matching the quick search holds (ignoring case): a word's start matches a
 * lexeme of the text, and a lexeme of the 'simple' parser is a lower-cased piece of the text.
 * Only parts of letters alone or digits alone, which the parser keeps as one token: a part
 * mixing both could be split (a number, then a word) and match across a space.
 */
export function containedWords(search: string): string[] {
  const words = (prefixTerms(search) ?? []).flatMap((t) => t.parsed.split(' & ').map((p) => p.slice(0, -2)));
  return [...new Set(words.filter((w) => /^(?:\p{L}+|\p{N}+)$/u.test(w)))];
}

/** The quick search: words matched by their start on the search columns ('**' = stored value).
 * `walk`: the form for a walk of the ordering index (the same rows, cheaper a row, no index). */
export function searchWhere(ctx: ScreenCtx, search: string, hideStaff = false, walk = false): SQL | null {
  const s = search.trim();
  if (!s) return null;
  const def = ctx.def;
  const cols = def.searchList.search.map((n) => col(def, def.master, n));
  if (s.startsWith('**')) {
    // The stored value (a key, a code) rather than the displayed text; every column's matches merged.
    const v = s.slice(2).trim();
    if (!v) return null;
    const parts = [ctx.mKey, ...cols].map((c) => sql`lower(${sql.raw(readExpr(c, 'm'))}) = lower(${v})`);
    return sql`(${sql.join(parts, sql` OR `)})`;
  }
  const tsq = prefixQuery(s);
  if (!tsq) return null;
  const contains = containedWords(s);
  const parts = cols.map((c) => {
    if (c.dropdown) {
      const codes = dropdownMatchCodes(c.dropdown, tsq, hideStaff);
      return sql`${sql.raw(`m.${q(c.db)}::text`)} IN (${codes})`;
    }
    const match = sql`${sql.raw(tsvectorExpr(c.db, 'm'))} @@ ${tsq}`;
    if (!walk || !contains.length) return match;
    // Walking the ordering index, the text must hold each word (a cheap test) before its
    // tsvector is built (~12 µs a row), so it is built for the matches only. A CASE, so the
    // test runs first and the planner keeps its estimate of the match (README, issue 16).
    const text = sql.raw(`m.${q(c.db)}::text`);
    const has = contains.map((w) => sql`${text} ILIKE ${`%${w}%`}`);
    return sql`CASE WHEN ${sql.join(has, sql` AND `)} THEN ${match} ELSE FALSE END`;
  });
  return sql`(${sql.join(parts, sql` OR `)})`;
}

/** The chosen screen filter ('' or '0' = none); an unknown one or one of another role is refused. */
export function filterWhere(def: ScreenDef, caller: Caller, filterId: string | undefined): SQL | null {
  if (filterId === undefined || filterId === '' || filterId === '0') return null;
  const f = (def.filters ?? []).find(
    (x) => String(x.id) === String(filterId) && inRoleSet(x.roles ?? 'all', caller.role),
  );
  if (!f) throw invalidField('filterId', 'Unknown filter');
  const c = col(def, def.master, f.column);
  if (!f.in.length) return sql`FALSE`;
  return sql`${sql.raw(`m.${q(c.db)}::text`)} IN (${sql.join(
    f.in.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

/** The criteria values as conditions on the master (equal ignoring case, or a day range end). */
export function criteriaWhere(def: ScreenDef, criteria: Map<number, string>): SQL | null {
  const parts: SQL[] = [];
  for (const [id, value] of criteria) {
    const cri = def.criteria!.find((c) => c.id === id)!;
    const c = col(def, def.master, cri.column);
    const column = sql.raw(`m.${q(c.db)}`);
    // A day range end compares the stored value itself, so an index on the column serves it.
    // A datetime's day is the UTC day, whatever the database session's time zone.
    const day = (d: SQL) => (c.type === 'datetime' ? sql`((${d})::timestamp AT TIME ZONE 'UTC')` : d);
    if (cri.op === 'from') parts.push(sql`${column} >= ${day(sql`${value}::date`)}`);
    else if (cri.op === 'to') parts.push(sql`${column} < ${day(sql`${value}::date + 1`)}`);
    else parts.push(sql`lower(${sql.raw(readExpr(c, 'm'))}) = lower(${value})`);
  }
  return parts.length ? sql.join(parts, sql` AND `) : null;
}

/** The select list of a search list row: the key and the shown columns the caller sees. */
function listExprs(ctx: ScreenCtx, caller: Caller, hide: boolean): string {
  const sl = ctx.def.searchList;
  const m = ctx.def.master;
  const shown = [sl.label, sl.labelR, sl.detail, sl.detailR].filter((n): n is string => Boolean(n));
  const exprs = [`${readExpr(ctx.mKey, 'm')} AS "key"`];
  for (const n of shown) {
    const c = col(ctx.def, m, n);
    if (!visible(c, caller)) continue;
    const e = c.dropdown
      ? `coalesce(${dropdownTextExpr(c.dropdown, `m.${q(c.db)}`, hide)}, ${readExpr(c, 'm', hide)})`
      : readExpr(c, 'm');
    exprs.push(`${e} AS ${q(n)}`);
  }
  return exprs.join(', ');
}

/**
 * ONE statement (one round trip): `hits` takes up to COUNT_CAP matches (their key and order
 * value), which gives matchCount and how dense the matches are. Sparse (under COUNT_CAP): hits
 * holds every match, so the first topN are sorted out of it and only those rows are read
 * (flipped NULLS placement, as the sparse list always had). Dense: walk the ordering index and
 * stop after topN (with the walk form of the quick search). `total` (the list without the quick search) is counted only when the matches
 * are under COUNT_CAP: the matches are part of it, so otherwise it is capped too. The rows travel
 * as one json text (one value for the driver to decode).
 */
function searchListSql(
  ctx: ScreenCtx,
  where: { base: SQL; match: SQL; walk: SQL; searched: boolean },
  exprs: string,
  topN: number,
  savedCheck: SQL | null,
): SQL {
  const sl = ctx.def.searchList;
  const m = ctx.def.master;
  const order = col(ctx.def, m, sl.orderBy);
  const dir = sl.orderDir === 'asc' ? 'ASC' : 'DESC';
  const flipped = dir === 'DESC' ? ' NULLS LAST' : ' NULLS FIRST';
  const t = q(m.table);
  const key = q(ctx.mKey.db);
  const ord = q(order.db);
  // The limits are part of the text, not parameters: a prepared statement's generic plan then
  // knows them (a LIMIT parameter is estimated at a tenth of the rows: a join over the table).
  const cap = sql.raw(String(COUNT_CAP));
  const top = sql.raw(String(topN));
  const totalExpr = where.searched
    ? sql`CASE WHEN n.n >= ${cap} THEN ${cap}
           ELSE (SELECT count(*)::int FROM (SELECT 1 FROM ${sql.raw(t)} m WHERE ${where.base} LIMIT ${cap}) c) END`
    : sql`n.n`;
  return sql`WITH hits AS MATERIALIZED (
          SELECT ${sql.raw(`m.${key} AS k, m.${ord} AS o`)} FROM ${sql.raw(t)} m WHERE ${where.match} LIMIT ${cap}
        ), n AS (SELECT count(*)::int AS n FROM hits)
        SELECT n.n AS "matchCount", ${totalExpr} AS "total",
          CASE WHEN n.n < ${cap} THEN (
            SELECT json_agg(x)::text FROM (
              SELECT ${sql.raw(exprs)}
              FROM (SELECT h.k, h.o FROM hits h ORDER BY ${sql.raw(`h.o ${dir}${flipped}, h.k ${dir}${flipped}`)} LIMIT ${top}) top
              JOIN ${sql.raw(t)} m ON ${sql.raw(`m.${key} = top.k`)}
              ORDER BY ${sql.raw(`top.o ${dir}${flipped}, top.k ${dir}${flipped}`)}) x)
          ELSE (
            SELECT json_agg(x)::text FROM (
              SELECT ${sql.raw(exprs)} FROM ${sql.raw(t)} m WHERE ${where.walk}
              ORDER BY ${sql.raw(`m.${ord} ${dir}, m.${key} ${dir}`)} LIMIT ${top}) x)
          END AS "rows"${savedCheck ? sql`, ${savedCheck} AS "hasSaved"` : sql``}
        FROM n`;
}

/** GetSearchList: the caller's rows matching filter, criteria (sent or saved) and quick search. */
export async function searchList(ctx: ScreenCtx, caller: Caller, args: SearchListArgs): Promise<SearchList> {
  const sent = criteriaValues(ctx.def, args.desiredScreenCriteria);
  if (sent) return runSearchList(ctx, caller, args, sent);
  // Most callers have no saved criteria: the search runs as if none, and the same statement says
  // whether some are saved (one round trip). When some are, it runs again with them.
  const first = await runSearchList(ctx, caller, args, null);
  if (first) return first;
  return runSearchList(ctx, caller, args, await savedCriteria(ctx, caller));
}

/** The search with `criteria`, or, with null, without any, null when the caller saved some. */
async function runSearchList(
  ctx: ScreenCtx,
  caller: Caller,
  args: SearchListArgs,
  criteria: Map<number, string>,
): Promise<SearchList>;
async function runSearchList(
  ctx: ScreenCtx,
  caller: Caller,
  args: SearchListArgs,
  criteria: Map<number, string> | null,
): Promise<SearchList | null>;
async function runSearchList(
  ctx: ScreenCtx,
  caller: Caller,
  args: SearchListArgs,
  criteria: Map<number, string> | null,
): Promise<SearchList | null> {
  const def = ctx.def;
  const rule = accessRule(def, caller);
  const sizes = pageSizes(def);
  const topN = Math.min(Math.max(1, Math.trunc(args.topN ?? sizes.searchTopN)), 32767);
  const base = [
    scopeWhere(def, caller, rule),
    filterWhere(def, caller, args.filterId),
    criteria && criteriaWhere(def, criteria),
  ].filter((x): x is SQL => Boolean(x));
  const hide = hidesStaff(caller);
  const search = searchWhere(ctx, args.searchStr ?? '', hide);
  const baseWhere = sql.join(base, sql` AND `);
  const matchWhere = search ? sql`${baseWhere} AND ${search}` : baseWhere;
  const walkSearch = search && searchWhere(ctx, args.searchStr ?? '', hide, true);
  const walkWhere = walkSearch ? sql`${baseWhere} AND ${walkSearch}` : baseWhere;
  const statement = searchListSql(
    ctx,
    { base: baseWhere, match: matchWhere, walk: walkWhere, searched: search !== null },
    listExprs(ctx, caller, hide),
    topN,
    criteria ? null : savedCriteriaExist(ctx, caller),
  );
  // Scope, filter and quick search have one best plan whatever the values (the search indexes,
  // the ordering index): a generic plan, planned once. A criterion's value can change it (a day
  // range narrow enough for its index): planned for its values.
  const r = await preparedRows(ctx.db, statement, { generic: !criteria?.size });
  if (!criteria && r[0]?.hasSaved === true) return null;
  const matchCount = Number(r[0]?.matchCount ?? 0);
  const total = Number(r[0]?.total ?? 0);
  const found = JSON.parse(String(r[0]?.rows ?? '[]')) as Row[];
  const sl = def.searchList;
  const text = (row: Row, n: string | undefined) => (n && row[n] != null ? String(row[n]) : '');
  const data: SearchListItem[] = found.map((row) => ({
    key: String(row.key),
    label: text(row, sl.label),
    labelR: text(row, sl.labelR),
    detail: text(row, sl.detail),
    detailR: text(row, sl.detailR),
  }));
  return { total, data, matchCount, countCapped: total >= COUNT_CAP || matchCount >= COUNT_CAP };
}
