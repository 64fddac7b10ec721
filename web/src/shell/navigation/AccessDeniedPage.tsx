import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { authMessages } from '@payd/schemas';
import { Link } from 'react-router';

export function AccessDeniedPage() {
  return (
    <Center mih="70vh" p="md">
      <Paper withBorder p="xl" maw={480} w="100%">
        <Stack align="center" gap="sm">
          <ThemeIcon color="red" size={48} radius="xl" variant="light" aria-hidden>
            !
          </ThemeIcon>
          <Title order={2}>{authMessages.accessDenied}</Title>
          <Text c="dimmed" ta="center">
            You do not have permission to open this page.
          </Text>
          <Button component={Link} to="/" mt="sm">
            Go to start page
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
