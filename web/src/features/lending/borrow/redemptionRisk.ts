// A cache's redemption risk: redemptions take PAYD from the lowest collateral ratios first, so the
// PAYD debt of the caches in front of it is what a redemption must use up before reaching it.
// Plain functions; tested in redemptionRisk.test.ts.
import { Decimal, type Cache } from '@payd/protocol';

/** A redemption of this share of all PAYD debt counts as one of ordinary size (10%). */
export const ORDINARY_REDEMPTION_SHARE = Decimal.from('0.1');

export interface ListedCache {
  ownerAddress: string;
  cache: Cache;
}

export interface RedemptionRisk {
  /** PAYD debt of the caches redeemed before this one. */
  debtInFront: Decimal;
  /** How many caches are in front. */
  cachesInFront: number;
  /** The size of an ordinary redemption (a share of all debt). */
  ordinaryRedemption: Decimal;
  /** An ordinary redemption would reach this cache. */
  headsUp: boolean;
}

/**
 * The risk of `owner`'s cache from the list in redemption order (ascending collateral ratio),
 * or undefined when the cache is not in it.
 */
export function redemptionRisk(
  owner: string,
  ascending: readonly ListedCache[],
  totalDebt: Decimal,
): RedemptionRisk | undefined {
  const index = ascending.findIndex((c) => c.ownerAddress.toLowerCase() === owner.toLowerCase());
  if (index < 0) return undefined;
  const debtInFront = ascending.slice(0, index).reduce((sum, c) => sum.add(c.cache.debt), Decimal.ZERO);
  const ordinaryRedemption = totalDebt.mul(ORDINARY_REDEMPTION_SHARE);
  return {
    debtInFront,
    cachesInFront: index,
    ordinaryRedemption,
    headsUp: debtInFront.lt(ordinaryRedemption),
  };
}
