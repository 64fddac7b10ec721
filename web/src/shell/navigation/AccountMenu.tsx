// The signed-in user's account menu of the top bar (security, the back office for staff, the
// lending pages, log out). Mantine's Menu brings its Popover, focus trap and floating-ui (about
// 30 kB gzipped) that no page needs for its first paint: NavShell shows the same button at once
// and loads this module just after, or on the first click, which then opens the menu.
import { Menu } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../session/session.tsx';
import { isStaffRole } from '../session/staffRoles.ts';
import { STAFF_HOME_PATH } from './guards.ts';
import { ACCOUNT_STATUS_PATH } from './paths.ts';
import { useT } from '../../i18n/useT.ts';
import type { MenuItem } from './NavShell.tsx';
import { AccountMenuButton } from './AccountMenuButton.tsx';

export default function AccountMenu({
  lendingMenu,
  defaultOpened,
}: {
  lendingMenu: readonly MenuItem[] | null;
  defaultOpened?: boolean;
}) {
  const { t } = useT();
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <Menu position="bottom-end" width={220} defaultOpened={defaultOpened}>
      <Menu.Target>
        <AccountMenuButton name={user.UsrName} />
      </Menu.Target>
      <Menu.Dropdown>
        {isStaffRole(user.role) && (
          <Menu.Item component={Link} to={STAFF_HOME_PATH}>
            {t('shell.backOffice')}
          </Menu.Item>
        )}
        {!isStaffRole(user.role) && (
          // The top bar shows these beside the menu from tablet width on; on a phone, here.
          <>
            <Menu.Item component={Link} to={ACCOUNT_STATUS_PATH} hiddenFrom="sm">
              {t('shell.accountStatus')}
            </Menu.Item>
            <Menu.Item component={Link} to="/alerts" hiddenFrom="sm">
              {t('nav.alerts')}
            </Menu.Item>
          </>
        )}
        <Menu.Item component={Link} to="/profile">
          {t('shell.security')}
        </Menu.Item>
        {lendingMenu && (
          <>
            <Menu.Divider />
            <Menu.Label>{t('shell.lending')}</Menu.Label>
            {lendingMenu.map((item) => (
              <Menu.Item key={item.path} component={Link} to={item.path}>
                {item.id ? t(item.id) : item.label}
              </Menu.Item>
            ))}
          </>
        )}
        <Menu.Divider />
        <Menu.Item
          color="red"
          onClick={() => void signOut().then(() => navigate('/login', { replace: true }))}
        >
          {t('shell.logOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
