// The shell with top navigation and sidebar. The sidebar (spec 001 'Sidebar and top bar':
// Dashboard, Staking, Withdraw, Account, Manage and the support contact) shows only for a user
// whose wallet is approved and not declined, as /accountStatus last found it in this tab; the top
// bar links to /accountStatus for customers, where a wallet is registered. Loaded on the first page
// that shows the navigation, so the login page does not download menus and popovers.
import {
  Anchor,
  AppShell,
  Burger,
  Button,
  Divider,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useSession } from '../auth/session.tsx';
import { isStaffRole } from '../backoffice/staffRoles.ts';
import { useKnownWalletStatus } from '../features/staking/walletStatusStore.ts';
import { STAFF_HOME_PATH, showSidebar } from '../routes/guards.ts';
import { PageLoader } from '../routes/RouteGuards.tsx';
import { ACCOUNT_STATUS_PATH } from '../routes/paths.ts';
import { Brand } from './Brand.tsx';

/** The sidebar entries of spec 001, in its order. */
export const sidebarMenu: readonly { label: string; path: string }[] = [
  { label: 'Dashboard', path: '/dashboard' },
  { label: 'Staking', path: '/stakeOption' },
  { label: 'Withdraw', path: '/withdrawETH' },
  { label: 'Account', path: '/payment' },
  { label: 'Manage', path: '/manageValidator' },
];

function UserMenu() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  if (!user)
    return (
      <Group gap="xs">
        <Button variant="subtle" component={Link} to="/login">
          Log in
        </Button>
        <Button component={Link} to="/sign-up">
          Sign up
        </Button>
      </Group>
    );
  return (
    <Menu position="bottom-end" width={220}>
      <Menu.Target>
        {/* The name shown is part of the button's name (WCAG 2.5.3, label in name). */}
        <UnstyledButton aria-label={`Account menu: ${user.UsrName}`}>
          <Text fw={600} fz="sm" truncate maw={{ base: 120, sm: 220 }}>
            {user.UsrName}
          </Text>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {isStaffRole(user.role) && (
          <Menu.Item component={Link} to={STAFF_HOME_PATH}>
            Back office
          </Menu.Item>
        )}
        <Menu.Item component={Link} to="/profile">
          Security
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          onClick={() => void signOut().then(() => navigate('/login', { replace: true }))}
        >
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <ScrollArea>
      <Stack gap="sm">
        <nav aria-label="Main menu">
          {sidebarMenu.map((item) => (
            <NavLink
              key={item.path}
              component={Link}
              to={item.path}
              label={item.label}
              active={pathname === item.path}
              onClick={onNavigate}
              styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
            />
          ))}
        </nav>
        <Divider />
        <Stack gap={2} px="sm" aria-label="Support">
          <Text fz="xs" c="dimmed">
            Need help?
          </Text>
          <Anchor component={Link} to="/customer-support" fz="sm" onClick={onNavigate}>
            Contact support
          </Anchor>
        </Stack>
      </Stack>
    </ScrollArea>
  );
}

export function NavShell() {
  const { user } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const walletStatus = useKnownWalletStatus(user?.UsrId);
  const sidebar = showSidebar(user?.UsrName, walletStatus);
  const customer = Boolean(user?.UsrId) && !isStaffRole(user?.role);
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
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle menu" />
            )}
            <Brand />
          </Group>
          <Group gap="sm" wrap="nowrap" miw={0}>
            {customer && (
              <Anchor component={Link} to={ACCOUNT_STATUS_PATH} fz="sm" style={{ whiteSpace: 'nowrap' }}>
                Account Status
              </Anchor>
            )}
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      {sidebar && (
        <AppShell.Navbar p="sm">
          <Sidebar onNavigate={close} />
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
