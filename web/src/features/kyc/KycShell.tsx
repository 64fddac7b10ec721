// Shared layout of the customer KYC pages: a centered card with the step title and a spinner, the
// section headings and the record alerts (the KYC check of protected routes: KycDeclinedCheck.tsx).
import {
  Alert,
  Anchor,
  Center,
  Container,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { KycRow } from './kycApi.ts';
import { isLocked, kycTexts } from './kycStatus.ts';
import { useT } from '../../i18n/useT.ts';

export function KycPage({
  title,
  subtitle,
  children,
  size = 'sm',
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Container size={size} py="xl" px={{ base: 0, xs: 'md' }}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} shadow="xs">
        <Stack gap="lg">
          <div>
            <Title order={1} fz={26}>
              {title}
            </Title>
            {subtitle ? (
              <Text c="dimmed" mt={6}>
                {subtitle}
              </Text>
            ) : null}
          </div>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

/** A titled group of fields in two columns (one on a phone), as on the personal and business detail pages. */
export function KycSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={2} fz="md" c="dimmed" tt="uppercase" lts={0.5}>
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * Above the personal-details and documents forms: why a locked record can no longer change (with a
 * link to the KYC status page), and our reviewer's reason when the record was sent back (P2).
 */
export function KycRecordAlerts({
  row,
  lockedTitle,
  lockedText,
}: {
  row: KycRow;
  lockedTitle: string;
  lockedText: string;
}) {
  const { t, message } = useT();
  const status = String(row.InternalStatus15 ?? '');
  return (
    <>
      {isLocked(status) ? (
        <Alert color="blue" variant="light" title={lockedTitle}>
          {t('kyc.locked', { status: String(row.InternalStatus15Text ?? status), lockedText })}{' '}
          <Anchor component={Link} to="/kyc-status">
            {t('kyc.seeStatus')}
          </Anchor>
        </Alert>
      ) : null}
      {status === 'P2' && row.Reason15 ? (
        <Alert color="orange" variant="light" title={message(kycTexts.problemPersonal)}>
          {String(row.Reason15)}
        </Alert>
      ) : null}
    </>
  );
}

export function KycSpinner() {
  const { t } = useT();
  return (
    <Center py={80} aria-busy="true">
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}
