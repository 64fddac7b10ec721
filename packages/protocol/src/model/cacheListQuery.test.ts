import { describe, expect, it } from 'vitest';
import { QueryOptionsError } from '../errors/errors.ts';
import { validateCacheListQuery } from './cacheListQuery.ts';

describe('cache list query options', () => {
  it('accepts non-negative integers and a known order, startingAt defaulting to 0', () => {
    expect(validateCacheListQuery({ first: 10, sortedBy: 'ascendingCollateralRatio' })).toEqual({
      first: 10,
      startingAt: 0,
      sortedBy: 'ascendingCollateralRatio',
    });
  });

  it.each([
    [{ first: -1, sortedBy: 'ascendingCollateralRatio' }, 'first must be a non-negative integer'],
    [{ first: 1.5, sortedBy: 'ascendingCollateralRatio' }, 'first must be a non-negative integer'],
    [
      { first: 1, startingAt: -2, sortedBy: 'descendingCollateralRatio' },
      'startingAt must be a non-negative integer',
    ],
    [
      { first: 1, sortedBy: 'byOwner' },
      'sortedBy must be ascendingCollateralRatio or descendingCollateralRatio',
    ],
  ])('rejects %j', (query, message) => {
    expect(() => validateCacheListQuery(query as never)).toThrow(QueryOptionsError);
    expect(() => validateCacheListQuery(query as never)).toThrow(message);
  });
});
