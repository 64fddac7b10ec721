// The 'Withdrawal Confirmation' modal of /withdrawETH (spec 001 'Withdraw-validators screen').
// WithdrawPage.tsx loads it just after the form shows: Mantine's Modal brings its focus trap,
// scroll lock and scroll area (with floating-ui), which the form's first paint does not need.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { withdrawConfirmText } from './validatorsRules.ts';

export interface WithdrawConfirmModalProps {
  opened: boolean;
  /** Validators to withdraw. */
  count: number;
  /** The reason as typed (shown trimmed when not empty). */
  reason: string;
  onCancel: () => void;
  onConfirm: () => void;
}

export default function WithdrawConfirmModal({
  opened,
  count,
  reason,
  onCancel,
  onConfirm,
}: WithdrawConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={<Text fw={700}>Withdrawal Confirmation</Text>} centered>
      <Stack>
        <Text data-testid="withdraw-confirm-text">{withdrawConfirmText(count)}</Text>
        {reason.trim() ? (
          <Alert variant="light" color="gray" title="Reason">
            {reason.trim()}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm}>
            Confirm
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
