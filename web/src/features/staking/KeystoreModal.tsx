// 'Download keystore' of a validator's key actions (issue 17): after a fresh confirmation of who
// the person is, its EIP-2335 keystore (GetKeystore) encrypted with a password the person chooses
// and confirms. ValidatorKeyActions.tsx loads it just after the actions show.
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { formatNumber } from '@payd/i18n';
import { Eth2Wallet, KEYSTORE_PASSWORD_MIN_LENGTH, keystorePasswordForm } from '@payd/schemas';
import { isApiError } from '../../api/errors.ts';
import { useApi } from '../../shell/session/session.tsx';
import { isReauthRequired, PendingIdentityAlert, useConfirmIdentity } from '../accounts/index.ts';
import { notify } from '../../notifications/notify.ts';
import { saveJson } from './saveJson.ts';
import { Tagged } from '../../i18n/Tagged.tsx';
import { useT } from '../../i18n/useT.ts';
import { shortKey, type ValidatorRow } from './validatorsRules.ts';

/** The rounds of the keystore's key derivation (EIP-2335's PBKDF2, as the server encrypts). */
const PBKDF2_ROUNDS = 262_144;

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
  const { t } = useT();
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
        message: t('manage.keystore.saved', { file: r.FileName }),
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
  const { t, message, field, lang } = useT();
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
        title={<Text fw={700}>{t('manage.keystore.title')}</Text>}
        centered
        data-testid="keystore-modal"
      >
        <form onSubmit={form.onSubmit((v) => make.mutate(v))} noValidate>
          <Stack gap="md">
            <Text fz="sm">
              <Tagged
                id="manage.keystore.intro"
                values={{ key: shortKey(pubkey), min: KEYSTORE_PASSWORD_MIN_LENGTH }}
                tags={{
                  key: (text) => (
                    <Text span ff="monospace" fz="sm">
                      {text}
                    </Text>
                  ),
                }}
              />
            </Text>
            <Alert color="orange" variant="light">
              {t('manage.keystore.slashing')}
            </Alert>
            <KeystoreNotices
              failure={make.isPending ? null : failure && String(message(failure))}
              identity={identity}
            />
            <PasswordInput
              label={t('manage.keystore.password')}
              autoComplete="new-password"
              data-autofocus
              {...field(form.getInputProps('KeystorePassword'))}
              data-testid="keystore-password"
            />
            <PasswordInput
              label={t('manage.keystore.confirm')}
              autoComplete="new-password"
              {...field(form.getInputProps('ConfirmKeystorePassword'))}
              data-testid="keystore-password-confirm"
            />
            <Text fz="xs" c="dimmed">
              {t('manage.keystore.slow', { rounds: formatNumber(lang, PBKDF2_ROUNDS) })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={make.isPending}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={make.isPending} data-testid="keystore-download">
                {t('manage.keystore.title')}
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
