// The risky caches screen: caches from the multi-cache getter with their pending redistribution
// applied, their ratio at today's price, whether the contract would liquidate them now and why
// (@payd/protocol's liquidationVerdict), paging, and what a liquidation did.
import {
  liquidationVerdict,
  type Cache,
  type CacheWithPendingRedistribution,
  type Decimal,
  type LiquidationDetails,
  type LiquidationState,
  type LiquidationVerdict,
} from '@payd/protocol';

export const PAGE_SIZE = 10;

export interface RiskyRow {
  owner: string;
  collateral: Decimal;
  debt: Decimal;
  ratio: Decimal;
  /** The contract would liquidate it now (@payd/protocol's liquidationVerdict). */
  liquidatable: boolean;
  /** Why it can or cannot be liquidated now, in words. */
  reason: string;
  /** The verdict the reason words, for the page's own language. */
  verdict: LiquidationVerdict;
}

/** The text shown for the last cache: the refusal's words (OnlyOneCacheInSystem). */
export const LAST_CACHE_TEXT = 'The last cache in the system cannot be liquidated.';

/** Why `verdict` lets the cache go or keeps it, for the cache's row; `debt` is its debt. */
export function verdictText(verdict: LiquidationVerdict, debt: Decimal, pool: Decimal): string {
  const total = verdict.totalRatio.toPercent();
  if (verdict.liquidatable) {
    return verdict.reason === 'belowMinimum'
      ? 'Under 115%: can be liquidated.'
      : `Recovery mode: under the total collateral ratio of ${total} and the rewards pool covers its debt, so it can be liquidated.`;
  }
  switch (verdict.refusal) {
    case 'notOpen':
      return 'This cache is no longer open.';
    case 'lastCache':
      return LAST_CACHE_TEXT;
    case 'notBelowMinimum':
      return 'At or above 115%: cannot be liquidated.';
    case 'notBelowTotalRatio':
      return `Recovery mode, but not under the total collateral ratio of ${total}: cannot be liquidated.`;
    case 'poolTooSmall':
      return `Recovery mode: under the total collateral ratio of ${total}, but the rewards pool (${pool.prettify()} PAYD) cannot cover its debt of ${debt.prettify()} PAYD, so it cannot be liquidated until its ratio falls under 115%.`;
  }
}

/** Rows of one page, riskiest first (the chain's order kept, ties broken by the compounded ratio). */
export function riskyRows(
  caches: readonly CacheWithPendingRedistribution[],
  totalRedistributed: Cache,
  state: LiquidationState,
): RiskyRow[] {
  return caches
    .map((c) => {
      const now = c.compounded(totalRedistributed);
      const verdict = liquidationVerdict(now, state, c.status === 'open');
      return {
        owner: c.ownerAddress,
        collateral: now.collateral,
        debt: now.debt,
        ratio: verdict.ratio,
        liquidatable: verdict.liquidatable,
        reason: verdictText(verdict, now.debt, state.paydInRewardsPool),
        verdict,
      };
    })
    .sort((a, b) => (a.ratio.lt(b.ratio) ? -1 : a.ratio.gt(b.ratio) ? 1 : 0));
}

export const pageCount = (numberOfCaches: number) => Math.max(1, Math.ceil(numberOfCaches / PAGE_SIZE));

/** '1 cache', '3 caches'. */
export const cachesText = (n: number | bigint) =>
  `${n.toLocaleString('en-US')} ${n === 1 || n === 1n ? 'cache' : 'caches'}`;

/** Whether a row is the connected wallet's own cache (the list marks it 'Yours'). */
export const isOwn = (owner: string, account: string | undefined) =>
  Boolean(account) && owner.toLowerCase() === account!.toLowerCase();

/** '0x1234…abcd'. */
export const shortAddress = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

/** What a landed liquidation did, for the result card. */
export function liquidationSummary(details: LiquidationDetails, gasUsed: bigint): string[] {
  const n = details.liquidatedAddresses.length;
  return [
    `${cachesText(n)} liquidated: ${details.liquidatedAddresses.map(shortAddress).join(', ')}`,
    `Collateral ${details.totalLiquidated.collateral.prettify(4)} ETH, debt ${details.totalLiquidated.debt.prettify()} PAYD`,
    `Your compensation: ${details.paydGasCompensation.prettify()} PAYD and ${details.collateralGasCompensation.prettify(4)} ETH`,
    `Gas used: ${gasUsed.toLocaleString('en-US')}`,
  ];
}
