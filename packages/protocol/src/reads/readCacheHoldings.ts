// Many owners' caches and lending holdings at one block, for jobs that look at every customer at
// once (the alert job, issue 29): the same figures a StateReader read gives for one user (the cache
// as stored with its redistribution snapshot, the collateral surplus to claim, the rewards pool's ETH
// gain, the filled FETH swap to claim), five sub-calls per owner, `ownersPerCall` owners per
// multicall. Every multicall reads the same block, so the price, the totals and each cache agree
// however many eth_calls the owners take.
import {
  cacheManagerAbi,
  collSurplusPoolAbi,
  iActivePoolAbi,
  iDefaultPoolAbi,
  iPriceFeedAbi,
  iValidatorPoolAbi,
  multicall3Abi,
  rewardsPoolAbi,
} from '../abi/readAbis.ts';
import { decodeFunctionResult, encodeFunctionData, type Abi, type Address } from 'viem';
import type { ProtocolConnection } from '../connection/connection.ts';
import { multicallAddress } from '../connection/deployment.ts';
import { withReadRetry } from '../connection/readRetry.ts';
import { Decimal } from '../decimal/Decimal.ts';
import { Cache } from '../model/Cache.ts';
import { CacheWithPendingRedistribution } from '../model/CacheWithPendingRedistribution.ts';
import { cacheStatusFromNumber } from '../model/UserCache.ts';

/** Owners per multicall by default: 1,000 sub-calls, about 9 M gas, within a node's eth_call cap. */
export const CACHE_HOLDINGS_OWNERS_PER_CALL = 200;

/** Multicalls sent at once. */
const CALLS_IN_FLIGHT = 4;

export interface ReadCacheHoldingsParameters {
  /** The owners to read, in the order the holdings come back. */
  owners: readonly Address[];
  /** Owners per multicall (one eth_call each); default CACHE_HOLDINGS_OWNERS_PER_CALL. */
  ownersPerCall?: number;
  /** The block to read at; default the head when the read starts. */
  blockNumber?: bigint;
}

/** One owner's part of the lending protocol. */
export interface OwnerCacheHoldings {
  owner: Address;
  /** The cache as last written (apply `compounded(totalRedistributed)` for what it holds now). */
  cacheBeforeRedistribution: CacheWithPendingRedistribution;
  /** Collateral left by a liquidation in recovery mode or a redemption, to claim. */
  collateralSurplus: Decimal;
  /** The rewards pool deposit's ETH gain not yet withdrawn. */
  poolGain: Decimal;
  /** ETH of filled FETH swaps to claim. */
  ethSwapClaim: Decimal;
}

export interface CacheHoldingsSnapshot {
  /** The block every figure was read at. */
  blockNumber: bigint;
  price: Decimal;
  /** The system's total collateral and debt (active and default pools). */
  total: Cache;
  /** Collateral and debt redistributed per unit of stake since the start. */
  totalRedistributed: Cache;
  /** One entry per owner, in the order asked. */
  holdings: OwnerCacheHoldings[];
}

interface Call {
  address: Address;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
}

const dec = (v: unknown) => Decimal.fromRaw(v as bigint);

