// The modal of a wallet connection in progress or refused (connectionState.ts says which).
// WalletGate.tsx loads it with the 'Connect Your Wallet' screen: Mantine's Modal brings its scroll
// area, focus trap and scroll lock (with floating-ui), which a connected page does not need.
import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { ConnectionModal as ConnectionModalContent } from './connectionState.ts';
import { useT } from '../../i18n/useT.ts';

export interface ConnectionModalProps {
  modal: ConnectionModalContent | null;
  activating: boolean;
  onCancel: () => void;
  onRetry: () => void;
}

export default function ConnectionModal({ modal, activating, onCancel, onRetry }: ConnectionModalProps) {
  const { t, message } = useT();
  return (
    <Modal opened={modal !== null} onClose={onCancel} title={message(modal?.title)} centered>
      <Stack gap="md">
        <Group wrap="nowrap" gap="sm">
          {activating && <Loader size="sm" />}
          <Text>{message(modal?.text)}</Text>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          {modal?.retry && <Button onClick={onRetry}>{t('shell.wallet.retry')}</Button>}
        </Group>
      </Stack>
    </Modal>
  );
}
