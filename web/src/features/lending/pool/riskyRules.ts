// The risky caches screen: caches from the multi-cache getter with their pending redistribution
// applied, their ratio at today's price, whether they can be liquidated, paging, and what a
// liquidation did.
import {
  Decimal,
  MINIMUM_COLLATERAL_RATIO,
  type Cache,
  type CacheWithPendingRedistribution,
  type LiquidationDetails,
} from '@payd/protocol';

export const PAGE_SIZE = 10;

export interface RiskyRow {
  owner: string;
  collateral: Decimal;
  debt: Decimal;
  ratio: Decimal;
  liquidatable: boolean;
}

/**
 * Whether a cache at `ratio` can be liquidated: under 115%; in recovery mode also under the total
 * collateral ratio (the design's recovery-mode rule).
 */
export function isLiquidatable(ratio: Decimal, recoveryMode: boolean, totalRatio: Decimal): boolean {
  if (ratio.lt(MINIMUM_COLLATERAL_RATIO)) return true;
  return recoveryMode && ratio.lt(totalRatio);
}

/** Rows of one page, riskiest first (the chain's order kept, ties broken by the compounded ratio). */
export function riskyRows(
  caches: readonly CacheWithPendingRedistribution[],
  totalRedistributed: Cache,
  price: Decimal,
  recoveryMode: boolean,
  totalRatio: Decimal,
): RiskyRow[] {
  return caches
    .map((c) => {
      const now = c.compounded(totalRedistributed);
      const ratio = now.collateralRatio(price);
      return {
        owner: c.ownerAddress,
        collateral: now.collateral,
        debt: now.debt,
        ratio,
        liquidatable: isLiquidatable(ratio, recoveryMode, totalRatio),
      };
    })
    .sort((a, b) => (a.ratio.lt(b.ratio) ? -1 : a.ratio.gt(b.ratio) ? 1 : 0));
}

export const pageCount = (numberOfCaches: number) => Math.max(1, Math.ceil(numberOfCaches / PAGE_SIZE));

/** '0x1234…abcd'. */
export const shortAddress = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

/** What a landed liquidation did, for the result card. */
export function liquidationSummary(details: LiquidationDetails, gasUsed: bigint): string[] {
  const n = details.liquidatedAddresses.length;
  return [
    `${n} ${n === 1 ? 'cache' : 'caches'} liquidated: ${details.liquidatedAddresses.map(shortAddress).join(', ')}`,
    `Collateral ${details.totalLiquidated.collateral.prettify(4)} ETH, debt ${details.totalLiquidated.debt.prettify()} PAYD`,
    `Your compensation: ${details.paydGasCompensation.prettify()} PAYD and ${details.collateralGasCompensation.prettify(4)} ETH`,
    `Gas used: ${gasUsed.toLocaleString('en-US')}`,
  ];
}
