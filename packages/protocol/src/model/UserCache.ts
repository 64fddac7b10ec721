// A cache as the chain reports it for one owner: the values plus the owner and backend status.
import { Decimal } from '../decimal/Decimal.ts';
import { CacheStatusError } from '../errors/errors.ts';
import { Cache } from './Cache.ts';

/** Backend status of a cache ('open' is the contract's active). */
export type CacheStatus =
  'nonExistent' | 'open' | 'closedByOwner' | 'closedByLiquidation' | 'closedByRedemption';

const STATUS_BY_NUMBER: readonly CacheStatus[] = [
  'nonExistent',
  'open',
  'closedByOwner',
  'closedByLiquidation',
  'closedByRedemption',
];

/** Maps the contract's status number (its enum order); any other value is an error. */
export function cacheStatusFromNumber(value: number | bigint): CacheStatus {
  const status = STATUS_BY_NUMBER[Number(value)];
  if (status === undefined) throw new CacheStatusError(Number(value));
  return status;
}

export class UserCache extends Cache {
  /** Address of the cache's owner. */
  readonly ownerAddress: string;
  readonly status: CacheStatus;

  constructor(ownerAddress: string, status: CacheStatus, collateral?: Decimal, debt?: Decimal) {
    super(collateral, debt);
    this.ownerAddress = ownerAddress;
    this.status = status;
  }

  override equals(that: Cache): boolean {
    return (
      super.equals(that) &&
      that instanceof UserCache &&
      this.ownerAddress === that.ownerAddress &&
      this.status === that.status
    );
  }
}

/** The user cache of an address that never opened one. */
export const emptyUserCache = (ownerAddress: string): UserCache =>
  new UserCache(ownerAddress, 'nonExistent', Decimal.ZERO, Decimal.ZERO);
