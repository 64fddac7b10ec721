// Taking the keys away (issue 17), per validator: copy its full public key, download its deposit
// data (`deposit_data-<unix time>.json`, the file the Ethereum Launchpad accepts: GetDepositData),
// and, after a fresh confirmation of who the person is, its EIP-2335 keystore
// (`keystore-m_12381_3600_<i>_0_0-<unix time>.json`, GetKeystore) encrypted with a password the
// person chooses and confirms, importable by any validator client. Used by the dashboard's
// validators list and by /manageValidator.
import {
  Alert,
  Button,
  CopyButton,
  Group,
  Menu,
  Modal,
  PasswordInput,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useConnection } from 'wagmi';
import {
  KEYSTORE_PASSWORD_MIN_LENGTH,
  keystorePasswordForm,
  type GetDepositDataReply,
  type GetKeystoreReply,
} from '@payd/schemas';
import { isApiError } from '../../api/errors.ts';
import { useApi } from '../../auth/session.tsx';
import { PendingIdentityAlert, useConfirmIdentity } from '../../auth/ConfirmIdentityModal.tsx';
import { isReauthRequired } from '../../auth/reauth.ts';
import { downloadBytes } from '../../framework/download.ts';
import { notify } from '../../notifications/notify.ts';
import { ETH2_WALLET } from './dashboardApi.ts';
import { shortKey, type ValidatorRow } from './validatorsRules.ts';

const saveJson = (value: unknown, fileName: string) =>
  downloadBytes(new TextEncoder().encode(JSON.stringify(value)), fileName, 'application/json');

/** The copy button of a full public key: 'Copied' for a moment after a click. */
export function CopyPublicKey({ pubkey, size = 'compact-xs' }: { pubkey: string; size?: string }) {
  return (
    <CopyButton value={pubkey} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : pubkey} withArrow multiline maw={420}>
          <Button
            size={size}
            variant={copied ? 'filled' : 'light'}
            color={copied ? 'teal' : 'blue'}
            onClick={copy}
            aria-label={`Copy public key ${shortKey(pubkey)}`}
            data-testid="copy-pubkey"
          >
            {copied ? 'Copied' : 'Copy key'}
          </Button>
        </Tooltip>
      )}
    </CopyButton>
  );
}

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
        await api.call<GetKeystoreReply>(ETH2_WALLET, 'GetKeystore', {
          walletAddress,
          pubkey,
          KeystorePassword: v.KeystorePassword,
          ConfirmKeystorePassword: v.ConfirmKeystorePassword,
        })
      ).data!,
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

function KeystoreModal({
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

/**
 * The key actions of one validator. `layout="buttons"`: three buttons (the manage page);
 * `layout="menu"`: the copy button and a 'Keys' menu (a row of the dashboard's list).
 */
export function ValidatorKeyActions({
  validator,
  layout = 'menu',
}: {
  validator: ValidatorRow;
  layout?: 'menu' | 'buttons';
}) {
  const { address } = useConnection();
  const api = useApi();
  const [keystoreOpen, setKeystoreOpen] = useState(false);
  const pubkey = String(validator.PubKey5 ?? '');
  const depositData = useMutation({
    mutationFn: async () =>
      (await api.call<GetDepositDataReply>(ETH2_WALLET, 'GetDepositData', { walletAddress: address, pubkey }))
        .data!,
    onSuccess: (r) => saveJson(r.DepositData, r.FileName),
  });
  if (!pubkey) return null;
  const size = layout === 'buttons' ? 'xs' : 'compact-xs';
  return (
    <Group
      gap={6}
      wrap={layout === 'buttons' ? 'wrap' : 'nowrap'}
      data-testid="validator-key-actions"
      data-pubkey={pubkey}
    >
      {layout === 'buttons' ? (
        <Text fz="sm" fw={600}>
          This validator&apos;s keys:
        </Text>
      ) : null}
      <CopyPublicKey pubkey={pubkey} size={size} />
      {layout === 'buttons' ? (
        <>
          <Button
            size={size}
            variant="light"
            onClick={() => depositData.mutate()}
            loading={depositData.isPending}
            data-testid="download-deposit-data"
          >
            Deposit data
          </Button>
          <Button
            size={size}
            variant="light"
            onClick={() => setKeystoreOpen(true)}
            data-testid="open-keystore"
          >
            Keystore…
          </Button>
        </>
      ) : (
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <Button
              size={size}
              variant="light"
              loading={depositData.isPending}
              aria-label={`Keys of validator ${shortKey(pubkey)}`}
              data-testid="validator-keys-menu"
            >
              Keys
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => depositData.mutate()} data-testid="download-deposit-data">
              Download deposit data
            </Menu.Item>
            <Menu.Item onClick={() => setKeystoreOpen(true)} data-testid="open-keystore">
              Download keystore…
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
      <KeystoreModal
        opened={keystoreOpen}
        onClose={() => setKeystoreOpen(false)}
        validator={validator}
        walletAddress={address}
      />
    </Group>
  );
}
