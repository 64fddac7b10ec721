// The KYC check in front of the protected (wallet) routes: a customer whose KYC was declined goes
// to the KYC status page. Its own module, loaded with the first protected route, so the login page
// does not download the KYC page layout.
import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../auth/session.tsx';
import { isStaffRole } from '../../backoffice/staffRoles.ts';
import { useKycRecords } from './kycApi.ts';
import { KycSpinner } from './KycShell.tsx';
import { corporateState, declinedRedirect, personState } from './kycStatus.ts';

/**
 * In front of the protected routes: a customer whose KYC was declined (DE) goes to the KYC status
 * page instead, which shows 'Status: KYC Declined' and the reason.
 */
export function KycDeclinedCheck() {
  const { user } = useSession();
  // Staff have no KYC record of their own.
  if (!user || isStaffRole(user.role)) return <Outlet />;
  return <CustomerDeclinedCheck />;
}

function CustomerDeclinedCheck() {
  const records = useKycRecords();
  if (records.isPending) return <KycSpinner />;
  const to = records.isError
    ? null
    : declinedRedirect(personState(records.person), corporateState(records.corporate));
  return to ? <Navigate to={to} replace /> : <Outlet />;
}
