// '/' for a customer: the page their progress calls for (landing.ts). Its own module, loaded
// with the first visit to '/', so the login page does not download the KYC and staking calls.
import { Navigate } from 'react-router';
import { landingPath } from './landing.ts';
import { useCustomerProgress } from './useCustomerProgress.ts';
import { PageLoader } from '../../shell/PageLoader.tsx';
import { ACCOUNT_STATUS_PATH } from '../../shell/navigation/paths.ts';

export function CustomerLanding() {
  const { isPending, progress } = useCustomerProgress();
  if (isPending) return <PageLoader />;
  // When the progress cannot be read, the wallet status page (the spec's '/') still works.
  return <Navigate to={progress ? landingPath(progress) : ACCOUNT_STATUS_PATH} replace />;
}
