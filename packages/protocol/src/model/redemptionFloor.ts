// The least PAYD a redemption can take when the amount asked redeems nothing. CacheManager
// redeems from the riskiest cache at or above 115% first: an amount under its net debt must leave it
// at least the minimum net debt (2,500 PAYD), otherwise the redemption stops there with nothing
// redeemed. So the floor is that cache's whole net debt, not the constant 2,500. No I/O.
import { Decimal } from '../decimal/Decimal.ts';
import type { Cache } from './Cache.ts';
import { PAYD_MINIMUM_NET_DEBT } from './constants.ts';

/** 0.01 PAYD in wei. */
const CENT = 10n ** 16n;

/**
 * The smallest amount that redeems something once smaller amounts were refused: the net debt of
 * `first`, the cache the redemption reaches first (pending redistribution applied), rounded up to
 * the cent so that a person can type it (anything at or above the net debt redeems the whole
 * cache). Without such a cache (none at or above 115%) the minimum net debt, as spec 000 words it.
 */
export function redemptionMinimum(first: Cache | undefined): Decimal {
  if (!first || first.isEmpty) return PAYD_MINIMUM_NET_DEBT;
  return Decimal.fromRaw(((first.netDebt.raw + CENT - 1n) / CENT) * CENT);
}
