// Named prepared statements for the statements a screen runs on every call (the search list and
// the saved criteria): parsed once per database session instead of on every call, and, for the
// search list, run with a generic plan, so its planning (half of the statement on PGlite, README
// 'Per-request cost') is skipped. drizzle runs every statement unnamed: PGlite's `query` parses,
// describes and plans it each time, node-postgres the same. Anything else (a transaction, a test
// double) runs the statement as `rows` does.
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { rows, type Executor, type Row } from './sqlText.ts';
import { genericPoolOf } from '../db/genericPool.ts';

/** Distinct statement texts prepared per database; later ones run unnamed (a text per shape of
 * search: words, filter, caller kind, page size, so a few dozen per screen in practice). */
export const MAX_PREPARED = 500;

export interface PreparedOptions {
  /**
   * Plan once for every value (`plan_cache_mode = force_generic_plan` for this statement only).
   * Only for statements whose best plan does not depend on the values: PostgreSQL keeps a custom
   * plan otherwise, since its estimate of a generic plan's LIMIT is off (README 'Prepared').
   */
  generic?: boolean;
}

const dialect = new PgDialect();
/** Types drizzle reads as their text on both drivers (times, days, intervals, numeric[]): the
 * same values as `rows`. */
const RAW_TEXT_TYPES = new Set([1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231]);
const pgTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    RAW_TEXT_TYPES.has(oid)
      ? (v: string) => v
      : (pg.types.getTypeParser(oid, format) as (v: string) => unknown),
} as pg.CustomTypesConfig;
/** Per database client: statement text → its name (and, on PGlite, its parameter and row types). */
const prepared = new WeakMap<object, Map<string, PgliteStatement | string>>();

interface PgliteStatement {
  name: string;
  paramTypes: number[];
  fields: { name: string; type: number }[];
}

