// /kyc-status (also /kyc-Status, optional :mstId): the customer's KYC status with its checklist.
import { Alert, Anchor, Button, Group, List, Text, ThemeIcon } from '@mantine/core';
import { Link, Navigate, useParams } from 'react-router';
import { useConfig } from '../../shell/config.ts';
import { KycPage, KycSpinner } from './KycShell.tsx';
import { corporateState, kycStatusView, personState, type StatusTone } from './kycStatus.ts';
import { useKycRecords } from './kycApi.ts';
import { useT } from '../../i18n/useT.ts';

const toneColor: Record<StatusTone, string> = {
  waiting: 'blue',
  problem: 'orange',
  declined: 'red',
  approved: 'teal',
  pending: 'yellow',
};

export function KycStatusPage() {
  const { mstId } = useParams();
  const config = useConfig();
  const { t, message } = useT();
  const records = useKycRecords(mstId);
  if (records.isPending) return <KycSpinner />;
  if (records.isError) return <KycPage title={t('kyc.status.title')}>{t('kyc.status.notLoaded')}</KycPage>;
  const view = kycStatusView(
    personState(records.person),
    corporateState(records.corporate),
    config.prdAllowKycOnly,
  );
  if (view.kind === 'redirect') return <Navigate to={view.to} replace />;
  const color = toneColor[view.tone];
  return (
    <KycPage title={t('kyc.status.application')}>
      <Alert color={color} variant="light" title={message(view.title)} data-testid="kyc-status">
        {view.messages.map((m) => (
          <Text key={m} size="sm">
            {message(m)}
          </Text>
        ))}
        {view.reason ? (
          <Text size="sm" fw={600} mt={6} data-testid="kyc-reason">
            {view.reason}
          </Text>
        ) : null}
      </Alert>
      {view.checklist.length > 0 ? (
        <div>
          <Text fw={600} mb="xs">
            {t('kyc.status.yourApplication')}
          </Text>
          <List spacing="xs" center>
            {view.checklist.map((c) => (
              <List.Item
                key={c.label}
                icon={
                  <ThemeIcon color={c.done ? 'teal' : 'red'} size={22} radius="xl" aria-hidden>
                    {c.done ? '✓' : '!'}
                  </ThemeIcon>
                }
              >
                {c.done ? (
                  <Text c="teal.9" span>
                    {message(c.label)}
                  </Text>
                ) : (
                  <Anchor component={Link} to={c.to} c="red.9">
                    {message(c.label)}
                  </Anchor>
                )}
              </List.Item>
            ))}
          </List>
        </div>
      ) : null}
      <Group justify="space-between">
        <Button component={Link} to="/what-next" variant="default">
          {t('common.back')}
        </Button>
        <Group gap="sm">
          {view.docAction ? (
            <Button component={Link} to={view.docAction.to} variant="light">
              {message(view.docAction.label)}
            </Button>
          ) : null}
          {view.action ? (
            <Button component={Link} to={view.action.to}>
              {message(view.action.label)}
            </Button>
          ) : null}
          {view.dashboard ? (
            <Button component={Link} to="/dashboard">
              {t('common.goToDashboard')}
            </Button>
          ) : null}
        </Group>
      </Group>
    </KycPage>
  );
}
