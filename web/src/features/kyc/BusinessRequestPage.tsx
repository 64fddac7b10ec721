// /business-request: a business customer asks for a business account. 'Confirm Request' mails the
// company team (KycPersonWs SendBusinessAccountRequestEmail with the login name); success opens the
// modal 'Business Account Request Email Sent' (spec 002 section 2).
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../shell/session/session.tsx';
import { KycPage } from './KycShell.tsx';
import { sendBusinessRequest } from './kycApi.ts';
import { useT } from '../../i18n/useT.ts';

export const businessRequestTexts = {
  modalTitle: 'Business Account Request Email Sent',
  modalMessage:
    'A notification e-mail has been sent to our company team. A representative will reply to you within 24 hours.',
} as const;

export function BusinessRequestPage() {
  const { api, user } = useSession();
  const email = user?.UsrName ?? '';
  const [opened, setOpened] = useState(false);
  const { t, message } = useT();
  const request = useMutation({
    mutationFn: () => sendBusinessRequest(api, email),
    onSuccess: (ok) => setOpened(ok),
  });
  return (
    <KycPage title={t('kycBiz.request.title')} subtitle={t('kycBiz.request.subtitle')}>
      <Text>{t('kycBiz.request.text')}</Text>
      <TextInput label={t('kycBiz.request.contactEmail')} value={email} readOnly disabled />
      {request.isSuccess && request.data ? (
        <Alert color="teal" variant="light" title={t('kycBiz.request.sent')}>
          {message(businessRequestTexts.modalMessage)}
        </Alert>
      ) : null}
      <Group justify="space-between">
        <Button component={Link} to="/user-option" variant="default">
          {t('common.back')}
        </Button>
        <Button
          onClick={() => request.mutate()}
          loading={request.isPending}
          disabled={request.isSuccess && request.data}
        >
          {t('kycBiz.request.confirm')}
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={message(businessRequestTexts.modalTitle)}
        centered
      >
        <Stack>
          <Text>{message(businessRequestTexts.modalMessage)}</Text>
          <Group justify="flex-end">
            <Button onClick={() => setOpened(false)} data-autofocus>
              {t('kycBiz.request.ok')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </KycPage>
  );
}
