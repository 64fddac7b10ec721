// Malformed request bodies for the wire fuzz test (wire/fuzz.test.ts): a value each body
// schema accepts, the paths of the fields it names, and values of every awkward kind (NUL
// characters, objects and arrays for strings, huge numbers, deep nesting, long strings, bad
// top-level types and scope headers) spoilt into those fields.
import type { z } from 'zod';

export type Json = unknown;
export type Path = (string | number)[];

// ---- zod schema walking (zod 4 keeps each schema's definition under _zod.def) -------------

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  valueType?: z.ZodType;
  left?: z.ZodType;
  entries?: Record<string, string>;
  values?: unknown[];
}
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;
const wrappers = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/** Paths of the fields a schema names (nested objects and array elements included). */
export function fieldPaths(s: z.ZodType, path: Path = [], depth = 0, out = new Map<string, Path>()): Path[] {
  if (depth > 5) return [...out.values()];
  const d = defOf(s);
  if (wrappers.has(d.type)) fieldPaths(d.innerType!, path, depth, out);
  else if (d.type === 'pipe') fieldPaths(d.in!, path, depth, out);
  else if (d.type === 'union') for (const o of d.options!) fieldPaths(o, path, depth, out);
  else if (d.type === 'intersection') fieldPaths(d.left!, path, depth, out);
  else if (d.type === 'object')
    for (const [k, v] of Object.entries(d.shape!)) {
      out.set(JSON.stringify([...path, k]), [...path, k]);
      fieldPaths(v, [...path, k], depth + 1, out);
    }
  else if (d.type === 'array') {
    out.set(JSON.stringify([...path, 0]), [...path, 0]);
    fieldPaths(d.element!, [...path, 0], depth + 1, out);
  }
  return [...out.values()];
}

const STRING_GUESSES = [
  'fuzz@payd.test',
  'Fuzz',
  'http://localhost:5173',
  '1',
  'Y',
  '2000-01-01',
  `0x${'1'.repeat(40)}`,
  `0x${'ab'.repeat(48)}`,
  'a'.repeat(16),
  'public-key',
  'Fuzz#Passw0rd',
];

/** A value the schema accepts, when one of a few guesses is (else the first guess). */
export function sample(s: z.ZodType, depth = 0): Json {
  const d = defOf(s);
  const ok = (v: Json) => s.safeParse(v).success;
  if (depth > 5) return null;
  if (d.type === 'optional') return undefined;
  if (wrappers.has(d.type)) return sample(d.innerType!, depth);
  if (d.type === 'pipe') return sample(d.in!, depth);
  if (d.type === 'union') {
    const tries = d.options!.map((o) => sample(o, depth));
    return tries.find(ok) ?? tries[0];
  }
  if (d.type === 'object') {
    const o: Record<string, Json> = {};
    for (const [k, v] of Object.entries(d.shape!)) {
      const x = sample(v, depth + 1);
      if (x !== undefined) o[k] = x;
    }
    return o;
  }
  if (d.type === 'array') return [];
  if (d.type === 'record') return {};
  if (d.type === 'enum') return Object.values(d.entries!)[0];
  if (d.type === 'literal') return d.values![0];
  if (d.type === 'boolean') return true;
  if (d.type === 'number' || d.type === 'bigint') return [1, 0, 2].find(ok) ?? 1;
  if (d.type === 'string') return STRING_GUESSES.find(ok) ?? 'Fuzz';
  return 'Fuzz';
}

// ---- malformed values ----------------------------------------------------------------

const deep = (n: number, leaf: Json = 'x', arr = false): Json => {
  let v = leaf;
  for (let i = 0; i < n; i++) v = arr ? [v] : { a: v };
  return v;
};

