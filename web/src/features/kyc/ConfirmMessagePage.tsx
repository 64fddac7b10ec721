// /confirm-message: shown after a support request was sent.
import { Button, Flex, Group, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';
import { KycPage } from './KycShell.tsx';
import { useT } from '../../i18n/useT.ts';

export function ConfirmMessagePage() {
  const { t } = useT();
  return (
    <KycPage title={t('kyc.messageSent.title')}>
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon color="teal" size={36} radius="xl" aria-hidden>
          ✓
        </ThemeIcon>
        <Text>{t('kyc.messageSent.text')}</Text>
      </Group>
      {/* Side by side; on a phone one above the other at full width rather than a ragged wrap. */}
      <Flex direction={{ base: 'column', xs: 'row' }} justify="space-between" gap="sm">
        <Button component={Link} to="/customer-support" variant="default">
          {t('kyc.messageSent.another')}
        </Button>
        <Button component={Link} to="/dashboard">
          {t('common.goToDashboard')}
        </Button>
      </Flex>
    </KycPage>
  );
}
