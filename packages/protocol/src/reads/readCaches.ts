// Sorted, paged cache lists and single caches.
import { cacheManagerAbi, multiCacheGetterAbi } from '../abi/readAbis.ts';
import type { Address } from 'viem';
import { requireUserAddress, type ProtocolConnection } from '../connection/connection.ts';
import { multicallAddress } from '../connection/deployment.ts';
import { withReadRetry } from '../connection/readRetry.ts';
import { Decimal } from '../decimal/Decimal.ts';
import { Cache } from '../model/Cache.ts';
import { validateCacheListQuery, type CacheListQuery } from '../model/cacheListQuery.ts';
import { CacheWithPendingRedistribution } from '../model/CacheWithPendingRedistribution.ts';
import { cacheStatusFromNumber } from '../model/UserCache.ts';

const dec = (v: bigint) => Decimal.fromRaw(v);

/**
 * `first` caches from position `startingAt`, by ascending or descending collateral ratio, as last
 * written on chain (apply `compounded(totalRedistributed)` for their current values).
 */
export async function getCaches(
  connection: ProtocolConnection,
  query: CacheListQuery,
): Promise<CacheWithPendingRedistribution[]> {
  const { first, startingAt, sortedBy } = validateCacheListQuery(query);
  if (first === 0) return [];
  const startIdx = sortedBy === 'descendingCollateralRatio' ? BigInt(startingAt) : -BigInt(startingAt) - 1n;
  const rows = await withReadRetry(() =>
    connection.publicClient.readContract({
      address: connection.deployment.addresses.multiCacheGetter,
      abi: multiCacheGetterAbi,
      functionName: 'getMultipleSortedCaches',
      args: [startIdx, BigInt(first)],
    }),
  );
  return rows.map(
    (r) =>
      new CacheWithPendingRedistribution(
        r.owner,
        'open',
        dec(r.coll),
        dec(r.debt),
        dec(r.stake),
        new Cache(dec(r.snapshotETH), dec(r.snapshotPAYDDebt)),
      ),
  );
}

/** The cache of `address` (the connection's user by default) as last written on chain. */
export async function getCacheBeforeRedistribution(
  connection: ProtocolConnection,
  address?: Address,
): Promise<CacheWithPendingRedistribution> {
  const owner = requireUserAddress(connection, address);
  const { cacheManager } = connection.deployment.addresses;
  const [[debt, coll, stake, status], [snapshotETH, snapshotDebt]] = await withReadRetry(() =>
    connection.publicClient.multicall({
      allowFailure: false,
      multicallAddress: multicallAddress(connection.deployment),
      contracts: [
        { address: cacheManager, abi: cacheManagerAbi, functionName: 'Caches', args: [owner] },
        { address: cacheManager, abi: cacheManagerAbi, functionName: 'rewardSnapshots', args: [owner] },
      ] as const,
    }),
  );
  return new CacheWithPendingRedistribution(
    owner,
    cacheStatusFromNumber(status),
    dec(coll),
    dec(debt),
    dec(stake),
    new Cache(dec(snapshotETH), dec(snapshotDebt)),
  );
}
