// Redemption planning: which caches a redemption reaches, how far the amount must be truncated so
// that no cache is left under the minimum net debt, and the hints of the partly redeemed cache.
import { Decimal, type Decimalish } from '../decimal/Decimal.ts';
import { RedemptionAmountTooLowError } from '../errors/errors.ts';
import type { Cache } from '../model/Cache.ts';
import {
  DEFAULT_REDEMPTION_RATE_SLIPPAGE_TOLERANCE,
  MINIMUM_COLLATERAL_RATIO,
  PAYD_LIQUIDATION_RESERVE,
  PAYD_MINIMUM_NET_DEBT,
  REDEMPTION_MAX_ITERATIONS,
} from '../model/constants.ts';
import type { Fees } from '../model/Fees.ts';
import { ZERO_ADDRESS } from '../model/StabilityDeposit.ts';

/** A cache in the sorted list with its redistribution applied. */
export interface ListedCache {
  ownerAddress: string;
  collateral: Decimal;
  debt: Decimal;
}

export interface RedemptionHints {
  /** First cache to redeem from (the riskiest at or above MCR). */
  firstRedemptionHint: string;
  /** Nominal ratio the partly redeemed cache ends with (zero when none is partly redeemed). */
  partialRedemptionHintNICR: Decimal;
  /** The redeemable part of the amount. */
  truncatedAmount: Decimal;
}

/**
 * What the hint helper's getRedemptionHints answers, computed over `list` (highest ratio first):
 * walks from the riskiest cache not under MCR, fully redeeming caches while the amount lasts; the
 * last cache is partly redeemed only if it keeps at least the minimum net debt, otherwise the
 * amount is truncated there. At most `maxIterations` caches (0 or more than 70 mean 70).
 */
export function computeRedemptionHints(
  list: readonly ListedCache[],
  amount: Decimalish,
  price: Decimalish,
  maxIterations = REDEMPTION_MAX_ITERATIONS,
): RedemptionHints {
  const requested = Decimal.from(amount);
  let index = list.length - 1;
  while (index >= 0) {
    const c = list[index] as ListedCache;
    if (c.collateral.mulDiv(price, c.debt).gte(MINIMUM_COLLATERAL_RATIO)) break;
    index--;
  }
  const firstRedemptionHint = index >= 0 ? (list[index] as ListedCache).ownerAddress : ZERO_ADDRESS;
  let remaining = requested;
  let partialRedemptionHintNICR = Decimal.ZERO;
  let iterations =
    maxIterations === 0 || maxIterations > REDEMPTION_MAX_ITERATIONS
      ? REDEMPTION_MAX_ITERATIONS
      : maxIterations;
  for (; index >= 0 && !remaining.isZero && iterations > 0; index--, iterations--) {
    const c = list[index] as ListedCache;
    const netDebt = c.debt.subOrZero(PAYD_LIQUIDATION_RESERVE);
    if (netDebt.gt(remaining)) {
      if (netDebt.sub(remaining).gte(PAYD_MINIMUM_NET_DEBT)) {
        const newCollateral = c.collateral.subOrZero(remaining.div(price));
        partialRedemptionHintNICR = newCollateral.mulDiv(100, c.debt.sub(remaining));
        remaining = Decimal.ZERO;
      }
      break;
    }
    remaining = remaining.sub(netDebt);
  }
  return { firstRedemptionHint, partialRedemptionHintNICR, truncatedAmount: requested.sub(remaining) };
}

export interface RedemptionAmount {
  /** What will be redeemed. */
  amount: Decimal;
  /**
   * When the amount was truncated: the truncated amount plus the minimum net debt, which redeems a
   * whole further cache instead of leaving it under the minimum.
   */
  increasedAmount?: Decimal;
}

/**
 * Checks a redemption's truncated amount: nothing redeemable throws
 * 'redeemPAYD: amount too low to redeem (try at least {minimum})', `minimum` being the real floor
 * (redemptionMinimum: the first cache's net debt), 2500 when unknown.
 */
export function checkRedemptionAmount(
  attempted: Decimalish,
  truncated: Decimal,
  minimum: Decimal = PAYD_MINIMUM_NET_DEBT,
): RedemptionAmount {
  if (truncated.isZero) throw new RedemptionAmountTooLowError(minimum);
  return truncated.lt(attempted)
    ? { amount: truncated, increasedAmount: truncated.add(PAYD_MINIMUM_NET_DEBT) }
    : { amount: truncated };
}

/** Maximum redemption rate sent when the caller gives none: the expected rate plus 0.1%, at most 1. */
export function defaultMaxRedemptionRate(fees: Fees, amount: Decimalish, total: Cache): Decimal {
  const fraction = Decimal.from(amount).div(total.debt);
  return Decimal.min(
    fees.redemptionRate(fraction).add(DEFAULT_REDEMPTION_RATE_SLIPPAGE_TOLERANCE),
    Decimal.ONE,
  );
}
