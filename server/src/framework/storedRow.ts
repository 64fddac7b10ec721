// Reading one master row as stored (every column, wire names), within the caller's row scope.
import { sql } from 'drizzle-orm';
import type { AccessRule, Caller, TableDef } from './definition.ts';
import type { WireValue } from './rowSchema.ts';
import { dropdownTextExpr, fromDb, keyEq, q, readExpr, rows, type Executor, type Row } from './sqlText.ts';
import { scopeWhere, visible } from './access.ts';
import type { ScreenCtx } from './screenContext.ts';

/** The visible columns of a table as a select list (with dropdown Text variants). */
export function selectList(t: TableDef, caller: Caller | null, alias: string, hideStaff = false): string {
  const parts: string[] = [];
  for (const c of t.columns) {
    if (c.type === 'document') continue;
    if (caller && !visible(c, caller)) continue;
    parts.push(`${readExpr(c, alias, hideStaff)} AS ${q(c.name)}`);
    if (c.dropdown)
      parts.push(
        `${dropdownTextExpr(c.dropdown, `${alias}.${q(c.db)}`, hideStaff)} AS ${q(`${c.name}Text`)}`,
      );
  }
  return parts.join(', ');
}

/** A database row (text values) as wire values of the table's columns. */
export function toWire(t: TableDef, r: Row): Record<string, WireValue> {
  const out: Record<string, WireValue> = {};
  for (const c of t.columns) {
    if (!(c.name in r)) continue;
    out[c.name] = fromDb(c, r[c.name]);
    if (c.dropdown) out[`${c.name}Text`] = (r[`${c.name}Text`] as string | null) ?? null;
  }
  return out;
}

/** The stored master row (all columns, wire names) when the caller reaches it. */
export async function loadStored(
  ctx: ScreenCtx,
  exec: Executor,
  caller: Caller,
  rule: AccessRule,
  keyId: string | number,
  forUpdate: boolean,
  hideStaff = false,
): Promise<Record<string, WireValue> | null> {
  const m = ctx.def.master;
  const found = await rows(
    exec,
    sql`SELECT ${sql.raw(selectList(m, null, 'm', hideStaff))} FROM ${sql.raw(q(m.table))} m
        WHERE ${keyEq(`m.${q(ctx.mKey.db)}`, ctx.intKey, keyId)} AND ${scopeWhere(ctx.def, caller, rule)}
        ${forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
  return found[0] ? toWire(m, found[0]) : null;
}

/** The row with only the columns the caller sees (and their dropdown texts). */
export function visibleOnly(
  t: TableDef,
  caller: Caller,
  row: Record<string, WireValue>,
): Record<string, WireValue | unknown> {
  const out: Record<string, WireValue | unknown> = {};
  for (const c of t.columns) {
    if (!visible(c, caller)) continue;
    if (c.name in row) out[c.name] = row[c.name];
    if (c.dropdown && `${c.name}Text` in row) out[`${c.name}Text`] = row[`${c.name}Text`];
  }
  return out;
}
