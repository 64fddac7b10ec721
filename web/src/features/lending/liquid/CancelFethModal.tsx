// The confirmation before queued FETH is taken out of the swap queue (YourFethCard). Mantine's Modal
// brings its focus trap, scroll lock and ScrollArea (about 10 kB gzipped) that /liquidStaking does
// not show until Cancel is pressed, so the card loads this module then.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export default function CancelFethModal({
  opened,
  unfilled,
  onKeep,
  onCancel,
}: {
  opened: boolean;
  /** The unfilled FETH, as shown ('1.2500'). */
  unfilled: string;
  onKeep: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onKeep} title={<Text fw={700}>Cancel your queued FETH?</Text>} centered>
      <Stack>
        <Text>
          The {unfilled} FETH not yet filled leave the queue and return to your wallet, and you lose your
          place in line. ETH already filled stays yours to claim.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onKeep}>
            Keep it queued
          </Button>
          <Button color="red" onClick={onCancel}>
            Cancel the swap
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