/** Reads `owners`' caches and holdings, and the price and totals, all at one block. */
export async function readCacheHoldings(
  connection: ProtocolConnection,
  { owners, ownersPerCall = CACHE_HOLDINGS_OWNERS_PER_CALL, blockNumber }: ReadCacheHoldingsParameters,
): Promise<CacheHoldingsSnapshot> {
  if (!Number.isInteger(ownersPerCall) || ownersPerCall < 1)
    throw new RangeError(`ownersPerCall must be a positive integer, not ${ownersPerCall}`);
  const { publicClient, deployment } = connection;
  const a = deployment.addresses;
  const at = blockNumber ?? (await withReadRetry(() => publicClient.getBlockNumber({ cacheTime: 0 })));
  const system: Call[] = [
    { address: a.priceFeed, abi: iPriceFeedAbi, functionName: 'fetchPrice' },
    { address: a.activePool, abi: iActivePoolAbi, functionName: 'getETH' },
    { address: a.activePool, abi: iActivePoolAbi, functionName: 'getPAYDDebt' },
    { address: a.defaultPool, abi: iDefaultPoolAbi, functionName: 'getETH' },
    { address: a.defaultPool, abi: iDefaultPoolAbi, functionName: 'getPAYDDebt' },
    { address: a.cacheManager, abi: cacheManagerAbi, functionName: 'L_ETH' },
    { address: a.cacheManager, abi: cacheManagerAbi, functionName: 'L_PAYDDebt' },
  ];
  const ownerCalls = (owner: Address): Call[] => [
    { address: a.cacheManager, abi: cacheManagerAbi, functionName: 'Caches', args: [owner] },
    { address: a.cacheManager, abi: cacheManagerAbi, functionName: 'rewardSnapshots', args: [owner] },
    { address: a.collSurplusPool, abi: collSurplusPoolAbi, functionName: 'getCollateral', args: [owner] },
    { address: a.rewardsPool, abi: rewardsPoolAbi, functionName: 'getDepositorETHGain', args: [owner] },
    { address: a.validatorPool, abi: iValidatorPoolAbi, functionName: 'ethSwapClaim', args: [owner] },
  ];
  const groups: Address[][] = [];
  for (let i = 0; i < owners.length; i += ownersPerCall) groups.push(owners.slice(i, i + ownersPerCall));
  if (!groups.length) groups.push([]);
  // One aggregate3 eth_call per group, sent as it is: through the client's multicall action it would
  // be batched again with the other groups into one eth_call past a node's gas cap and timeout.
  const multicall = (contracts: Call[]) =>
    withReadRetry(async () => {
      const data = encodeFunctionData({
        abi: multicall3Abi,
        functionName: 'aggregate3',
        args: [
          contracts.map((c) => ({
            target: c.address,
            allowFailure: false,
            callData: encodeFunctionData(c as never),
          })),
        ],
      });
      const reply = await publicClient.call({
        to: multicallAddress(deployment),
        data,
        blockNumber: at,
        batch: false,
      });
      const results = decodeFunctionResult({
        abi: multicall3Abi,
        functionName: 'aggregate3',
        data: reply.data!,
      });
      return results.map(
        (r, i) => decodeFunctionResult({ ...contracts[i]!, data: r.returnData } as never) as unknown,
      );
    });
  // A few multicalls in flight at once: a node runs eth_calls one or a few at a time, and 50 sent
  // together would wait past the transport's timeout.
  const replies: unknown[][] = [];
  let nextGroup = 0;
  const worker = async () => {
    while (nextGroup < groups.length) {
      const i = nextGroup++;
      replies[i] = await multicall([...(i === 0 ? system : []), ...groups[i]!.flatMap(ownerCalls)]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CALLS_IN_FLIGHT, groups.length) }, worker));
  const [price, activeETH, activeDebt, defaultETH, defaultDebt, lETH, lDebt] = replies[0]!.splice(
    0,
    system.length,
  );
  const holdings: OwnerCacheHoldings[] = [];
  groups.forEach((group, g) => {
    const results = replies[g]!;
    group.forEach((owner, j) => {
      const [cacheRow, snapshotRow, surplus, gain, swapClaim] = results.slice(j * 5, j * 5 + 5);
      const [debt, coll, stake, status] = cacheRow as readonly [bigint, bigint, bigint, number, bigint];
      const [snapshotETH, snapshotDebt] = snapshotRow as readonly [bigint, bigint];
      holdings.push({
        owner,
        cacheBeforeRedistribution: new CacheWithPendingRedistribution(
          owner,
          cacheStatusFromNumber(status),
          dec(coll),
          dec(debt),
          dec(stake),
          new Cache(dec(snapshotETH), dec(snapshotDebt)),
        ),
        collateralSurplus: dec(surplus),
        poolGain: dec(gain),
        ethSwapClaim: dec(swapClaim),
      });
    });
  });
  return {
    blockNumber: at,
    price: dec(price),
    total: new Cache(dec(activeETH), dec(activeDebt)).add(new Cache(dec(defaultETH), dec(defaultDebt))),
    totalRedistributed: new Cache(dec(lETH), dec(lDebt)),
    holdings,
  };
}
