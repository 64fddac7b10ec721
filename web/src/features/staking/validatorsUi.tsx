// Pieces the dashboard, withdraw and manage screens share: the page frame, status badges, the
// full-screen busy overlay, an amount with its full value in a tooltip, and the pager.
import {
  Badge,
  Container,
  Group,
  Loader,
  Overlay,
  Pagination,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDecimal } from './rewardsFormat.ts';
import { code, validatorBadgeColor, validatorStatusText, type ValidatorRow } from './validatorsRules.ts';

/** An input holding a whole address: monospace, its font shrinking on a phone so all 42 characters show. */
export const addressInputStyles = {
  input: {
    fontFamily: 'var(--mantine-font-family-monospace)',
    fontSize: 'clamp(11px, 3vw, var(--mantine-font-size-sm))',
  },
};

/**
 * A table inside Table.ScrollContainer: cells on one line and the table as wide as they need (at
 * least the card's width), so a phone scrolls it sideways instead of squeezing badges and dates.
 */
export const wideTableStyle = { whiteSpace: 'nowrap', width: 'max-content', minWidth: '100%' } as const;

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
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} shadow="xs" data-testid={testId}>
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

export function ValidatorBadge({ v }: { v: ValidatorRow }) {
  return (
    <Badge color={validatorBadgeColor(code(v))} variant="light" data-testid="validator-status">
      {validatorStatusText(v)}
    </Badge>
  );
}

/** An 18-place amount shown with 8 decimals, the full value in a tooltip. */
export function Amount({
  value,
  suffix = 'ETH',
  testId,
  fz = 'sm',
}: {
  value: string;
  suffix?: string;
  testId?: string;
  /** Font size; the default suits tables and lists. */
  fz?: string;
}) {
  const full = formatDecimal(value, 18);
  return (
    <Tooltip label={`${full} ${suffix}`} withArrow>
      <Text span ff="monospace" fz={fz} data-testid={testId} data-full={full}>
        {formatDecimal(value, 8)}
        {suffix ? ` ${suffix}` : ''}
      </Text>
    </Tooltip>
  );
}

/** The full-screen spinner of a long request. */
export function BusyOverlay({ text }: { text: string }) {
  return (
    <Overlay fixed color="#fff" backgroundOpacity={0.85} blur={2} zIndex={300} center>
      <Stack align="center" gap="xs" role="alertdialog" aria-busy="true" aria-label={text}>
        <Loader size="lg" />
        <Text fw={700}>{text}</Text>
        <Text c="dimmed">Please don&apos;t refresh or leave the screen.</Text>
      </Stack>
    </Overlay>
  );
}

export function Pager({
  page,
  pages,
  onChange,
  label,
}: {
  page: number;
  pages: number;
  onChange: (p: number) => void;
  label: string;
}) {
  if (pages <= 1) return null;
  return (
    <Group justify="flex-end">
      <Pagination
        size="sm"
        total={pages}
        value={page + 1}
        onChange={(p) => onChange(p - 1)}
        getControlProps={(control) => ({ 'aria-label': `${label} ${control} page` })}
        getItemProps={(p) => ({ 'aria-label': `${label} page ${p}` })}
      />
    </Group>
  );
}
