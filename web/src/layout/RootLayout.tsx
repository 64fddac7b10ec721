// The root of every page: top navigation only where the spec shows it (hidden on login,
// sign-up, forgot-password, pricing and the root), scroll to top on navigation, new-build check.
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { showTopNav } from '../routes/guards.ts';
import { PageLoader } from '../routes/RouteGuards.tsx';
import { startVersionCheck } from '../app/versionCheck.ts';

const NavShell = lazy(async () => ({ default: (await import('./NavShell.tsx')).NavShell }));

export function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  useEffect(() => (import.meta.env.PROD ? startVersionCheck(__PAYD_BUILD_ID__) : undefined), []);
  return (
    <Suspense fallback={<PageLoader />}>
      {showTopNav(pathname) ? (
        <NavShell />
      ) : (
        <main>
          <Outlet />
        </main>
      )}
    </Suspense>
  );
}
