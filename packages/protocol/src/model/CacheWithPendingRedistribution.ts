// A cache as last written on chain, before the shares of later liquidations redistributed to it.
import { Decimal } from '../decimal/Decimal.ts';
import { PendingRewardsError } from '../errors/errors.ts';
import { Cache, EMPTY_CACHE } from './Cache.ts';
import { UserCache, type CacheStatus } from './UserCache.ts';

export class CacheWithPendingRedistribution extends UserCache {
  /** The cache's share weight in redistributions. */
  readonly stake: Decimal;
  /** Totals redistributed per unit of stake when the cache was last written. */
  readonly snapshotOfTotalRedistributed: Cache;

  constructor(
    ownerAddress: string,
    status: CacheStatus,
    collateral?: Decimal,
    debt?: Decimal,
    stake: Decimal = Decimal.ZERO,
    snapshotOfTotalRedistributed: Cache = EMPTY_CACHE,
  ) {
    super(ownerAddress, status, collateral, debt);
    this.stake = stake;
    this.snapshotOfTotalRedistributed = snapshotOfTotalRedistributed;
  }

  /**
   * Collateral and debt redistributed to this cache since its snapshot: the debt it took on from
   * liquidated caches and the collateral that came with it.
   */
  loss(totalRedistributed: Cache): Cache {
    return totalRedistributed.subtract(this.snapshotOfTotalRedistributed).multiply(this.stake);
  }

  /** The cache with its pending redistribution applied: what it really holds now. */
  compounded(totalRedistributed: Cache): UserCache {
    const { collateral, debt } = this.add(this.loss(totalRedistributed));
    return new UserCache(this.ownerAddress, this.status, collateral, debt);
  }

  override equals(that: Cache): boolean {
    return (
      super.equals(that) &&
      that instanceof CacheWithPendingRedistribution &&
      this.stake.eq(that.stake) &&
      this.snapshotOfTotalRedistributed.equals(that.snapshotOfTotalRedistributed)
    );
  }
}

/**
 * Returns `cache` when it can be used to place a cache in the sorted list; a cache with pending
 * redistribution must be compounded first, since its ratio on chain is not the stored one.
 */
export function requireRedistributionApplied(cache: Cache): Cache {
  if (cache instanceof CacheWithPendingRedistribution) throw new PendingRewardsError();
  return cache;
}
