// The parameters of opening and adjusting a cache, and the rules that make a parameter set valid
// (spec 000 section 4): known keys only, required keys present, no opposing pair given together,
// at least one non-zero change.
import { Decimal, type Decimalish } from '../decimal/Decimal.ts';
import { CacheParamsError } from '../errors/errors.ts';

/** Opening a cache. */
export interface CacheCreationParams<T = Decimal> {
  /** ETH put in as collateral. */
  depositCollateral: T;
  /** PAYD borrowed, before the borrowing fee is added to the debt. */
  borrowPAYD: T;
  /** PAYD of the borrowed amount put straight into the rewards pool. */
  stakePAYD?: T;
}

/** Closing a cache: all collateral back, the net debt repaid. */
export interface CacheClosureParams<T = Decimal> {
  /** ETH returned to the owner. */
  withdrawCollateral: T;
  /** PAYD repaid (absent when the cache only held the liquidation reserve). */
  repayPAYD?: T;
}

/** Adjusting a cache: any of the six, at most one of each opposing pair, at least one non-zero. */
export interface CacheAdjustmentParams<T = Decimal> {
  /** ETH added as collateral. */
  depositCollateral?: T;
  /** ETH taken out of the collateral. */
  withdrawCollateral?: T;
  /** PAYD borrowed on top of the debt (the fee comes on top). */
  borrowPAYD?: T;
  /** PAYD paid back. */
  repayPAYD?: T;
  /** PAYD moved into the rewards pool in the same transaction. */
  stakePAYD?: T;
  /** PAYD taken out of the rewards pool in the same transaction. */
  unstakePAYD?: T;
}

const CREATION_KEYS = ['depositCollateral', 'borrowPAYD', 'stakePAYD'] as const;
const CREATION_REQUIRED = ['depositCollateral', 'borrowPAYD'] as const;
const ADJUSTMENT_KEYS = [
  'depositCollateral',
  'withdrawCollateral',
  'borrowPAYD',
  'repayPAYD',
  'stakePAYD',
  'unstakePAYD',
] as const;
const CONFLICTING_PAIRS = [
  ['depositCollateral', 'withdrawCollateral'],
  ['borrowPAYD', 'repayPAYD'],
  ['stakePAYD', 'unstakePAYD'],
] as const;

function definedEntries(params: object): [string, Decimal][] {
  return Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => [key, Decimal.from(value as Decimalish)]);
}

function rejectUnknownKeys(kind: string, entries: [string, unknown][], allowed: readonly string[]): void {
  const unknown = entries.map(([key]) => key).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) {
    const list = unknown.map((key) => `'${key}'`).join(', ');
    throw new CacheParamsError(
      `${kind}: ${unknown.length > 1 ? 'properties' : 'property'} ${list} not allowed`,
    );
  }
}

/** Checks and converts the parameters of an opening; a zero stakePAYD is dropped. */
export function normalizeCacheCreation(params: object): CacheCreationParams {
  const entries = definedEntries(params);
  rejectUnknownKeys('CacheCreationParams', entries, CREATION_KEYS);
  const values = Object.fromEntries(entries) as Partial<Record<string, Decimal>>;
  const missing = CREATION_REQUIRED.filter((key) => values[key] === undefined);
  if (missing.length > 0) {
    const list = missing.map((key) => `'${key}'`).join(', ');
    throw new CacheParamsError(
      `CacheCreationParams: ${missing.length > 1 ? 'properties' : 'property'} ${list} missing`,
    );
  }
  const result: CacheCreationParams = {
    depositCollateral: values.depositCollateral as Decimal,
    borrowPAYD: values.borrowPAYD as Decimal,
  };
  if (values.stakePAYD?.nonZero) result.stakePAYD = values.stakePAYD;
  return result;
}

/** Checks and converts the parameters of an adjustment; zero values count as not given. */
export function normalizeCacheAdjustment(params: object): CacheAdjustmentParams {
  const entries = definedEntries(params);
  rejectUnknownKeys('CacheAdjustmentParams', entries, ADJUSTMENT_KEYS);
  const values = Object.fromEntries(entries.filter(([, value]) => !value.isZero)) as CacheAdjustmentParams;
  for (const [a, b] of CONFLICTING_PAIRS) {
    if (values[a] !== undefined && values[b] !== undefined) {
      throw new CacheParamsError(`CacheAdjustmentParams: '${a}' and '${b}' cannot be given together`);
    }
  }
  if (Object.keys(values).length === 0) {
    throw new CacheParamsError('CacheAdjustmentParams: at least one non-zero parameter is required');
  }
  return values;
}
