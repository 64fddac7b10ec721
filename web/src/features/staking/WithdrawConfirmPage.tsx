// /withdrawConfirm (spec 001 'Confirmation pages'): the withdraw request was received, when
// /withdrawETH or /manageValidator led here after it was (ui/confirmation.tsx).
import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { NothingConfirmed, useConfirmed } from '../../ui/confirmation.tsx';

export const NO_WITHDRAW_TEXT =
  'No withdraw request was made from here. Your validators are listed on the dashboard.';

export function WithdrawConfirmPage() {
  const confirmed = useConfirmed('withdraw');
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p="xl" shadow="xs">
        <Stack align="center" gap="md">
          {confirmed ? <Received /> : <NothingConfirmed text={NO_WITHDRAW_TEXT} />}
          <Button component={Link} to="/dashboard">
            Go to Dashboard
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}

function Received() {
  return (
    <>
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
    </>
  );
}
