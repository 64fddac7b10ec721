import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { authMessages } from '@payd/schemas';
import { Link } from 'react-router';
import { useT } from '../../i18n/useT.ts';

export function AccessDeniedPage() {
  const { t, message } = useT();
  return (
    <Center mih="70vh" p="md">
      <Paper withBorder p="xl" maw={480} w="100%">
        <Stack align="center" gap="sm">
          <ThemeIcon color="red" size={48} radius="xl" variant="light" aria-hidden>
            !
          </ThemeIcon>
          <Title order={2}>{message(authMessages.accessDenied)}</Title>
          <Text c="dimmed" ta="center">
            {t('shell.accessDenied.text')}
          </Text>
          <Button component={Link} to="/" mt="sm">
            {t('shell.goToStart')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
