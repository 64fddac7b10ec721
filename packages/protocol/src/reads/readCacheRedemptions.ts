// Redemptions against given owners' caches in a range of blocks, for a job that scans new blocks on
// each pass (the alert job, issue 29): one log query over the range finds the redemptions (the cache
// manager's CacheUpdated with the redemption operation); only for the few caches found are their
// earlier events read, because an event holds a cache's new state and what a redemption took is the
// difference from the state before it.
import { borrowerOperationsAbi, cacheManagerAbi } from '@payd/contracts/abi';
import type { Abi, Address, Hash } from 'viem';
import type { ProtocolConnection } from '../connection/connection.ts';
import { withReadRetry } from '../connection/readRetry.ts';
import { Decimal } from '../decimal/Decimal.ts';
import { byPosition, cacheChanges, REDEEM_COLLATERAL, type Log, type Mined } from './readAccountActivity.ts';

export interface ReadCacheRedemptionsParameters {
  /** The owners whose caches matter (others' redemptions are left out). */
  owners: readonly Address[];
  /** First block of the range (inclusive); default the deployment's start block. */
  fromBlock?: bigint;
  /** Last block of the range (inclusive). */
  toBlock: bigint;
}

/** What one transaction's redemption took from one cache (positive amounts). */
export interface CacheRedemption {
  owner: Address;
  transactionHash: Hash;
  blockNumber: bigint;
  /** Unix seconds of the block. */
  timestamp: number;
  collateral: Decimal;
  debt: Decimal;
}

const mined = (logs: Log[]) =>
  logs.filter((l): l is Mined => l.blockNumber !== null && l.transactionHash !== null && l.logIndex !== null);

/** Redemptions against `owners`' caches in [fromBlock, toBlock], in chain order, one per cache and transaction. */
export async function readCacheRedemptions(
  connection: ProtocolConnection,
  { owners, fromBlock, toBlock }: ReadCacheRedemptionsParameters,
): Promise<CacheRedemption[]> {
  const { publicClient, deployment } = connection;
  const { addresses } = deployment;
  const start = BigInt(deployment.startBlock);
  const from = fromBlock === undefined || fromBlock < start ? start : fromBlock;
  if (!owners.length || from > toBlock) return [];
  const events = (address: Address, abi: Abi, eventName: string, range: object) =>
    withReadRetry(
      () => publicClient.getContractEvents({ address, abi, eventName, ...range } as never) as Promise<Log[]>,
    ).then(mined);
  // Every cache's updates in the range (a filter on 10,000 owners would not fit a node's topic limits).
  const inRange = await events(addresses.cacheManager, cacheManagerAbi, 'CacheUpdated', {
    fromBlock: from,
    toBlock,
  });
  const wanted = new Map(owners.map((o) => [o.toLowerCase(), o]));
  const redeemed = [
    ...new Set(
      inRange
        .filter((l) => Number(l.args.operation) === REDEEM_COLLATERAL)
        .map((l) => String(l.args.borrower).toLowerCase())
        .filter((b) => wanted.has(b)),
    ),
  ].map((b) => wanted.get(b)!);
  if (!redeemed.length) return [];
  // Their whole history up to the range's end: each event's state follows from the one before.
  const history = { args: { borrower: redeemed }, fromBlock: start, toBlock };
  const [ops, managed, liquidated] = await Promise.all([
    events(addresses.borrowerOperations, borrowerOperationsAbi, 'CacheUpdated', history),
    events(addresses.cacheManager, cacheManagerAbi, 'CacheUpdated', history),
    events(addresses.cacheManager, cacheManagerAbi, 'CacheLiquidated', history),
  ]);
  const found = new Map<string, Omit<CacheRedemption, 'timestamp'>>();
  for (const c of cacheChanges([...ops, ...managed, ...liquidated].sort(byPosition), new Set(ops))) {
    if (c.blockNumber < from || (c.kind !== 'redemptionCollateral' && c.kind !== 'redemptionDebt')) continue;
    const key = `${c.account}:${c.transactionHash}`;
    const r = found.get(key) ?? {
      owner: wanted.get(c.account)!,
      transactionHash: c.transactionHash,
      blockNumber: c.blockNumber,
      collateral: Decimal.ZERO,
      debt: Decimal.ZERO,
    };
    const taken = Decimal.fromRaw(c.amount < 0n ? -c.amount : c.amount);
    if (c.kind === 'redemptionCollateral') r.collateral = r.collateral.add(taken);
    else r.debt = r.debt.add(taken);
    found.set(key, r);
  }
  const times = new Map<bigint, number>();
  await Promise.all(
    [...new Set([...found.values()].map((r) => r.blockNumber))].map(async (blockNumber) => {
      const block = await withReadRetry(() => publicClient.getBlock({ blockNumber }));
      times.set(blockNumber, Number(block.timestamp));
    }),
  );
  return [...found.values()].map((r) => ({ ...r, timestamp: times.get(r.blockNumber)! }));
}
