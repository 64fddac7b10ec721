// The root of every page: top navigation only where the spec shows it (hidden on login,
// sign-up, forgot-password, pricing and the root), scroll to top on navigation, new-build check,
// and the react-query client for every page but those whose route says it needs none (/login).
// The route table passes in what the navigation shows of the features (the lending menu, the
// alerts' bell).
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { showTopNav } from './guards.ts';
import { PageLoader } from '../PageLoader.tsx';
import { signInTargetReached } from '../session/originStore.ts';
import { startVersionCheck } from '../versionCheck.ts';
import { useConfig } from '../config.ts';
import type { MenuItem } from './NavShell.tsx';

const NavShell = lazy(async () => ({ default: (await import('./NavShell.tsx')).NavShell }));
const QueryClientLayer = lazy(() => import('../QueryClientLayer.tsx'));

/** The `handle` of a route whose page uses no react-query (so /login downloads none). */
export interface RouteHandle {
  withoutQueryClient?: boolean;
}

export function RootLayout({
  lendingMenu,
  customerTools,
}: {
  lendingMenu: readonly MenuItem[];
  /** What a customer's top bar shows of the features (the alerts' bell). */
  customerTools?: ReactNode;
}) {
  const { pathname } = useLocation();
  // The build this page runs is the one the server named in /config.json when the page loaded.
  const { buildId } = useConfig();
  // A new page starts at the top; the page is the matched route, not the address, so a screen
  // that keeps its open record's id in the address (/staff/kyc/42) keeps its scroll position.
  const matches = useMatches();
  const page = matches.map((m) => m.id).join(' ');
  const withoutQueryClient = matches.some((m) => (m.handle as RouteHandle | undefined)?.withoutQueryClient);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [page]);
  useEffect(() => {
    signInTargetReached(pathname);
  }, [pathname]);
  useEffect(() => (import.meta.env.PROD ? startVersionCheck(buildId) : undefined), [buildId]);
  const content = showTopNav(pathname) ? (
    <NavShell lendingMenu={lendingMenu} customerTools={customerTools} />
  ) : (
    <main>
      <Outlet />
    </main>
  );
  return (
    <Suspense fallback={<PageLoader />}>
      {withoutQueryClient ? content : <QueryClientLayer>{content}</QueryClientLayer>}
    </Suspense>
  );
}
