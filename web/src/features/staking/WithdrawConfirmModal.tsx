// The 'Withdrawal Confirmation' modal of /withdrawETH (spec 001 'Withdraw-validators screen').
// WithdrawPage.tsx loads it just after the form shows: Mantine's Modal brings its focus trap,
// scroll lock and scroll area (with floating-ui), which the form's first paint does not need.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useT } from '../../i18n/useT.ts';
import { amountText } from './manageTexts.ts';
import { ETH_PER_VALIDATOR } from './validatorsRules.ts';

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
  const { t, lang } = useT();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={<Text fw={700}>{t('manage.withdraw.confirmTitle')}</Text>}
      centered
    >
      <Stack>
        <Text data-testid="withdraw-confirm-text">
          {t('manage.withdraw.confirmText', { count, eth: amountText(lang, count * ETH_PER_VALIDATOR) })}
        </Text>
        {reason.trim() ? (
          <Alert variant="light" color="gray" title={t('manage.withdraw.reasonTitle')}>
            {reason.trim()}
          </Alert>
        ) : null}
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
