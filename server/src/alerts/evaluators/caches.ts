// What a customer holds in the lending protocol, read through @payd/protocol (the only code that
// talks to the payd contracts): every owner's cache and holdings at one block, a few hundred owners
// per multicall (readCacheHoldings): a cache's collateral ratio below the customer's bands (default
// 150% and 125%), recovery mode starting and ending, a cache closed by a liquidation or a redemption
// (with the collateral surplus to claim), a redemption that took part of an open cache's debt and
// collateral (each redemption once, by its transaction; only the blocks after the last pass's are
// scanned, chainScan.ts), a rewards pool gain waiting, a filled FETH swap to claim. A customer's
// owners are their wallets: the ones they signed in with (wallets) and their registered stake
// wallets. A closed cache is quiet for the bands: their conditions clear.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CRITICAL_COLLATERAL_RATIO,
  Decimal,
  MINIMUM_COLLATERAL_RATIO,
  isRecoveryMode,
  readCacheHoldings,
  readCacheRedemptions,
  type Cache,
  type CacheStatus,
} from '@payd/protocol';
import type { AlertFacts } from '@payd/schemas';
import type { ChainSource } from '../../billing/index.ts';
import type { Db } from '../../db/database.ts';
import { getAddress } from 'viem';
import { parsedRows } from '../../framework/sqlText.ts';
import { scannedBlock, type ScannedUpTo } from '../chainScan.ts';
import { preferencesOfMany } from '../preferences.ts';
import type { EventFinding, Finding } from '../record.ts';

/** What the cache evaluator reads of the chain at once. */
export interface CacheSnapshot {
  price: Decimal;
  /** The system's total collateral and debt. */
  total: Cache;
  /** Each owner's cache (lower-case address), redistribution applied; empty when closed or none. */
  caches: Map<string, Cache>;
  /** Each owner's other holdings (absent: none). */
  holdings?: Map<string, OwnerHoldings>;
  /** The block it was read at and the deployment's name (absent: no redemptions are scanned). */
  block?: { number: bigint; deployment: string };
}

export interface OwnerHoldings {
  status: CacheStatus;
  /** Collateral left after a liquidation in recovery mode or a redemption, to claim. */
  surplus: Decimal;
  /** The rewards pool deposit's ETH gain not yet withdrawn. */
  poolGain: Decimal;
  /** Filled FETH swap ETH to claim. */
  ethSwapClaim: Decimal;
}

/** A redemption against an owner's cache (amounts taken, positive). */
export interface CacheRedemption {
  owner: string;
  transactionHash: string;
  collateral: Decimal;
  debt: Decimal;
  /** The time of its block. */
  at: Date;
}

/** Blocks to scan for redemptions, both ends included; without fromBlock, from the deployment on. */
export interface BlockRange {
  fromBlock?: bigint;
  toBlock: bigint;
}

export interface CacheReader {
  read(owners: readonly string[]): Promise<CacheSnapshot>;
  /** Redemptions against the owners' caches in `range` (absent: none told). */
  redemptions?(owners: readonly string[], range: BlockRange): Promise<CacheRedemption[]>;
}

/** Redemptions that touch a cache are told for this long after their block (the job may have been down). */
const REDEMPTION_DAYS = 2;

/** The reader on the chain: every owner at one block, `ownersPerCall` owners per multicall. */
export function protocolCacheReader(source: ChainSource, ownersPerCall?: number): CacheReader {
  const connected = async () => {
    const connection = await source();
    if (!connection) throw new Error('no payd deployment on this chain');
    return connection;
  };
  return {
    async read(owners) {
      const connection = await connected();
      const read = await readCacheHoldings(connection, {
        owners: owners.map((o) => getAddress(o)),
        ...(ownersPerCall ? { ownersPerCall } : {}),
      });
      const caches = new Map<string, Cache>();
      const holdings = new Map<string, OwnerHoldings>();
      read.holdings.forEach((h, i) => {
        const owner = owners[i]!;
        caches.set(owner, h.cacheBeforeRedistribution.compounded(read.totalRedistributed));
        holdings.set(owner, {
          status: h.cacheBeforeRedistribution.status,
          surplus: h.collateralSurplus,
          poolGain: h.poolGain,
          ethSwapClaim: h.ethSwapClaim,
        });
      });
      const deployment = `${connection.chainId}:${connection.deployment.addresses.cacheManager.toLowerCase()}`;
      return {
        price: read.price,
        total: read.total,
        caches,
        holdings,
        block: { number: read.blockNumber, deployment },
      };
    },
    async redemptions(owners, range) {
      if (!owners.length) return [];
      const found = await readCacheRedemptions(await connected(), {
        owners: owners.map((o) => getAddress(o)),
        ...range,
      });
      return found.map((r) => ({
        owner: r.owner.toLowerCase(),
        transactionHash: r.transactionHash,
        collateral: r.collateral,
        debt: r.debt,
        at: new Date(r.timestamp * 1000),
      }));
    },
  };
}

const pct = (ratio: Decimal) => ratio.mul(100).toString(1);

/** Every customer's wallet addresses (lower case). */
export async function ownersByUser(db: Db): Promise<{ usrId: number; owner: string }[]> {
  const found = await parsedRows(
    db,
    sql`SELECT DISTINCT usr_id, lower(address) AS owner FROM wallets
        UNION SELECT DISTINCT usr_id, lower(stake_wallet_addr) FROM stake_wallet_address
        ORDER BY 1, 2`,
    z.object({ usr_id: z.number(), owner: z.string() }),
  );
  return found.map((r) => ({ usrId: r.usr_id, owner: r.owner }));
}

