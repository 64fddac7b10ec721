// /StmtDownloadConfirm (spec 001 'Confirmation pages'): the statement was downloaded; the button
// goes back in the history, to the list it came from.
import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { StatementMessages } from '@payd/schemas';

export function StmtDownloadConfirmPage() {
  const navigate = useNavigate();
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p="xl" shadow="xs">
        <Stack align="center" gap="md">
          <ThemeIcon size={56} radius="xl" color="teal" aria-hidden>
            ✓
          </ThemeIcon>
          <Title order={1} fz={24} ta="center">
            {StatementMessages.downloaded}
          </Title>
          <Text c="dimmed" ta="center">
            The statement opened in a new window. The link works for a few minutes; download it again from the
            list at any time.
          </Text>
          <Button onClick={() => void navigate(-1)}>{StatementMessages.goBack}</Button>
        </Stack>
      </Paper>
    </Container>
  );
}
