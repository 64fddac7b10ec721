// /StmtDownloadConfirm (spec 001 'Confirmation pages'): the statement was downloaded, when a
// statement list led here after opening it (ui/confirmation.tsx); the button goes back in the
// history, to the list it came from.
import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { StatementMessages } from '@payd/schemas';
import { NothingConfirmed, useConfirmed } from '../../../ui/confirmation.tsx';
import { useT } from '../../../i18n/useT.ts';

export const NO_DOWNLOAD_TEXT = 'No statement was downloaded from here. Choose one from a statement list.';

export function StmtDownloadConfirmPage() {
  const navigate = useNavigate();
  const { message } = useT();
  const confirmed = useConfirmed('statementDownload');
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p="xl" shadow="xs">
        <Stack align="center" gap="md">
          {confirmed ? <Downloaded /> : <NothingConfirmed text={message(NO_DOWNLOAD_TEXT)} />}
          <Button onClick={() => void navigate(-1)}>{message(StatementMessages.goBack)}</Button>
        </Stack>
      </Paper>
    </Container>
  );
}

function Downloaded() {
  const { t, message } = useT();
  return (
    <>
      <ThemeIcon size={56} radius="xl" color="teal" aria-hidden>
        ✓
      </ThemeIcon>
      <Title order={1} fz={24} ta="center">
        {message(StatementMessages.downloaded)}
      </Title>
      <Text c="dimmed" ta="center">
        {t('statements.opened')}
      </Text>
    </>
  );
}
