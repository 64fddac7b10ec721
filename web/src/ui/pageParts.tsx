// Pieces the staking and billing screens share: the page frame and its cards, the full-screen busy
// overlay, and the cards that stand for a table's rows on a phone (useCardLayout). The amount with
// its tooltip (Amount.tsx) and the pager (Pager.tsx) are files of their own: a bundler chunk of
// this file would otherwise take Tooltip, Pagination and floating-ui to every page using it. So is
// the address input's look (addressInput.ts), which the stake form takes on its own.
import { Container, Group, Loader, Overlay, Paper, Stack, Text, Title, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useT } from '../i18n/useT.ts';

/**
 * A table inside Table.ScrollContainer: cells on one line and the table as wide as they need (at
 * least the card's width), so a phone scrolls it sideways instead of squeezing badges and dates.
 */
export const wideTableStyle = { whiteSpace: 'nowrap', width: 'max-content', minWidth: '100%' } as const;

/**
 * Whether the staking lists show as cards rather than tables: below Mantine's `md` breakpoint (a
 * phone, or a small tablet beside the sidebar), where a table's columns would not fit and the
 * figures would sit off to the side. Read on the first render, so a phone never draws the table.
 */
export function useCardLayout(): boolean {
  const theme = useMantineTheme();
  return !useMediaQuery(`(min-width: ${theme.breakpoints.md})`, true, { getInitialValueInEffect: false });
}

export function StakingPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size="lg" py="md" px={{ base: 0, xs: 'md' }}>
      <Stack gap="md">
        <Title order={1} fz={26}>
          {title}
        </Title>
        {children}
      </Stack>
    </Container>
  );
}

export function StakingCard({
  title,
  right,
  children,
  testId,
}: {
  title: ReactNode;
  right?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', xs: 'md', sm: 'lg' }} shadow="xs" data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="nowrap">
          <Text fw={700} fz="lg">
            {title}
          </Text>
          {right}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * A card of a list: the first line, what is looked for (`title` on the left, `figure`, the amount,
 * on the right, always on that line), then the lines below it. When the screen is too narrow for
 * both, the title wraps under itself; the figure never leaves the first line or the card.
 */
export function RowCard({
  title,
  figure,
  children,
  testId,
}: {
  title: ReactNode;
  figure: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Paper component="li" withBorder radius="md" px="sm" py="xs" data-testid={testId}>
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <div style={{ flex: 1, minWidth: 0 }}>{title}</div>
          <Text span fw={700} style={{ whiteSpace: 'nowrap', flex: 'none' }}>
            {figure}
          </Text>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** A list of cards (ul), named for screen readers. */
export function CardList({
  label,
  testId,
  children,
}: {
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Stack
      component="ul"
      gap="xs"
      aria-label={label}
      data-testid={testId}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {children}
    </Stack>
  );
}

/** The full-screen spinner of a long request. */
export function BusyOverlay({ text }: { text: string }) {
  const { t } = useT();
  return (
    <Overlay fixed color="#fff" backgroundOpacity={0.85} blur={2} zIndex={300} center>
      <Stack align="center" gap="xs" role="alertdialog" aria-busy="true" aria-label={text}>
        <Loader size="lg" />
        <Text fw={700}>{text}</Text>
        <Text c="dimmed">{t('stake.dontLeave')}</Text>
      </Stack>
    </Overlay>
  );
}
