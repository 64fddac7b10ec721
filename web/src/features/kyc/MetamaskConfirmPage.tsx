// /metamask-confirm: the step after KYC approval (spec 002 sections 2 and 4): connect the Ethereum
// wallet to use with payd. Only a fully approved customer outside KYC-only mode stays here.
import { Button, Group, List, Text } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { useConfig } from '../../shell/config.ts';
import { KycPage, KycSpinner } from './KycShell.tsx';
import { useKycRecords } from './kycApi.ts';
import { corporateState, metamaskConfirmRedirect, personState } from './kycStatus.ts';
import { useT } from '../../i18n/useT.ts';

export function MetamaskConfirmPage() {
  const config = useConfig();
  const { t } = useT();
  const records = useKycRecords();
  if (records.isPending) return <KycSpinner />;
  const to = records.isError
    ? '/kyc-Status'
    : metamaskConfirmRedirect(
        personState(records.person),
        corporateState(records.corporate),
        config.prdAllowKycOnly,
      );
  if (to) return <Navigate to={to} replace />;
  return (
    <KycPage title={t('kyc.connect.title')} subtitle={t('kyc.status.approvedTitle')}>
      <Text>{t('kyc.connect.text')}</Text>
      <List spacing="xs" size="sm">
        <List.Item>{t('kyc.connect.keys')}</List.Item>
        <List.Item>{t('kyc.connect.first')}</List.Item>
        <List.Item>{t('kyc.connect.approve')}</List.Item>
      </List>
      <Group justify="space-between">
        <Button component={Link} to="/kyc-status" variant="default">
          {t('kyc.whatNext.kycStatus')}
        </Button>
        <Button component={Link} to="/accountStatus">
          {t('kyc.connectWallet')}
        </Button>
      </Group>
    </KycPage>
  );
}
