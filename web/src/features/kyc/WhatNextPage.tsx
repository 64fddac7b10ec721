// /what-next: what happens after the KYC application, from where the customer stands (the status
// page's Back button leads here).
import { Button, Group, Stepper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useConfig } from '../../shell/config.ts';
import { KycPage, KycSpinner } from './KycShell.tsx';
import { useKycRecords } from './kycApi.ts';
import { corporateState, isFullyApproved, personState } from './kycStatus.ts';
import { useT } from '../../i18n/useT.ts';

export function WhatNextPage() {
  const config = useConfig();
  const { t } = useT();
  const records = useKycRecords();
  if (records.isPending) return <KycSpinner />;
  const person = personState(records.person);
  const corporate = corporateState(records.corporate);
  const submitted = Boolean((person ?? corporate)?.status);
  const approved = isFullyApproved(person, corporate);
  const active = approved ? 2 : submitted ? 1 : 0;
  return (
    <KycPage title={t('kyc.whatNext.title')} subtitle={t('kyc.whatNext.subtitle')}>
      <Stepper active={active} orientation="vertical" size="sm">
        <Stepper.Step label={t('kyc.whatNext.complete')} description={t('kyc.whatNext.completeHint')} />
        <Stepper.Step label={t('kyc.whatNext.review')} description={t('kyc.whatNext.reviewHint')} />
        <Stepper.Step
          label={config.prdAllowKycOnly ? t('kyc.whatNext.november') : t('kyc.whatNext.stake')}
          description={config.prdAllowKycOnly ? t('kyc.whatNext.novemberHint') : t('kyc.whatNext.stakeHint')}
        />
      </Stepper>
      <Text size="sm" c="dimmed">
        {t('kyc.whatNext.questions')}
      </Text>
      <Group justify="space-between">
        <Button component={Link} to="/kyc-status" variant="default">
          {t('kyc.whatNext.kycStatus')}
        </Button>
        {!submitted ? (
          <Button component={Link} to="/welcome">
            {t('kyc.whatNext.start')}
          </Button>
        ) : approved && !config.prdAllowKycOnly ? (
          <Button component={Link} to="/metamask-confirm">
            {t('kyc.connectWallet')}
          </Button>
        ) : null}
      </Group>
    </KycPage>
  );
}
