// Small pieces the rewards pool, redeem and risky caches screens share: the page shell, a labelled
// figure, the refusal by a form, and the notice shown while no wallet can sign.
import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LendingLayout } from '../LendingLayout.tsx';
import { useT } from '../../../i18n/useT.ts';

/** The lending shell (navigation, protocol store) around a pool page. */
export function PoolShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <LendingLayout title={title}>
      <Stack gap="md">{children}</Stack>
    </LendingLayout>
  );
}

export function Figure({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  testId?: string;
}) {
  return (
    <div data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} fz="lg" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </div>
  );
}

export function Figures({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm">
      {children}
    </SimpleGrid>
  );
}

export function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} fz={{ base: 17, sm: 19 }}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** A refusal of refusals.ts or the chain: English rule texts shown in the reader's language. */
export function Refusal({ text }: { text: string | undefined }) {
  const { message } = useT();
  if (!text) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid="refusal">
      {message(text)}
    </Alert>
  );
}

/** `what`: the message lending.needsSigner.<what>. */
export function NeedsSigner({
  what,
}: {
  what: 'deposit' | 'redeem' | 'liquidate' | 'depositValidators' | 'queueFeth';
}) {
  const { t } = useT();
  return (
    <Alert color="yellow" variant="light">
      {t(`lending.needsSigner.${what}`)}
    </Alert>
  );
}
