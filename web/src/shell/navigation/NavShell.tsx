// The shell with top navigation and sidebar. The sidebar (spec 001 'Sidebar and top bar':
// Dashboard, Staking, Withdraw, Account, Manage, then issue 29's Alerts, and the support contact, then the lending pages of
// spec 000, issue 27) shows only for a user whose wallet is approved and not declined, as
// /accountStatus last found it in this tab or, in a new tab, as the registered wallets say; the top
// bar links to /accountStatus for customers, where a wallet is registered, and the account menu to
// the lending pages (the menu the route table passes in). Loaded on the first page that shows the
// navigation, so the login page does not download it; the account menu (AccountMenu.tsx) and its
// popover load just after the first paint.
import { Anchor, AppShell, Box, Burger, Button, Divider, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useSession } from '../session/session.tsx';
import { useRegisteredWalletCodes } from '../session/registeredWallets.ts';
import { isStaffRole } from '../session/staffRoles.ts';
import { useKnownWalletStatus } from './walletStatusStore.ts';
import { navigationWalletStatus, showSidebar } from './guards.ts';
import { PageLoader } from '../PageLoader.tsx';
import { ACCOUNT_STATUS_PATH } from './paths.ts';
import { Brand } from './Brand.tsx';
import { AccountMenuButton } from './AccountMenuButton.tsx';
import { LanguageSwitcher } from '../../i18n/LanguageSwitcher.tsx';
import { useT } from '../../i18n/useT.ts';

/** A menu entry of the navigation (`label` the English text, `id` its message). */
export interface MenuItem {
  label: string;
  id?: string;
  path: string;
}

/** The sidebar entries of spec 001, in its order. */
const sidebarMenu: readonly MenuItem[] = [
  { label: 'Dashboard', id: 'nav.dashboard', path: '/dashboard' },
  { label: 'Staking', id: 'nav.staking', path: '/stakeOption' },
  { label: 'Withdraw', id: 'nav.withdraw', path: '/withdrawETH' },
  { label: 'Account', id: 'nav.account', path: '/payment' },
  { label: 'Manage', id: 'nav.manage', path: '/manageValidator' },
  // Issue 29: the notification centre and alert settings (the top bar's 'Alerts' shows the unread count).
  { label: 'Alerts', id: 'nav.alerts', path: '/alerts' },
];

const samePath = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

const loadAccountMenu = () => import('./AccountMenu.tsx');
const AccountMenu = lazy(loadAccountMenu);

function UserMenu({ lendingMenu }: { lendingMenu: readonly MenuItem[] | null }) {
  const { t } = useT();
  const { user } = useSession();
  // A click on the button before the menu has loaded opens it once it has.
  const [clicked, setClicked] = useState(false);
  const signedIn = Boolean(user);
  useEffect(() => {
    if (signedIn) void loadAccountMenu();
  }, [signedIn]);
  if (!user)
    return (
      <Group gap="xs">
        <Button variant="subtle" component={Link} to="/login">
          {t('shell.login')}
        </Button>
        <Button component={Link} to="/sign-up">
          {t('shell.signUp')}
        </Button>
      </Group>
    );
  return (
    <Suspense fallback={<AccountMenuButton name={user.UsrName} onClick={() => setClicked(true)} />}>
      <AccountMenu lendingMenu={lendingMenu} defaultOpened={clicked} />
    </Suspense>
  );
}

function MenuLinks({ items, onNavigate }: { items: readonly MenuItem[]; onNavigate: () => void }) {
  const { t } = useT();
  const { pathname } = useLocation();
  return items.map((item) => (
    <NavLink
      key={item.path}
      component={Link}
      to={item.path}
      label={item.id ? t(item.id) : item.label}
      active={samePath(pathname, item.path)}
      aria-current={samePath(pathname, item.path) ? 'page' : undefined}
      onClick={onNavigate}
      styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
    />
  ));
}

function Sidebar({ lendingMenu, onNavigate }: { lendingMenu: readonly MenuItem[]; onNavigate: () => void }) {
  const { t } = useT();
  return (
    <Box h="100%" style={{ overflowY: 'auto' }}>
      <Stack gap="sm">
        <nav aria-label={t('shell.mainMenu')}>
          <MenuLinks items={sidebarMenu} onNavigate={onNavigate} />
        </nav>
        {/* Its own landmark, named apart from the lending pages' 'Lending' bar and spec 001's 'Main menu'. */}
        <nav aria-label={t('shell.protocolMenu')}>
          <Text fz="xs" c="dimmed" px="sm" pb={4}>
            {t('shell.lending')}
          </Text>
          <MenuLinks items={lendingMenu} onNavigate={onNavigate} />
        </nav>
        <Divider />
        <Stack gap={2} px="sm" aria-label={t('shell.support')}>
          <Text fz="xs" c="dimmed">
            {t('shell.needHelp')}
          </Text>
          <Anchor component={Link} to="/customer-support" fz="sm" onClick={onNavigate}>
            {t('shell.contactSupport')}
          </Anchor>
        </Stack>
      </Stack>
    </Box>
  );
}

/** The navigation around every page but the public ones; `lendingMenu`: spec 000's pages;
 * `customerTools`: what the route table puts in a customer's top bar (the alerts' bell). */
export function NavShell({
  lendingMenu,
  customerTools,
}: {
  lendingMenu: readonly MenuItem[];
  customerTools?: ReactNode;
}) {
  const { t } = useT();
  const { user } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const customer = Boolean(user?.UsrId) && !isStaffRole(user?.role);
  const known = useKnownWalletStatus(user?.UsrId);
  // Asked only when this tab has not been through /accountStatus (shared with /borrower's gate).
  const registered = useRegisteredWalletCodes(customer && !known);
  const walletStatus = navigationWalletStatus(known, registered.data);
  const sidebar = showSidebar(user?.UsrName, walletStatus);
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={sidebar ? { width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } } : undefined}
      padding="md"
      bg="var(--mantine-color-gray-0)"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {sidebar && (
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('shell.toggleMenu')}
              />
            )}
            <Brand />
          </Group>
          <Group gap="sm" wrap="nowrap" miw={0}>
            {/* On a phone these two are in the account menu: the bar keeps the language and the menu in sight. */}
            {customer && (
              <Anchor
                component={Link}
                to={ACCOUNT_STATUS_PATH}
                fz="sm"
                visibleFrom="sm"
                style={{ whiteSpace: 'nowrap' }}
              >
                {t('shell.accountStatus')}
              </Anchor>
            )}
            <LanguageSwitcher />
            {customer && customerTools && <Box visibleFrom="sm">{customerTools}</Box>}
            <UserMenu lendingMenu={customer && walletStatus === 'A' ? lendingMenu : null} />
          </Group>
        </Group>
      </AppShell.Header>
      {sidebar && (
        <AppShell.Navbar p="sm">
          <Sidebar lendingMenu={lendingMenu} onNavigate={close} />
        </AppShell.Navbar>
      )}
      <AppShell.Main>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
