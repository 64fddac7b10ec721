// The confirmation before queued FETH is taken out of the swap queue (YourFethCard). Mantine's Modal
// brings its focus trap, scroll lock and ScrollArea (about 10 kB gzipped) that /liquidStaking does
// not show until Cancel is pressed, so the card loads this module then.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useT } from '../../../i18n/useT.ts';

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
  const { t } = useT();
  return (
    <Modal
      opened={opened}
      onClose={onKeep}
      title={<Text fw={700}>{t('lending.liquid.cancelTitle')}</Text>}
      centered
    >
      <Stack>
        <Text>{t('lending.liquid.cancelText', { amount: unfilled })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onKeep}>
            {t('lending.liquid.keep')}
          </Button>
          <Button color="red" onClick={onCancel}>
            {t('lending.liquid.cancelSwap')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
