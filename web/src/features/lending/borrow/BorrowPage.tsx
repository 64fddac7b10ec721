// /borrower: the Borrow page of spec 000 section 1. Without an open cache: open one, with the live
// preview. With one: the cache as the chain holds it (ratio, liquidation price at today's and a
// chosen ETH price, redemption risk), adjust it and close it. A cache closed by liquidation or
// redemption says so, and a collateral surplus can be claimed. A wallet KYC has not approved on
// chain is told why and sends nothing. Everything re-renders from the store as blocks come in.
import { Center, Loader, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Decimal } from '@payd/protocol';
import { LendingLayout } from '../LendingLayout.tsx';
import { KycRefusalAlert, useWalletKyc } from '../kycGateView.tsx';
import { useProtocol } from '../protocol/ProtocolProvider.tsx';
import { ClosedStatus, RecoveryWarning, SurplusCard } from './CacheStatusCards.tsx';
import { useBorrowMarket } from './useBorrowMarket.ts';
import { useT } from '../../../i18n/useT.ts';

// A person sees either the form that opens a cache or their open cache, never both: each loads
// once the store says which.
const OpenCacheForm = lazy(async () => ({ default: (await import('./OpenCacheForm.tsx')).OpenCacheForm }));
const OpenCache = lazy(() => import('./OpenCache.tsx'));

export function BorrowPage() {
  const { t } = useT();
  return (
    <LendingLayout title={t('lending.nav.borrow')}>
      <BorrowScreen />
    </LendingLayout>
  );
}

function BorrowScreen() {
  const market = useBorrowMarket();
  const cache = useProtocol((s) => s.cache);
  const surplus = useProtocol((s) => s.collateralSurplusBalance);
  const kyc = useWalletKyc();
  const { t } = useT();
  if (!market || !cache)
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('lending.borrow.loading')} />
      </Center>
    );
  const open = cache.status === 'open';
  return (
    <Stack gap="md">
      <KycRefusalAlert kyc={kyc} />
      <RecoveryWarning market={market} />
      <ClosedStatus status={cache.status} />
      <SurplusCard surplus={surplus ?? Decimal.ZERO} kyc={kyc} />
      <Suspense fallback={<Loader role="status" aria-label={t('lending.borrow.loading')} />}>
        {open ? (
          <OpenCache market={market} cache={cache} kyc={kyc} />
        ) : (
          <OpenCacheForm market={market} kyc={kyc} />
        )}
      </Suspense>
    </Stack>
  );
}
