// /borrower with an open cache: the cache as the chain holds it (CacheOverview), adjusting it and
// closing it. BorrowPage loads this module only for a person whose cache is open.
import type { Cache } from '@payd/protocol';
import type { WalletKyc } from '../kycGateView.tsx';
import { AdjustCacheForm } from './AdjustCacheForm.tsx';
import type { BorrowMarket } from './borrowRules.ts';
import { CacheOverview } from './CacheOverview.tsx';
import { CloseCacheCard } from './CloseCacheCard.tsx';
import { useRedemptionRisk } from './useRedemptionRisk.ts';

export default function OpenCache({
  market,
  cache,
  kyc,
}: {
  market: BorrowMarket;
  cache: Cache;
  kyc: WalletKyc;
}) {
  const risk = useRedemptionRisk(cache);
  return (
    <>
      <CacheOverview market={market} cache={cache} risk={risk} />
      <AdjustCacheForm market={market} cache={cache} kyc={kyc} />
      <CloseCacheCard market={market} cache={cache} kyc={kyc} />
    </>
  );
}
