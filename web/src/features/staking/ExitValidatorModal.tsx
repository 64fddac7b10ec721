// The confirmation asked before the selected validator's exit is signed and sent (the signed
// voluntary exit; the other road, a request from the wallet, is WalletExitModal).
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useT } from '../../i18n/useT.ts';
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
  const { t } = useT();
  const key = row ? shortKey(String(row.PubKey5)) : '';
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={<Text fw={700}>{t('manage.exitValidator')}</Text>}
      centered
    >
      <Stack>
        <Text>
          {row?.ValidatorIndex5 !== undefined && row?.ValidatorIndex5 !== null
            ? t('manage.exit.questionIndex', { key, index: String(row.ValidatorIndex5) })
            : t('manage.exit.question', { key })}
        </Text>
        <Text fz="sm" c="dimmed">
          {t('manage.exit.walletRoad')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm}>
            {t('common.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
