// SQL fragments built from a definition. Identifiers come only from definitions checked by
// defineScreen (plain lower-case names), values always travel as parameters.
import { sql, type SQL } from 'drizzle-orm';
import type { ColumnDef, DropdownSource } from './definition.ts';
import type { WireValue } from './rowSchema.ts';

export type Row = Record<string, unknown>;

/** Anything drizzle can run a statement on: the database or a transaction. */
export interface Executor {
  execute(query: SQL): PromiseLike<unknown>;
}

export async function rows(exec: Executor, query: SQL): Promise<Row[]> {
  const result = (await exec.execute(query)) as { rows: Row[] };
  return result.rows;
}

export const q = (name: string) => `"${name}"`;

/** A string literal for constants taken from definitions (ref categories). */
export const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Expression reading a column as text, so both drivers return the same shape. */
export function readExpr(c: ColumnDef, alias: string): string {
  const col = `${alias}.${q(c.db)}`;
  switch (c.type) {
    case 'date':
      return `to_char(${col}, 'YYYY-MM-DD')`;
    case 'datetime':
      return `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    default:
      return `${col}::text`;
  }
}

/** The displayed text of a dropdown value. */
export function dropdownTextExpr(src: DropdownSource, valueExpr: string): string {
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

/** Words of a quick search → a prefix tsquery ('jo sm' → 'jo:* & sm:*'), or null. */
export function prefixQuery(search: string): string | null {
  const words = search
    .toLowerCase()
    .split(/[^\p{L}\p{N}@._-]+/u)
    .map((w) => w.replace(/[^\p{L}\p{N}]+/gu, ' ').trim())
    .flatMap((w) => w.split(' '))
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
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
