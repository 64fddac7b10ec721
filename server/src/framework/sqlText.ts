// SQL fragments built from a definition. Identifiers come only from definitions checked by
// defineScreen (plain lower-case names), values always travel as parameters.
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ColumnDef, DropdownSource } from './definition.ts';
import type { WireValue } from './rowSchema.ts';
import { customerRoles } from './roles.ts';

export type Row = Record<string, unknown>;

/** Anything drizzle can run a statement on: the database or a transaction. */
export interface Executor {
  execute(query: SQL): PromiseLike<unknown>;
}

export async function rows(exec: Executor, query: SQL): Promise<Row[]> {
  const result = (await exec.execute(query)) as { rows: Row[] };
  return result.rows;
}

/**
 * The rows of a statement the query builder cannot express (a CTE, a window, an advisory lock),
 * each checked against `shape`, a zod object written beside the statement: the caller gets typed
 * rows, and a column renamed or retyped in SQL fails here by name instead of reading undefined.
 * PostgreSQL sends numeric and bigint columns as strings, timestamps as Date (PGlite the same), so
 * shapes use z.string() for amounts and z.coerce.date() for times.
 */
export async function parsedRows<S extends z.ZodType>(
  exec: Executor,
  query: SQL,
  shape: S,
): Promise<z.infer<S>[]> {
  const found = await rows(exec, query);
  return found.map((r) => shape.parse(r));
}

export const q = (name: string) => `"${name}"`;

/** A string literal for constants taken from definitions (ref categories). */
export const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** What a caller who is not staff reads instead of a staff account's name (README 'Staff identity'). */
export const STAFF_LABEL = 'payd staff';

/** A dropdown over accounts (the users table): its names and ids are people's identities. */
export function isUserSource(
  src: DropdownSource | undefined,
): src is Extract<DropdownSource, { kind: 'table' }> {
  return src?.kind === 'table' && src.table === 'users';
}

/** SQL: the users row `alias` is a customer's account (any other role counts as staff). */
export function customerAccount(alias: string): string {
  return `${alias}.role IN (${customerRoles.join(', ')})`;
}

/**
 * Expression reading a column as text, so both drivers return the same shape. `hideStaff`: a
 * users column reads null where the account is not a customer's (no staff id for customers).
 */
export function readExpr(c: ColumnDef, alias: string, hideStaff = false): string {
  const col = `${alias}.${q(c.db)}`;
  if (hideStaff && isUserSource(c.dropdown)) {
    const src = c.dropdown;
    return `CASE WHEN EXISTS (SELECT 1 FROM users s WHERE s.${q(src.key)} = ${col} AND NOT ${customerAccount('s')}) THEN NULL ELSE ${col}::text END`;
  }
  switch (c.type) {
    case 'date':
      return `to_char(${col}, 'YYYY-MM-DD')`;
    case 'datetime':
      return `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    default:
      return `${col}::text`;
  }
}

/** The displayed text of a dropdown value; `hideStaff`: a staff account's name reads STAFF_LABEL. */
export function dropdownTextExpr(src: DropdownSource, valueExpr: string, hideStaff = false): string {
  if (hideStaff && isUserSource(src))
    return `(SELECT CASE WHEN ${customerAccount('d')} THEN d.${q(src.label)}::text ELSE ${literal(STAFF_LABEL)} END FROM users d WHERE d.${q(src.key)} = ${valueExpr})`;
  if (src.kind === 'ref')
    return `(SELECT r.label FROM ref_codes r WHERE r.cat = ${literal(src.cat)} AND r.code = ${valueExpr}::text)`;
  // Same types on both sides, so the reference table's key index serves the lookup.
  return `(SELECT d.${q(src.label)}::text FROM ${q(src.table)} d WHERE d.${q(src.key)} = ${valueExpr})`;
}

/** Text stored in the database → wire value of the column type. */
export function fromDb(c: ColumnDef, v: unknown): WireValue {
  if (v === null || v === undefined) return null;
  const s = String(v);
  if (c.type === 'number' || (c.type === 'dropdown' && c.integerKey)) return Number(s);
  return s;
}

/** A parameter cast to the column's database type. */
export function param(c: ColumnDef, v: WireValue): SQL {
  switch (c.type) {
    case 'number':
      return sql`${v}::integer`;
    case 'decimal':
      return sql`${v}::numeric`;
    case 'date':
      return sql`${v}::date`;
    case 'datetime':
      return sql`${v}::timestamptz`;
    case 'dropdown':
      return c.integerKey ? sql`${v}::integer` : sql`${v}::text`;
    default:
      return sql`${v}::text`;
  }
}

/** One word of a quick search: prefix terms for to_tsquery (the same parser as the column's
 * tsvector splits them), and for a word with `@ . _ + -` the whole word as a tsquery literal. */
export interface SearchTerm {
  parsed: string;
  whole: string | null;
}

/**
 * Words of a quick search → terms that must each start a word of the text: 'jo sm' → `jo:*` and
 * `sm:*` (tsquery syntax dropped). The 'simple' parser keeps an e-mail address as one lexeme,
 * which its parts never match, so a word with punctuation also matches as a whole prefix
 * ('bob@exa' → the lexeme 'bob@example.com'). Null when nothing is left to search.
 */
export function prefixTerms(search: string): SearchTerm[] | null {
  const terms = search
    .toLowerCase()
    .split(/\s+/u)
    .map((word): SearchTerm | null => {
      const parts = word.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
      if (!parts.length) return null;
      const trimmed = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
      const whole = parts.length > 1 && /^[\p{L}\p{N}@._+-]+$/u.test(trimmed) ? `'${trimmed}':*` : null;
      return { parsed: parts.map((p) => `${p}:*`).join(' & '), whole };
    })
    .filter((t): t is SearchTerm => t !== null)
    .slice(0, 8);
  return terms.length ? terms : null;
}

/** The tsquery of a quick search (every word must match), or null. */
export function prefixQuery(search: string): SQL | null {
  const terms = prefixTerms(search);
  if (!terms) return null;
  return sql`(${sql.join(
    terms.map((t) =>
      t.whole
        ? sql`(to_tsquery('simple'::regconfig, ${t.parsed}) || ${t.whole}::tsquery)`
        : sql`to_tsquery('simple'::regconfig, ${t.parsed})`,
    ),
    sql` && `,
  )})`;
}

/** The text-search vector of a column; the migrations index exactly this expression. */
export function tsvectorExpr(db: string, alias: string): string {
  return `to_tsvector('simple'::regconfig, coalesce(${alias}.${q(db)}::text, ''))`;
}

/** `expr = value` for a key column, typed so the column's index is used (a key that is not a
 * whole number matches nothing rather than failing the cast). */
export function keyEq(expr: string, integer: boolean, value: unknown): SQL {
  const v = String(value);
  if (!integer) return sql`${sql.raw(expr)} = ${v}`;
  return /^-?\d{1,9}$/.test(v) ? sql`${sql.raw(expr)} = ${Number(v)}::integer` : sql`FALSE`;
}
