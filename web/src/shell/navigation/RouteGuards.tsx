// Route elements that apply the guard decisions of guards.ts to the live session and location.
// What a feature decides in front of them (the KYC check, a customer's landing page) the route
// table passes in, so the shell knows no feature.
import { Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { useSession } from '../session/session.tsx';
import {
  rememberOrigin,
  rememberedOrigin,
  explicitSignOutPending,
  pendingSignInTarget,
  walletStateConfirmed,
  walletStateReadOnly,
} from '../session/originStore.ts';
import { isStaffRole } from '../session/staffRoles.ts';
import { homePath, redirectSignedIn, requireUser, walletStateRedirect } from './guards.ts';
import { ACCOUNT_STATUS_PATH, walletCheckedPaths } from './paths.ts';
import { PageLoader } from '../PageLoader.tsx';

/**
 * Signed-in routes (KYC, landing, profile and everything behind the wallet gate). In front of the
 * protected (wallet) routes it renders `walletPagesCheck` (a lazy element that renders an
 * <Outlet /> to let the page through).
 */
export function RequireUser({ walletPagesCheck }: { walletPagesCheck: ReactNode }) {
  const { user, loading } = useSession();
  const location = useLocation();
  if (loading) return <PageLoader />;
  const decision = requireUser(user?.UsrId, location);
  if (decision) {
    if (!explicitSignOutPending()) rememberOrigin(decision.remember);
    return <Navigate to={decision.redirect} replace />;
  }
  // Protected (wallet) routes: e.g. a customer whose KYC was declined goes to the KYC status page.
  const p = location.pathname;
  if (p === ACCOUNT_STATUS_PATH || (walletCheckedPaths as readonly string[]).includes(p))
    return <Suspense fallback={<PageLoader />}>{walletPagesCheck}</Suspense>;
  return <Outlet />;
}

/**
 * '/': staff go to the back office, the signed-out (via the guard of /accountStatus) to /login,
 * and customers to `customerLanding` (a lazy element: the page their progress calls for).
 */
export function HomeRedirect({ customerLanding }: { customerLanding: ReactNode }) {
  const { user, loading } = useSession();
  if (loading) return <PageLoader />;
  if (!user || isStaffRole(user.role)) return <Navigate to={homePath(user?.role)} replace />;
  return <Suspense fallback={<PageLoader />}>{customerLanding}</Suspense>;
}

/** Sign-up, reset and restriction pages: a signed-in user goes to the origin or '/'. */
export function SignedOutOnly() {
  const { user, loading } = useSession();
  const location = useLocation();
  // A sign-in on this page is already on its way to the landing page (lazy routes take a moment).
  const navigating = useNavigation().state !== 'idle';
  if (navigating) return <Outlet />;
  if (loading) return <PageLoader />;
  const target = redirectSignedIn(
    user?.UsrId,
    location.pathname,
    pendingSignInTarget() ?? rememberedOrigin(),
  );
  return target ? <Navigate to={target} replace /> : <Outlet />;
}

/** The wallet-state check in front of most protected routes. */
export function WalletStateCheck() {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? null;
  const target = walletStateRedirect({
    target: location.pathname,
    from,
    confirmed: walletStateConfirmed(),
    readOnly: walletStateReadOnly(),
  });
  if (target) {
    rememberOrigin({ pathname: location.pathname, search: location.search });
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}
