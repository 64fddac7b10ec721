// The confirmation asked before a master record is deleted.
import { Button, Group, Modal, Text } from '@mantine/core';

export function DeleteRecordModal({
  opened,
  onClose,
  onDelete,
}: {
  opened: boolean;
  onClose: () => void;
  onDelete: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Delete" centered>
      <Text>Are you sure you want to delete this record?</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button
          color="red"
          onClick={() => {
            onClose();
            onDelete();
          }}
        >
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
