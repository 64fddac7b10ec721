// /withdrawConfirm (spec 001 'Confirmation pages'): the withdraw request was received, when
// /withdrawETH or /manageValidator led here after it was (ui/confirmation.tsx).
import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { NothingConfirmed, useConfirmed } from '../../ui/confirmation.tsx';
import { useT } from '../../i18n/useT.ts';

/** What the page says when no withdraw request led here (the catalogue's manage.withdraw.none). */
export const NO_WITHDRAW_TEXT =
  'No withdraw request was made from here. Your validators are listed on the dashboard.';

export function WithdrawConfirmPage() {
  const { t } = useT();
  const confirmed = useConfirmed('withdraw');
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p="xl" shadow="xs">
        <Stack align="center" gap="md">
          {confirmed ? <Received /> : <NothingConfirmed text={t('manage.withdraw.none')} />}
          <Button component={Link} to="/dashboard">
            {t('common.goToDashboard')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}

function Received() {
  const { t } = useT();
  return (
    <>
      <ThemeIcon size={56} radius="xl" color="teal" aria-hidden>
        ✓
      </ThemeIcon>
      <Title order={1} fz={24} ta="center">
        {t('manage.withdraw.received')}
      </Title>
      <Text c="dimmed" ta="center">
        {t('manage.withdraw.receivedText')}
      </Text>
    </>
  );
}
