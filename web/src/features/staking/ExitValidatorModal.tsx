// The confirmation asked before the selected validator's exit is signed and sent (the signed
// voluntary exit; the other road, a request from the wallet, is WalletExitModal).
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { validatorRequestMessages } from '@payd/schemas';
import { shortKey, type ValidatorRow } from './validatorsRules.ts';

export function ExitValidatorModal({
  opened,
  validator: row,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  validator: ValidatorRow | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={<Text fw={700}>Exit Validator</Text>} centered>
      <Stack>
        <Text>
          Exit validator {row ? shortKey(String(row.PubKey5)) : ''}
          {row?.ValidatorIndex5 !== undefined && row?.ValidatorIndex5 !== null
            ? ` (index ${String(row.ValidatorIndex5)})`
            : ''}
          ? Its exit is signed and sent to the beacon chain; this cannot be undone. The 32 ETH reach your
          withdrawal address after the withdrawal queue (2 to 5 days).
        </Text>
        <Text fz="sm" c="dimmed">
          {validatorRequestMessages.walletExitRoad} Choose Exit from the wallet for that.
        </Text>
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
