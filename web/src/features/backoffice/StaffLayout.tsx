// The back office frame: only staff get in (others see 'Access denied'), with links between
// the staff screens.
import { Group, NavLink as MantineNavLink } from '@mantine/core';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { useSession } from '../../shell/session/session.tsx';
import { AccessDeniedPage } from '../../shell/navigation/AccessDeniedPage.tsx';
import { PageLoader } from '../../shell/PageLoader.tsx';
import { staffNavScreens } from './screens.ts';
import { staffRedirect } from '../../shell/session/staffRoles.ts';
import { useT } from '../../i18n/useT.ts';

export function StaffLayout() {
  const { user, loading } = useSession();
  const location = useLocation();
  const { t, message } = useT();
  if (loading) return <PageLoader />;
  const target = staffRedirect(user);
  // A signed-out visitor is handled by RequireUser above; a customer sees the access-denied page here.
  if (target === '/login') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (target) return <AccessDeniedPage />;
  return (
    <>
      {/* One row that scrolls sideways on a phone rather than wrapping into several. */}
      <Group
        component="nav"
        aria-label={t('shell.backOffice')}
        gap={4}
        px={{ base: 0, sm: 'md' }}
        pt="sm"
        wrap="nowrap"
        style={{ overflowX: 'auto' }}
      >
        {staffNavScreens(user?.role).map((s) => (
          <MantineNavLink
            key={s.path}
            component={NavLink}
            to={`/staff/${s.path}`}
            label={message(s.title)}
            active={location.pathname.startsWith(`/staff/${s.path}`)}
            w="auto"
            style={{ borderRadius: 6, flexShrink: 0, whiteSpace: 'nowrap' }}
          />
        ))}
      </Group>
      <Outlet />
    </>
  );
}
