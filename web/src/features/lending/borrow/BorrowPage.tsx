// /borrower: the Borrow page of spec 000 section 1. Without an open cache: open one, with the live
// preview. With one: the cache as the chain holds it (ratio, liquidation price at today's and a
// chosen ETH price, redemption risk), adjust it and close it. A cache closed by liquidation or
// redemption says so, and a collateral surplus can be claimed. A wallet KYC has not approved on
// chain is told why and sends nothing. Everything re-renders from the store as blocks come in.
import { Center, Loader, Stack } from '@mantine/core';
import { Decimal, type Cache } from '@payd/protocol';
import { LendingLayout } from '../LendingLayout.tsx';
import { KycRefusalAlert, useWalletKyc, type WalletKyc } from '../kycGateView.tsx';
import { useProtocol } from '../protocol/ProtocolProvider.tsx';
import { AdjustCacheForm } from './AdjustCacheForm.tsx';
import type { BorrowMarket } from './borrowRules.ts';
import { CacheOverview } from './CacheOverview.tsx';
import { ClosedStatus, SurplusCard } from './CacheStatusCards.tsx';
import { CloseCacheCard } from './CloseCacheCard.tsx';
import { OpenCacheForm } from './OpenCacheForm.tsx';
import { RecoveryWarning } from './PreviewTable.tsx';
import { useBorrowMarket } from './useBorrowMarket.ts';
import { useRedemptionRisk } from './useRedemptionRisk.ts';

export function BorrowPage() {
  return (
    <LendingLayout title="Borrow">
      <BorrowScreen />
    </LendingLayout>
  );
}

function BorrowScreen() {
  const market = useBorrowMarket();
  const cache = useProtocol((s) => s.cache);
  const surplus = useProtocol((s) => s.collateralSurplusBalance);
  const kyc = useWalletKyc();
  if (!market || !cache)
    return (
      <Center py="xl">
        <Loader aria-label="Loading your cache" />
      </Center>
    );
  const open = cache.status === 'open';
  return (
    <Stack gap="md">
      <KycRefusalAlert kyc={kyc} />
      <RecoveryWarning market={market} />
      <ClosedStatus status={cache.status} />
      <SurplusCard surplus={surplus ?? Decimal.ZERO} kyc={kyc} />
      {open ? (
        <OpenCache market={market} cache={cache} kyc={kyc} />
      ) : (
        <OpenCacheForm market={market} kyc={kyc} />
      )}
    </Stack>
  );
}

function OpenCache({ market, cache, kyc }: { market: BorrowMarket; cache: Cache; kyc: WalletKyc }) {
  const risk = useRedemptionRisk(cache);
  return (
    <>
      <CacheOverview market={market} cache={cache} risk={risk} />
      <AdjustCacheForm market={market} cache={cache} kyc={kyc} />
      <CloseCacheCard market={market} cache={cache} kyc={kyc} />
    </>
  );
}
