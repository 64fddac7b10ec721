// The frame of the signed-out pages: brand, a card with the form, and a short trust line.
import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Brand } from '../../shell/navigation/Brand.tsx';
import { LanguageSwitcher } from '../../i18n/LanguageSwitcher.tsx';
import { useT } from '../../i18n/useT.ts';
import { showTopNav } from '../../shell/navigation/guards.ts';

export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useT();
  // Pages that keep the top navigation (reset, restriction) show the card inside the shell.
  const inShell = showTopNav(useLocation().pathname);
  const card = (
    <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} component="section">
      <Stack gap="md">
        <div>
          <Title order={1} fz={24}>
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" fz="sm" mt={4}>
              {subtitle}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
  if (inShell)
    return (
      <Center py="xl">
        <Stack w="100%" maw={440} gap="lg">
          {card}
          {footer}
        </Stack>
      </Center>
    );
  return (
    <Box
      mih="100vh"
      style={{
        background:
          'radial-gradient(1200px 600px at 10% -10%, var(--mantine-color-payd-1), transparent 60%), radial-gradient(900px 500px at 110% 110%, var(--mantine-color-payd-0), transparent 60%), var(--mantine-color-gray-0)',
      }}
    >
      <Center mih="100vh" p="md">
        <Stack w="100%" maw={440} gap="lg">
          {/* In the flow above the brand, so it never covers it on a narrow phone. */}
          <Group justify="space-between" wrap="nowrap">
            <Brand size={36} />
            <LanguageSwitcher />
          </Group>
          {card}
          {footer}
          <Text c="dimmed" fz="xs" ta="center">
            {t('shell.trust')}
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
