// /welcome (optional :mstId): loads the customer's personal and corporate KYC records ('!' = own
// record, if any) behind a spinner and sends a customer who already has a status on (spec 002 section 2).
import { Button, Group, Text } from '@mantine/core';
import { Link, Navigate, useParams } from 'react-router';
import { useConfig } from '../../shell/config.ts';
import { KycPage, KycSpinner } from './KycShell.tsx';
import { corporateState, personState, welcomeRedirect } from './kycStatus.ts';
import { useKycRecords } from './kycApi.ts';
import { useT } from '../../i18n/useT.ts';

export function WelcomePage() {
  const { mstId } = useParams();
  const config = useConfig();
  const { t } = useT();
  const records = useKycRecords(mstId);
  if (records.isPending) return <KycSpinner />;
  const to = records.isError
    ? null
    : welcomeRedirect(personState(records.person), corporateState(records.corporate), config.prdAllowKycOnly);
  if (to) return <Navigate to={to} replace />;
  return (
    <KycPage title={t('kyc.welcome.title')}>
      <Text size="lg">{t('kyc.welcome.lead')}</Text>
      <Text c="dimmed" size="sm">
        {t('kyc.welcome.text')}
      </Text>
      <Group justify="flex-end">
        <Button component={Link} to="/user-option" size="md">
          {t('common.continue')}
        </Button>
      </Group>
    </KycPage>
  );
}
