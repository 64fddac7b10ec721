// A small checker of JSON files for what every page reads before its first one shows (/config.json,
// /version.json): the same job as a zod object schema (check each field, apply defaults, keep only
// the known keys, name the wrong fields), without zod's core on the /login page. safeParse and
// parse answer like zod's, so the server's tests and the web app read them the same way.

export interface JsonIssue {
  /** Keys from the root to the wrong value. */
  path: string[];
  message: string;
}

export type JsonCheckResult<T> =
  { success: true; data: T } | { success: false; error: { issues: JsonIssue[] } };

/** Reads one value at `path`, recording in `issues` why it is wrong (the returned value is then unused). */
export type JsonRead<T> = (value: unknown, path: string[], issues: JsonIssue[]) => T;

export interface JsonSchema<T> {
  safeParse(raw: unknown): JsonCheckResult<T>;
  /** The checked value; throws when a field is wrong. */
  parse(raw: unknown): T;
}

export function jsonSchema<T>(read: JsonRead<T>): JsonSchema<T> {
  const safeParse = (raw: unknown): JsonCheckResult<T> => {
    const issues: JsonIssue[] = [];
    const data = read(raw, [], issues);
    return issues.length === 0 ? { success: true, data } : { success: false, error: { issues } };
  };
  return {
    safeParse,
    parse(raw) {
      const r = safeParse(raw);
      if (r.success) return r.data;
      throw new TypeError(
        r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; '),
      );
    },
  };
}

function wrong<T>(issues: JsonIssue[], path: string[], message: string, placeholder: T): T {
  issues.push({ path, message });
  return placeholder;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const jsonString: JsonRead<string> = (v, path, issues) =>
  typeof v === 'string' ? v : wrong(issues, path, 'expected a string', '');

export const jsonNonEmptyString: JsonRead<string> = (v, path, issues) =>
  typeof v === 'string' && v.length === 0
    ? wrong(issues, path, 'expected a non-empty string', '')
    : jsonString(v, path, issues);

/** A string matching `pattern`. */
export const jsonMatching =
  (pattern: RegExp): JsonRead<string> =>
  (v, path, issues) =>
    typeof v === 'string' && !pattern.test(v)
      ? wrong(issues, path, `expected a string matching ${pattern}`, '')
      : jsonString(v, path, issues);

export const jsonBoolean: JsonRead<boolean> = (v, path, issues) =>
  typeof v === 'boolean' ? v : wrong(issues, path, 'expected a boolean', false);

/** A safe integer not below `min`. */
export const jsonInt =
  (min: number): JsonRead<number> =>
  (v, path, issues) =>
    Number.isSafeInteger(v) && (v as number) >= min
      ? (v as number)
      : wrong(issues, path, `expected an integer of at least ${min}`, 0);

export const jsonOneOf =
  <T extends string>(values: readonly T[]): JsonRead<T> =>
  (v, path, issues) =>
    values.includes(v as T)
      ? (v as T)
      : wrong(issues, path, `expected one of ${values.join(', ')}`, values[0]!);

/** `fallback` when the key is absent (undefined), else `read`. */
export const jsonDefault =
  <T>(read: JsonRead<T>, fallback: T): JsonRead<T> =>
  (v, path, issues) =>
    v === undefined ? fallback : read(v, path, issues);

/** Absent (undefined) allowed; the key is then left out of its object. */
export const jsonOptional =
  <T>(read: JsonRead<T>): JsonRead<T | undefined> =>
  (v, path, issues) =>
    v === undefined ? undefined : read(v, path, issues);

/** An object with these fields only (other keys are dropped), each read by its reader. */
export const jsonObject =
  <T extends object>(fields: { [K in keyof T]-?: JsonRead<T[K]> }): JsonRead<T> =>
  (v, path, issues) => {
    if (!isRecord(v)) return wrong(issues, path, 'expected an object', {} as T);
    const out: Partial<T> = {};
    for (const key of Object.keys(fields) as (keyof T & string)[]) {
      const value = fields[key](v[key], [...path, key], issues);
      if (value !== undefined) out[key] = value;
    }
    return out as T;
  };

/** An object of any string keys, each value read by `read`. */
export const jsonRecord =
  <T>(read: JsonRead<T>): JsonRead<Record<string, T>> =>
  (v, path, issues) => {
    if (!isRecord(v)) return wrong(issues, path, 'expected an object', {});
    return Object.fromEntries(
      Object.entries(v).map(([key, value]) => [key, read(value, [...path, key], issues)]),
    );
  };