export interface CacheFindings {
  bands: Finding[];
  /** Customers with an open cache while the system is in recovery mode. */
  recovery: Finding[];
  /** Caches closed by a liquidation or a redemption (subject `<owner>:<how>`). */
  closed: Finding[];
  /** Redemptions that took part of a cache still open (subject: owner; occurrence: the transaction). */
  redeemed: EventFinding[];
  /** Rewards pool gains waiting (subject: owner). */
  poolGains: Finding[];
  /** Filled FETH swaps to claim (subject: owner). */
  fethClaims: Finding[];
  recoveryMode: boolean;
  /** The facts of recovery mode ending (for those whose condition clears). */
  recoveryEnded: AlertFacts;
  /** The redemption scan's new end: to remember once `redeemed` is written (absent: nothing scanned). */
  redemptionsScanned?: ScannedUpTo;
}

export async function findCacheConditions(
  db: Db,
  reader: CacheReader,
  now: Date = new Date(),
): Promise<CacheFindings> {
  const owners = await ownersByUser(db);
  const unique = [...new Set(owners.map((o) => o.owner))];
  const snapshot = await reader.read(unique);
  let redemptions: CacheRedemption[] = [];
  let redemptionsScanned: ScannedUpTo | undefined;
  if (reader.redemptions && snapshot.block) {
    // The blocks after the last pass's up to the snapshot's, so what a redemption left is the snapshot's.
    const scan = `cache_redeemed:${snapshot.block.deployment}`;
    const done = await scannedBlock(db, scan);
    const since = now.getTime() - REDEMPTION_DAYS * 86_400_000;
    redemptions = (
      await reader.redemptions(unique, {
        ...(done === undefined ? {} : { fromBlock: done + 1n }),
        toBlock: snapshot.block.number,
      })
    ).filter((r) => r.at.getTime() >= since);
    redemptionsScanned = { scan, block: snapshot.block.number };
  }
  const { price, total } = snapshot;
  const recoveryMode = isRecoveryMode(total, price);
  const tcr = pct(total.collateralRatio(price));
  const market = {
    price: price.toString(2),
    tcr,
    criticalRatio: CRITICAL_COLLATERAL_RATIO.mul(100).toString(0),
  };
  const prefs = await preferencesOfMany(db, [...new Set(owners.map((o) => o.usrId))]);
  const bands: Finding[] = [];
  const recovery: Finding[] = [];
  const closed: Finding[] = [];
  const redeemed: EventFinding[] = [];
  const poolGains: Finding[] = [];
  const fethClaims: Finding[] = [];
  const usd = (eth: Decimal) => eth.mul(price).toString(2);
  for (const { usrId, owner } of owners) {
    const held = snapshot.holdings?.get(owner);
    if (held?.status === 'closedByLiquidation' || held?.status === 'closedByRedemption') {
      const how = held.status === 'closedByLiquidation' ? 'liquidation' : 'redemption';
      closed.push({
        usrId,
        subject: `${owner}:${how}`,
        facts: {
          owner,
          how,
          price: price.toString(2),
          surplus: held.surplus.toString(4),
          surplusUsd: usd(held.surplus),
        },
      });
    }
    if (held && !held.poolGain.isZero)
      poolGains.push({
        usrId,
        subject: owner,
        facts: { owner, gain: held.poolGain.toString(6), gainUsd: usd(held.poolGain) },
      });
    if (held && !held.ethSwapClaim.isZero)
      fethClaims.push({
        usrId,
        subject: owner,
        facts: { owner, eth: held.ethSwapClaim.toString(4), ethUsd: usd(held.ethSwapClaim) },
      });
    const cache = snapshot.caches.get(owner);
    if (!cache || cache.isEmpty || cache.debt.isZero) continue;
    const ratio = cache.collateralRatio(price);
    // A cache closed by the redemption is told by cache_closed; one still open hears what it lost.
    for (const r of redemptions.filter((x) => x.owner === owner))
      redeemed.push({
        usrId,
        subject: owner,
        occurrence: r.transactionHash.toLowerCase(),
        facts: {
          owner,
          debt: r.debt.toString(2),
          collateral: r.collateral.toString(4),
          collateralUsd: usd(r.collateral),
          price: price.toString(2),
          collateralLeft: cache.collateral.toString(4),
          debtLeft: cache.debt.toString(2),
          ratio: pct(ratio),
        },
      });
    const facts = {
      owner,
      ratio: pct(ratio),
      price: price.toString(2),
      collateral: cache.collateral.toString(4),
      collateralUsd: cache.collateral.mul(price).toString(2),
      debt: cache.debt.toString(2),
      liquidationRatio: MINIMUM_COLLATERAL_RATIO.mul(100).toString(0),
      liquidationPrice: cache.debt.mul(MINIMUM_COLLATERAL_RATIO).div(cache.collateral).toString(2),
    };
    for (const band of prefs.get(usrId)!.bands) {
      if (ratio.lt(Decimal.from(band).div(100)))
        bands.push({ usrId, subject: `${owner}:${band}`, facts: { ...facts, band } });
    }
    if (recoveryMode)
      recovery.push({ usrId, subject: 'system', facts: { ...market, active: true, ratio: facts.ratio } });
  }
  return {
    bands,
    recovery,
    closed,
    redeemed,
    poolGains,
    fethClaims,
    recoveryMode,
    recoveryEnded: { ...market, active: false },
    ...(redemptionsScanned ? { redemptionsScanned } : {}),
  };
}
