// What every engine module works over: one screen definition, its dependencies (database,
// clock) and the facts about its keys derived once.
import type { YN } from '@payd/schemas';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { keyColumn, type ColumnDef, type ScreenDef, type TableDef } from './definition.ts';

export interface EngineDeps {
  db: Db;
  clock: Clock;
}

export interface ScreenCtx {
  readonly def: ScreenDef;
  readonly db: Db;
  readonly clock: Clock;
  /** The master's key column. */
  readonly mKey: ColumnDef;
  /** The detail's key column, when the screen has detail rows. */
  readonly dKey?: ColumnDef;
  /** Master key is an integer (compared as one, so its index is used). */
  readonly intKey: boolean;
}

export function screenContext(def: ScreenDef, deps: EngineDeps): ScreenCtx {
  const mKey = keyColumn(def.master);
  return {
    def,
    db: deps.db,
    clock: deps.clock,
    mKey,
    dKey: def.detail ? keyColumn(def.detail) : undefined,
    intKey: mKey.type === 'number',
  };
}

/** A column of a table by its wire name (a definition error when missing). */
export function col(def: ScreenDef, t: TableDef, name: string): ColumnDef {
  const c = t.columns.find((x) => x.name === name);
  if (!c) throw new Error(`${def.service}: unknown column ${name}`);
  return c;
}

export const yn = (b: boolean): YN => (b ? 'Y' : 'N');

export function emptyValue(v: unknown): boolean {
  return v === null || v === undefined || v === '';
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (emptyValue(a) && emptyValue(b)) return true;
  return String(a) === String(b);
}
