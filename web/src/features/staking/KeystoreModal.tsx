// 'Download keystore' of a validator's key actions (issue 17): after a fresh confirmation of who
// the person is, its EIP-2335 keystore (GetKeystore) encrypted with a password the person chooses
// and confirms. ValidatorKeyActions.tsx loads it just after the actions show.
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Eth2Wallet, KEYSTORE_PASSWORD_MIN_LENGTH, keystorePasswordForm } from '@payd/schemas';
import { isApiError } from '../../api/errors.ts';
import { useApi } from '../../shell/session/session.tsx';
import { isReauthRequired, PendingIdentityAlert, useConfirmIdentity } from '../accounts/index.ts';
import { notify } from '../../notifications/notify.ts';
import { saveJson } from './saveJson.ts';
import { shortKey, type ValidatorRow } from './validatorsRules.ts';

/** The keystore's password form and GetKeystore; a stale sign-in is confirmed, then retried. */
function useKeystoreDownload({
  validator,
  walletAddress,
  onClose,
  identity,
}: {
  validator: ValidatorRow;
  walletAddress: string | undefined;
  onClose: () => void;
  identity: ReturnType<typeof useConfirmIdentity>;
}) {
  const api = useApi();
  const pubkey = String(validator.PubKey5 ?? '');
  const form = useForm({
    mode: 'controlled',
    initialValues: { KeystorePassword: '', ConfirmKeystorePassword: '' },
    validate: schemaResolver(keystorePasswordForm, { sync: true }),
    validateInputOnBlur: true,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const make = useMutation({
    meta: { silent: true },
    mutationFn: async (v: typeof form.values) =>
      (
        await api.call(Eth2Wallet.GetKeystore, {
          walletAddress: walletAddress ?? '',
          pubkey,
          KeystorePassword: v.KeystorePassword,
          ConfirmKeystorePassword: v.ConfirmKeystorePassword,
        })
      ).data,
    onSuccess: (r) => {
      saveJson(r.Keystore, r.FileName);
      notify({
        msgType: 'S',
        message: `Keystore saved as ${r.FileName}. Keep its password: your validator client asks for it on import.`,
      });
      form.reset();
      setFailure(null);
      onClose();
    },
    onError: (e, v) => {
      if (isReauthRequired(e)) return identity.ask(e.message, () => make.mutate(v));
      if (isApiError(e) && e.validationErrors.length) {
        for (const x of e.validationErrors)
          if (x.field === 'KeystorePassword' || x.field === 'ConfirmKeystorePassword')
            form.setFieldError(x.field, x.message);
      }
      setFailure((e as Error).message);
    },
  });
  const close = () => {
    form.reset();
    setFailure(null);
    onClose();
  };
  return { pubkey, form, make, failure, close };
}

export default function KeystoreModal({
  opened,
  onClose,
  validator,
  walletAddress,
}: {
  opened: boolean;
  onClose: () => void;
  validator: ValidatorRow;
  walletAddress: string | undefined;
}) {
  const identity = useConfirmIdentity();
  const { pubkey, form, make, failure, close } = useKeystoreDownload({
    validator,
    walletAddress,
    onClose,
    identity,
  });
  return (
    <>
      <Modal
        opened={opened && !identity.open}
        onClose={close}
        title={<Text fw={700}>Download keystore</Text>}
        centered
        data-testid="keystore-modal"
      >
        <form onSubmit={form.onSubmit((v) => make.mutate(v))} noValidate>
          <Stack gap="md">
            <Text fz="sm">
              The signing key of validator{' '}
              <Text span ff="monospace" fz="sm">
                {shortKey(pubkey)}
              </Text>{' '}
              as an EIP-2335 keystore, which any validator client imports. Choose a password of at least{' '}
              {KEYSTORE_PASSWORD_MIN_LENGTH} characters to encrypt it: the client asks for it on import, and
              payd does not keep it.
            </Text>
            <Alert color="orange" variant="light">
              Never run a validator key in two places at once: the validator would be slashed (penalised and
              forced out).
            </Alert>
            <KeystoreNotices failure={make.isPending ? null : failure} identity={identity} />
            <PasswordInput
              label="Keystore password"
              autoComplete="new-password"
              data-autofocus
              {...form.getInputProps('KeystorePassword')}
              data-testid="keystore-password"
            />
            <PasswordInput
              label="Confirm the keystore password"
              autoComplete="new-password"
              {...form.getInputProps('ConfirmKeystorePassword')}
              data-testid="keystore-password-confirm"
            />
            <Text fz="xs" c="dimmed">
              Encrypting takes a few seconds (PBKDF2, 262,144 rounds).
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={make.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={make.isPending} data-testid="keystore-download">
                Download keystore
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      {identity.modal}
    </>
  );
}

/** Why the last download failed (while no confirmation is pending), or the pending confirmation. */
function KeystoreNotices({
  failure,
  identity,
}: {
  failure: string | null;
  identity: { pending: string | null; reopen: () => void };
}) {
  return (
    <>
      {failure && !identity.pending ? (
        <Alert color="red" variant="light" data-testid="keystore-error">
          {failure}
        </Alert>
      ) : null}
      <PendingIdentityAlert identity={identity} testId="keystore-reauth" />
    </>
  );
}
