// Which fields differ between two store states, comparing values the way each type defines equality.

interface Comparable {
  equals(that: unknown): boolean;
}
interface Ordered {
  eq(that: unknown): boolean;
}

const hasEquals = (v: unknown): v is Comparable => typeof (v as Comparable)?.equals === 'function';
const hasEq = (v: unknown): v is Ordered => typeof (v as Ordered)?.eq === 'function';

/** Deep value equality for store fields: Decimals, model objects, dates, arrays and plain objects. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  if (a.constructor !== b.constructor) return false;
  if (hasEq(a)) return a.eq(b);
  if (hasEquals(a)) return a.equals(b);
  if (a instanceof Date) return a.getTime() === (b as Date).getTime();
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((v, i) => sameValue(v, other[i]));
  }
  if (typeof a === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b as object)]);
    for (const key of keys) {
      if (!sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
    }
    return true;
  }
  return false;
}

/** Names of the top-level fields whose values differ. */
export function changedFields<T extends object>(oldState: T, newState: T): (keyof T & string)[] {
  const keys = new Set([...Object.keys(oldState), ...Object.keys(newState)]) as Set<keyof T & string>;
  return [...keys].filter((key) => !sameValue(oldState[key], newState[key]));
}
