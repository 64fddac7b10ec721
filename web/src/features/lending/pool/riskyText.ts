// The risky caches page's words from riskyRules.ts (English, as its tests read the spec) in the
// reader's language.
import type { Decimal, LiquidationDetails, LiquidationVerdict } from '@payd/protocol';
import { formatNumber } from '@payd/i18n';
import type { LendingTranslate } from '../useLendingT.ts';
import { shortAddress } from './riskyRules.ts';

/** cachesText: '1 cache', '3 caches'. */
export const cachesWords = ({ t }: LendingTranslate, n: number) => t('lending.risky.caches', { count: n });

/** verdictText's words: why the cache can or cannot be liquidated now. */
export function verdictWords(
  tr: LendingTranslate,
  verdict: LiquidationVerdict,
  debt: Decimal,
  pool: Decimal,
) {
  const { t, num, pct } = tr;
  const total = pct(verdict.totalRatio);
  if (verdict.liquidatable)
    return verdict.reason === 'belowMinimum'
      ? t('lending.risky.verdict.belowMinimum')
      : t('lending.risky.verdict.belowTotal', { total });
  switch (verdict.refusal) {
    case 'notOpen':
      return t('lending.refusal.notActiveCache');
    case 'lastCache':
      return t('lending.refusal.lastCache');
    case 'notBelowMinimum':
      return t('lending.risky.verdict.notBelowMinimum');
    case 'notBelowTotalRatio':
      return t('lending.risky.verdict.notBelowTotal', { total });
    case 'poolTooSmall':
      return t('lending.risky.verdict.poolTooSmall', { total, pool: num(pool), debt: num(debt) });
  }
}

/** liquidationSummary's lines. */
export function summaryWords(tr: LendingTranslate, details: LiquidationDetails, gasUsed: bigint): string[] {
  const { t, num, lang } = tr;
  const n = details.liquidatedAddresses.length;
  return [
    t('lending.risky.summary.liquidated', {
      count: n,
      owners: details.liquidatedAddresses.map(shortAddress).join(', '),
    }),
    t('lending.risky.summary.totals', {
      eth: num(details.totalLiquidated.collateral, 4),
      payd: num(details.totalLiquidated.debt),
    }),
    t('lending.risky.summary.compensation', {
      payd: num(details.paydGasCompensation),
      eth: num(details.collateralGasCompensation, 4),
    }),
    t('lending.risky.summary.gas', { gas: formatNumber(lang, gasUsed) }),
  ];
}
