// Options of the sorted, paged cache list read, checked before any call is made.
import { QueryOptionsError } from '../errors/errors.ts';

export type CacheListOrder = 'ascendingCollateralRatio' | 'descendingCollateralRatio';

export interface CacheListQuery {
  /** How many caches to return. */
  first: number;
  /** How many caches to skip from the start of the order. */
  startingAt?: number;
  sortedBy: CacheListOrder;
}

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

export function validateCacheListQuery(query: CacheListQuery): Required<CacheListQuery> {
  if (!isCount(query.first)) throw new QueryOptionsError('first must be a non-negative integer');
  const startingAt = query.startingAt ?? 0;
  if (!isCount(startingAt)) throw new QueryOptionsError('startingAt must be a non-negative integer');
  if (query.sortedBy !== 'ascendingCollateralRatio' && query.sortedBy !== 'descendingCollateralRatio') {
    throw new QueryOptionsError('sortedBy must be ascendingCollateralRatio or descendingCollateralRatio');
  }
  return { first: query.first, startingAt, sortedBy: query.sortedBy };
}
