// What the Borrow page says about when a cache can be liquidated (issue 27 item 8): the price under
// which it goes in normal mode (115%), and in recovery mode, which takes a cache under the total
// collateral ratio as soon as it starts while the rewards pool covers its debt; the reason a
// liquidated cache went; the warning for a cache under the critical ratio of 155%. The prices come
// from @payd/protocol's liquidationPrices, the reason from liquidationReasonOf.
import {
  CRITICAL_COLLATERAL_RATIO,
  MINIMUM_COLLATERAL_RATIO,
  liquidationPrices,
  type Cache,
  type Decimal,
  type LiquidationPrices,
  type LiquidationReason,
} from '@payd/protocol';

export interface LiquidationOutlook {
  prices: LiquidationPrices;
  /** Sentences under the figures, in English. */
  lines: string[];
  /** The same sentences as messages (lending.outlook.*) with their amounts, for the page. */
  notes: { id: string; values: Record<string, Decimal> }[];
}

/**
 * When `cache` (its totals `total` include it) can be liquidated at today's `price`, with
 * `pool` PAYD in the rewards pool and `numberOfCaches` open.
 */
export function liquidationOutlook(
  cache: Cache,
  total: Cache,
  price: Decimal,
  pool: Decimal,
  numberOfCaches: number,
): LiquidationOutlook {
  const prices = liquidationPrices(cache, total, pool);
  const notes: LiquidationOutlook['notes'] = [
    { id: 'lending.outlook.normal', values: { price, under: prices.normalMode } },
  ];
  const lines = [
    `ETH is at ${price.prettify(2)} PAYD today. Under ${prices.normalMode.prettify(2)} PAYD per ETH your cache falls below 115% and can be liquidated.`,
  ];
  const rm = prices.recoveryModeBelow.prettify(2);
  if (prices.belowTotalRatio && prices.recoveryModeBelow.gt(prices.normalMode)) {
    notes.push(
      prices.poolCovers
        ? { id: 'lending.outlook.recoveryCovered', values: { rm: prices.recoveryModeBelow } }
        : {
            id: 'lending.outlook.recoveryUncovered',
            values: { rm: prices.recoveryModeBelow, pool, debt: cache.debt },
          },
    );
    lines.push(
      prices.poolCovers
        ? `Your ratio is under the total collateral ratio, so in recovery mode (ETH under ${rm} PAYD, the total ratio under 155%) your cache can be liquidated at once while the rewards pool covers its debt: it can be liquidated under ${rm} PAYD.`
        : `Your ratio is under the total collateral ratio: in recovery mode (ETH under ${rm} PAYD, the total ratio under 155%) your cache can be liquidated at once as soon as the rewards pool (${pool.prettify(2)} PAYD) covers its debt of ${cache.debt.prettify(2)} PAYD.`,
    );
  }
  if (numberOfCaches <= 1) {
    lines.push('As the only cache in the system it cannot be liquidated for now.');
    notes.push({ id: 'lending.outlook.onlyCache', values: {} });
  }
  return { prices, lines, notes };
}

/** The warning under an opening or adjustment that leaves the cache under 155% outside recovery mode. */
export function criticalRatioWarning(ratio: Decimal, recoveryMode: boolean): string | undefined {
  if (recoveryMode || ratio.lt(MINIMUM_COLLATERAL_RATIO) || ratio.gte(CRITICAL_COLLATERAL_RATIO))
    return undefined;
  return `At ${ratio.toPercent()} your cache would be under the critical ratio of 155%. If the system's total collateral ratio falls under 155% (recovery mode), a cache under the total ratio can be liquidated although it is above 115%.`;
}

/** Why a liquidated cache went, in the owner's words (undefined: not read yet). */
export function liquidatedText(reason: LiquidationReason | undefined, recoveryMode: boolean): string {
  const rest =
    'its debt is cleared and its collateral went to the rewards pool and the liquidator. You keep the PAYD you borrowed.';
  if (reason === 'belowTotalRatio')
    return `The system was in recovery mode (total collateral ratio under 155%) and your cache's ratio was under the total collateral ratio, so it was liquidated although it was above 115%: its debt is cleared, collateral worth 115% of it went to the rewards pool and the liquidator, and the rest is yours to claim as collateral surplus. You keep the PAYD you borrowed.`;
  if (reason === undefined) return `It was liquidated: ${rest}`;
  if (reason === 'belowMinimum' && recoveryMode)
    return `The system was in recovery mode and your cache's collateral ratio fell under the minimum of 115%, so it was liquidated: ${rest}`;
  return `Its collateral ratio fell under the minimum of 115% and it was liquidated: ${rest}`;
}
