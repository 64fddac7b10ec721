// /borrower and /guarantor: the lending page (its child route, under the wallet layout) for a
// customer who has finished onboarding (kycGate.ts lendingOpen), the onboarding list for others.
import { Outlet } from 'react-router';
import { RoleLandingPage, useCustomerProgress } from '../accounts/index.ts';
import { PageLoader } from '../../shell/PageLoader.tsx';
import { lendingOpen } from './kycGate.ts';

export function LendingRoleRoute() {
  const { isPending, progress } = useCustomerProgress();
  if (isPending) return <PageLoader />;
  return lendingOpen(progress) ? <Outlet /> : <RoleLandingPage />;
}