export const NUL_VALUES: Json[] = [
  '\u0000',
  'a\u0000',
  '\u0000a',
  'Fuzz\u0000Fuzz',
  '1\u0000',
  'Y\u0000',
  '2000-01-01\u0000',
  'fuzz\u0000@payd.test',
  '\u0000'.repeat(50),
  `0x${'1'.repeat(39)}\u0000`,
];
export const OBJECT_VALUES: Json[] = [
  { toString: null },
  { valueOf: null },
  { toString: null, valueOf: null },
  {},
  { a: 1 },
  { toString: 'x', length: 3 },
  { constructor: null },
  { toJSON: null },
  { then: null },
  JSON.parse('{"__proto__": {"toString": null}}') as Json,
];
export const ARRAY_VALUES: Json[] = [
  [],
  [null],
  ['a'],
  [{ toString: null }],
  [[]],
  [1, 2],
  ['\u0000'],
  [2 ** 31],
];
export const NUMBER_VALUES: Json[] = [
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  -1,
  0,
  1e308,
  -1e308,
  1.5,
  2 ** 63,
  '2147483648',
  '9007199254740993',
  '1e308',
  '-1',
  '99999999999999999999',
];
/**
 * Money amounts that printed credits or answered 500 (issue 24): zero, exponent, more digits than
 * any column holds, the numeric(20, 2) limit, negative and sub-cent, as text and as numbers.
 */
export const MONEY_VALUES: Json[] = [
  '0',
  '0.00',
  '0.001',
  '0.000000000000000001',
  '1e20',
  '9'.repeat(20),
  '9'.repeat(40),
  '999999999999999999.99',
  '100000.01',
  '-0.01',
  ' 1',
  '1.',
  '.5',
  0,
  1e20,
  1e40,
  0.001,
  -0,
];
export const DEEP_VALUES: Json[] = [
  deep(20),
  deep(100),
  deep(1000),
  deep(20, 'x', true),
  deep(2000, 1, true),
];
export const LONG_VALUES: Json[] = [
  'a'.repeat(10_000),
  'é'.repeat(50_000),
  '1'.repeat(100_000),
  'x '.repeat(100_000),
  '😀'.repeat(20_000),
];
/** Bodies that are not objects, or not JSON at all (sent as raw text). */
export const TOP_LEVEL: string[] = [
  '[]',
  '[{}]',
  '[1]',
  '"x"',
  '""',
  '"\\u0000"',
  '0',
  '-1',
  '1e308',
  '2147483648',
  'null',
  'true',
  'false',
  '[[]]',
  '{',
  '{"a":}',
  '[null]',
  '"{}"',
  '{"a":1,}',
  '\u0000',
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
];
export const HEADER_VALUES: string[] = [
  JSON.stringify({ systemId: 2 ** 31 }),
  JSON.stringify({ companyId: 2 ** 53 }),
  JSON.stringify({ projectId: -1, cultureId: 1e308 }),
  JSON.stringify({ cultureId: { toString: null } }),
  JSON.stringify({ systemId: '2147483648' }),
  JSON.stringify([1]),
  '{',
  'null',
];

/** Field names clients commonly send, spoiled on every method besides its own schema's. */
export const COMMON_FIELDS = [
  'keyId',
  'mstId',
  'dtlId',
  'searchStr',
  'usrName',
  'emailAddress',
  'query',
  'screenColumnName',
  'systemId',
  'walletAddress',
  'mst',
  'options',
];

function setAt(body: Json, path: Path, value: Json): Json {
  // A schema whose sample is not an object (a bare string body) is spoilt from an empty object.
  const root = (body !== null && typeof body === 'object' ? structuredClone(body) : {}) as Record<
    string | number,
    Json
  >;
  let o: Record<string | number, Json> = root;
  for (let i = 0; i < path.length - 1; i++) {
    const k = path[i]!;
    const next = o[k];
    if (next === null || typeof next !== 'object') o[k] = typeof path[i + 1] === 'number' ? [] : ({} as Json);
    o = o[k] as Record<string | number, Json>;
  }
  o[path[path.length - 1]!] = value;
  return root;
}

export interface Probe {
  path: string;
  /** Raw text body (already JSON, or not JSON at all). */
  payload: string;
  header?: string;
}

/** Bodies with one field spoilt by a value of one kind: each of the schema's fields with three
 * values, each common field name with one, every value at least once, at least `min` in all. */
export function spoil(base: Json, own: Path[], common: Path[], values: Json[], min = 20): Json[] {
  const out: Json[] = [];
  let k = 0;
  const next = () => values[k++ % values.length];
  for (const f of own) for (let i = 0; i < Math.min(3, values.length); i++) out.push(setAt(base, f, next()));
  for (const f of common) out.push(setAt(base, f, next()));
  const all = [...own, ...common];
  for (let i = 0; out.length < min || k < values.length; i++)
    out.push(setAt(base, all[i % all.length]!, next()));
  return out;
}