/** The rows of `query` on `exec`, through a named prepared statement when `exec` is the database. */
export async function preparedRows(
  exec: Executor,
  query: SQL,
  options: PreparedOptions = {},
): Promise<Row[]> {
  const client = (exec as { $client?: unknown }).$client;
  if (!(client instanceof PGlite) && !(client instanceof pg.Pool)) return rows(exec, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  let byText = prepared.get(client);
  if (!byText) prepared.set(client, (byText = new Map<string, PgliteStatement | string>()));
  if (!byText.has(text) && byText.size >= MAX_PREPARED) return rows(exec, query);
  if (client instanceof pg.Pool) {
    let name = byText.get(text) as string | undefined;
    if (!name) byText.set(text, (name = statementName(text)));
    return pgRows(client, name, text, params, options.generic === true);
  }
  return pgliteRows(client, byText, text, params, options.generic === true);
}

/** A name of the text itself, so every connection of a pool gives one text one name. */
function statementName(text: string): string {
  return `payd_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
}

async function pgRows(pool: pg.Pool, name: string, text: string, values: unknown[], generic: boolean) {
  const genericPool = generic ? genericPoolOf(pool) : undefined;
  if (!generic || genericPool)
    return (await (genericPool ?? pool).query<Row>({ name, text, values, types: pgTypes })).rows;
  // A pool without its generic sessions: the mode is set around this statement (three round trips).
  const client = await pool.connect();
  let broken: unknown;
  try {
    await client.query('SET plan_cache_mode = force_generic_plan');
    try {
      return (await client.query<Row>({ name, text, values, types: pgTypes })).rows;
    } finally {
      await client.query('RESET plan_cache_mode').catch((err: unknown) => (broken = err));
    }
  } catch (err) {
    broken ??= err instanceof pg.DatabaseError ? undefined : err;
    throw err;
  } finally {
    // A connection whose mode could not be reset is closed rather than handed to another caller.
    client.release(broken instanceof Error ? broken : broken ? new Error(String(broken)) : undefined);
  }
}

async function pgliteRows(
  client: PGlite,
  byText: Map<string, PgliteStatement | string>,
  text: string,
  values: unknown[],
  generic: boolean,
): Promise<Row[]> {
  // The same locks as PGlite's own `query`: never inside another caller's transaction.
  return client._runExclusiveTransaction(() =>
    client.runExclusive(async () => {
      try {
        return await pgliteRun(client, byText, text, values, generic);
      } catch (err) {
        // Deallocated behind our back (DEALLOCATE ALL, DISCARD ALL): prepare it again, once.
        if ((err as { code?: string }).code !== '26000') throw err;
        byText.delete(text);
        return pgliteRun(client, byText, text, values, generic);
      }
    }),
  );
}

async function pgliteRun(
  client: PGlite,
  byText: Map<string, PgliteStatement | string>,
  text: string,
  values: unknown[],
  generic: boolean,
): Promise<Row[]> {
  let st = byText.get(text) as PgliteStatement | undefined;
  if (!st) byText.set(text, (st = await pgliteParse(client, text)));
  const bound = values.map((v, i) => (v === null || v === undefined ? null : serialize(client, st, i, v)));
  const run = [bind(st.name, bound), execute(), sync()];
  // One call into PGlite: the mode is set for this statement and reset after it, error or not
  // (an error skips to the Sync, and the reset comes after it).
  const r = await client.execProtocol(
    concat(generic ? [query(GENERIC_ON), ...run, query(GENERIC_OFF)] : run),
  );
  return r.messages.flatMap((m) =>
    m.name === 'dataRow' && 'fields' in m ? [rowOf(client, st, m.fields as (string | null)[])] : [],
  );
}

const GENERIC_ON = 'SET plan_cache_mode = force_generic_plan';
const GENERIC_OFF = 'RESET plan_cache_mode';

async function pgliteParse(client: PGlite, text: string): Promise<PgliteStatement> {
  const name = statementName(text);
  const r = await client.execProtocol(concat([parse(name, text), describeStatement(name), sync()]));
  const params = r.messages.find((m) => m.name === 'parameterDescription');
  const desc = r.messages.find((m) => m.name === 'rowDescription');
  return {
    name,
    paramTypes: params && 'dataTypeIDs' in params ? (params.dataTypeIDs as number[]) : [],
    fields:
      desc && 'fields' in desc
        ? (desc.fields as { name: string; dataTypeID: number }[]).map((f) => ({
            name: f.name,
            type: f.dataTypeID,
          }))
        : [],
  };
}

function serialize(client: PGlite, st: PgliteStatement, i: number, v: unknown): string {
  const s = client.serializers[st.paramTypes[i]!];
  return s ? s(v) : String(v);
}

function rowOf(client: PGlite, st: PgliteStatement, values: (string | null)[]): Row {
  const row: Row = {};
  st.fields.forEach((f, i) => {
    const v = values[i];
    const parser = RAW_TEXT_TYPES.has(f.type) ? undefined : client.parsers[f.type];
    row[f.name] = v === null || v === undefined ? null : parser ? parser(v, f.type) : v;
  });
  return row;
}

// ---- the frontend messages of the PostgreSQL protocol (v3) that this module sends -----------

const utf8 = new TextEncoder();

function message(type: string, parts: Uint8Array[]): Uint8Array {
  const length = 4 + parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(1 + length);
  out[0] = type.charCodeAt(0);
  new DataView(out.buffer).setInt32(1, length);
  let at = 5;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const cstring = (s: string) => concat([utf8.encode(s), new Uint8Array(1)]);
const int16 = (n: number) => new Uint8Array([(n >> 8) & 0xff, n & 0xff]);
const int32 = (n: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setInt32(0, n);
  return b;
};

const parse = (name: string, text: string) => message('P', [cstring(name), cstring(text), int16(0)]);
const describeStatement = (name: string) => message('D', [utf8.encode('S'), cstring(name)]);
const execute = () => message('E', [cstring(''), int32(0)]);
const sync = () => message('S', []);
const query = (text: string) => message('Q', [cstring(text)]);

/** Bind of the unnamed portal: every value as text, every result column as text. */
function bind(name: string, values: (string | null)[]): Uint8Array {
  const encoded = values.flatMap((v) => {
    if (v === null) return [int32(-1)];
    const bytes = utf8.encode(v);
    return [int32(bytes.length), bytes];
  });
  return message('B', [cstring(''), cstring(name), int16(0), int16(values.length), ...encoded, int16(0)]);
}
