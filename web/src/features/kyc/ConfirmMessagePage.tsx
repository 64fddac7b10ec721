// /confirm-message: shown after a support request was sent.
import { Button, Flex, Group, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';
import { KycPage } from './KycShell.tsx';

export function ConfirmMessagePage() {
  return (
    <KycPage title="Message Sent">
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon color="teal" size={36} radius="xl" aria-hidden>
          ✓
        </ThemeIcon>
        <Text>Thank you. Your request has reached our support team; we will reply to you by e-mail.</Text>
      </Group>
      {/* Side by side; on a phone one above the other at full width rather than a ragged wrap. */}
      <Flex direction={{ base: 'column', xs: 'row' }} justify="space-between" gap="sm">
        <Button component={Link} to="/customer-support" variant="default">
          Send Another Request
        </Button>
        <Button component={Link} to="/dashboard">
          Go to Dashboard
        </Button>
      </Flex>
    </KycPage>
  );
}
