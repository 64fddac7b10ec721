// The shell of every lending page (spec 000 section 1): the lending navigation and the protocol
// store (ProtocolProvider) around the page, under the wallet header and tx status bar of the
// wallet layout. Usage: <LendingLayout title={t('lending.borrow.title')}>...</LendingLayout>.
import { Button, Container, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ProtocolProvider } from './protocol/ProtocolProvider.tsx';
import { lendingNav } from './lendingNav.ts';
import { useT } from '../../i18n/useT.ts';

export function LendingNav() {
  const { pathname } = useLocation();
  const { t } = useT();
  return (
    <nav aria-label={t('lending.nav.label')}>
      {/* Wraps onto a second line on a phone rather than hiding pages behind a scroll. */}
      <Group gap={6} wrap="wrap">
        {lendingNav.map((item) => {
          const active = pathname.toLowerCase() === item.to.toLowerCase();
          return (
            <Button
              key={item.to}
              component={NavLink}
              to={item.to}
              size="compact-sm"
              variant={active ? 'filled' : 'light'}
              aria-current={active ? 'page' : undefined}
            >
              {t(item.id)}
            </Button>
          );
        })}
      </Group>
    </nav>
  );
}

export function LendingLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size="lg" py="md" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        <LendingNav />
        <Title order={1} fz={{ base: 22, sm: 28 }}>
          {title}
        </Title>
        <ProtocolProvider>{children}</ProtocolProvider>
      </Stack>
    </Container>
  );
}
