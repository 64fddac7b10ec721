// /withdrawConfirm (spec 001 'Confirmation pages'): the withdraw request was received.
import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';

export function WithdrawConfirmPage() {
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p="xl" shadow="xs">
        <Stack align="center" gap="md">
          <ThemeIcon size={56} radius="xl" color="teal" aria-hidden>
            ✓
          </ThemeIcon>
          <Title order={1} fz={24} ta="center">
            Your withdraw request is received
          </Title>
          <Text c="dimmed" ta="center">
            The exit is on its way to the beacon chain; the ETH reaches your withdrawal address after the
            withdrawal queue (2 to 5 days).
          </Text>
          <Button component={Link} to="/dashboard">
            Go to Dashboard
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
