// /borrower and /guarantor: the lending page (its child route, under the wallet layout) for a
// customer who has finished onboarding (lendingOpen.ts), the onboarding list for others.
// The onboarding list loads only for those who see it.
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useCustomerProgress } from '../accounts/index.ts';
import { PageLoader } from '../../shell/PageLoader.tsx';
import { lendingOpen } from './lendingOpen.ts';

const RoleLandingPage = lazy(async () => ({
  default: (await import('../accounts/index.ts')).RoleLandingPage,
}));

export function LendingRoleRoute() {
  const { isPending, progress } = useCustomerProgress();
  if (isPending) return <PageLoader />;
  if (lendingOpen(progress)) return <Outlet />;
  return (
    <Suspense fallback={<PageLoader />}>
      <RoleLandingPage />
    </Suspense>
  );
}
