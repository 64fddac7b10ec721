// /get-started-steps: the customer details intro with its three steps.
import { Button, Group, Stepper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { KycPage } from './KycShell.tsx';
import { useT } from '../../i18n/useT.ts';

export function GetStartedStepsPage() {
  const { t } = useT();
  return (
    <KycPage title={t('kyc.steps.title')} subtitle={t('kyc.steps.subtitle')}>
      <Stepper active={-1} orientation="vertical" size="sm">
        <Stepper.Step label={t('kyc.steps.personal')} description={t('kyc.steps.personalHint')} />
        <Stepper.Step label={t('kyc.steps.documents')} description={t('kyc.steps.documentsHint')} />
        <Stepper.Step label={t('kyc.steps.disclosures')} description={t('kyc.steps.disclosuresHint')} />
      </Stepper>
      <Text size="sm" c="dimmed">
        {t('kyc.steps.keepId')}
      </Text>
      <Group justify="flex-end">
        <Button component={Link} to="/personal-detail" size="md">
          {t('common.continue')}
        </Button>
      </Group>
    </KycPage>
  );
}
