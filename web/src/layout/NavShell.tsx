// The shell with top navigation and sidebar (only with a known user name). Loaded on the first
// page that shows the navigation, so the login page does not download menus and popovers.
import {
  AppShell,
  Burger,
  Button,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import type { GetReactQuickMenuReply, MenuItem } from '@payd/schemas';
import { useSession } from '../auth/session.tsx';
import { showSidebar } from '../routes/guards.ts';
import { PageLoader } from '../routes/RouteGuards.tsx';
import { Brand } from './Brand.tsx';

/** Menu shown while GetReactQuickMenu has not answered (or answered nothing). */
const fallbackMenu: Pick<MenuItem, 'Label' | 'Path'>[] = [
  { Label: 'Dashboard', Path: '/dashboard' },
  { Label: 'Account status', Path: '/accountStatus' },
  { Label: 'KYC status', Path: '/kyc-status' },
  { Label: 'Statements', Path: '/accountStatements' },
  { Label: 'Support', Path: '/customer-support' },
  { Label: 'Security', Path: '/profile' },
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
        <UnstyledButton aria-label="Account menu">
          <Text fw={600} fz="sm" truncate maw={220}>
            {user.UsrName}
          </Text>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/profile">
          Security
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          onClick={async () => {
            await signOut();
            navigate('/login', { replace: true });
          }}
        >
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const { api } = useSession();
  const { pathname } = useLocation();
  const menu = useQuery({
    queryKey: ['auth', 'GetReactQuickMenu'],
    queryFn: async () =>
      (await api.call<GetReactQuickMenuReply>('auth', 'GetReactQuickMenu', { systemId: 5 })).data ?? [],
    staleTime: 5 * 60_000,
    meta: { silent: true }, // the built-in menu stands in
  });
  const items = menu.data?.length ? [...menu.data].sort((a, b) => a.Sort - b.Sort) : fallbackMenu;
  return (
    <ScrollArea>
      <nav aria-label="Main menu">
        {items.map((item) => (
          <NavLink
            key={item.Path}
            component={Link}
            to={item.Path}
            label={item.Label}
            active={pathname === item.Path}
            onClick={onNavigate}
            styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
          />
        ))}
      </nav>
    </ScrollArea>
  );
}

export function NavShell() {
  const { user } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const sidebar = showSidebar(user?.UsrName);
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
          <UserMenu />
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
