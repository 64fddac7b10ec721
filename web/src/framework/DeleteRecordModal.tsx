// The confirmation asked before a master record is deleted.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useT } from '../i18n/useT.ts';

export function DeleteRecordModal({
  opened,
  onClose,
  onDelete,
}: {
  opened: boolean;
  onClose: () => void;
  onDelete: () => void;
}) {
  const { t } = useT();
  return (
    <Modal opened={opened} onClose={onClose} title={t('staff.delete.title')} centered>
      <Text>{t('staff.delete.question')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose} data-autofocus>
          {t('common.cancel')}
        </Button>
        <Button
          color="red"
          onClick={() => {
            onClose();
            onDelete();
          }}
        >
          {t('staff.delete.title')}
        </Button>
      </Group>
    </Modal>
  );
}
