// The signed-in person's passkeys on the security page (issue 17): each with its name, when it was
// added and last used, renamed in place and removed after a confirmation. Renaming and removing,
// like registering, need a sign-in within the last 5 minutes: the server answers
// `reauth_required`, the page asks 'Confirm it's you' (ConfirmIdentityModal) and goes on.
import { Alert, Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PASSKEY_NAME_MAX_LENGTH, passkeyNameProblem, type PasskeyInfo, Auth } from '@payd/schemas';
import { isApiError } from '../../api/errors.ts';
import { isReauthRequired } from './reauth.ts';
import { useFieldForm } from './useFieldForm.ts';
import { useSession } from '../../shell/session/session.tsx';
import { notify, notifyFailure } from '../../notifications/notify.ts';
import { passkeyDates } from './passkeyDates.ts';
import { Tagged } from '../../i18n/Tagged.tsx';
import { useT } from '../../i18n/useT.ts';

export const PASSKEYS_QUERY_KEY = ['auth', 'GetPasskeys'] as const;

type Ask = (message: string, retry: () => void) => void;

/** The passkeys' query: the page refreshes it after registering one. */
export function usePasskeys() {
  const { api } = useSession();
  return useQuery({
    queryKey: PASSKEYS_QUERY_KEY,
    queryFn: async () => (await api.call(Auth.GetPasskeys, {})).data.passkeys,
  });
}

function RenameForm({ passkey, ask, onDone }: { passkey: PasskeyInfo; ask: Ask; onDone: () => void }) {
  const { t, field } = useT();
  const { api, refreshUser } = useSession();
  const queryClient = useQueryClient();
  const form = useFieldForm({
    initialValues: { name: passkey.name },
    validate: (v) => ({ name: passkeyNameProblem(v.name) }),
  });
  const rename = useMutation({
    meta: { silent: true },
    mutationFn: (name: string) => api.call(Auth.RenamePasskey, { credentialId: passkey.credentialId, name }),
    onSuccess: async (r) => {
      if (r.message) notify({ msgType: 'S', message: r.message });
      await queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY });
      await refreshUser();
      onDone();
    },
    onError: (e, name) => {
      if (isReauthRequired(e)) return ask(e.message, () => rename.mutate(name));
      const field = isApiError(e) ? e.validationErrors.find((v) => v.field === 'name') : undefined;
      if (field) form.setFieldError('name', field.message);
      else notifyFailure(e);
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit((v) => rename.mutate(v.name))}>
      <Group align="flex-start" gap="xs" wrap="wrap">
        <TextInput
          aria-label={t('account.passkey.nameLabel')}
          data-testid="passkey-name-input"
          maxLength={PASSKEY_NAME_MAX_LENGTH}
          data-autofocus
          autoFocus
          style={{ flex: '1 1 12rem' }}
          {...field(form.getInputProps('name'))}
        />
        <Group gap="xs">
          <Button type="submit" size="sm" loading={rename.isPending}>
            {t('account.save')}
          </Button>
          <Button variant="default" size="sm" onClick={onDone} disabled={rename.isPending}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Group>
    </form>
  );
}

export function PasskeyList({ ask, askOpen }: { ask: Ask; askOpen: boolean }) {
  const translate = useT();
  const { t, message } = translate;
  const { api, refreshUser } = useSession();
  const queryClient = useQueryClient();
  const passkeys = usePasskeys();
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PasskeyInfo | null>(null);

  const remove = useMutation({
    meta: { silent: true },
    mutationFn: (p: PasskeyInfo) => api.call(Auth.DelPasskey, { credentialId: p.credentialId }),
    onSuccess: async (r) => {
      setRemoving(null);
      if (r.message) notify({ msgType: 'S', message: r.message });
      queryClient.setQueryData(PASSKEYS_QUERY_KEY, r.data.passkeys);
      await refreshUser();
    },
    onError: (e, p) => {
      // The person already said yes: once they have confirmed who they are, it is removed.
      if (isReauthRequired(e)) return ask(e.message, () => remove.mutate(p));
      setRemoving(null);
      notifyFailure(e);
    },
  });

  if (passkeys.isPending) return <Text fz="sm">{t('account.passkey.loading')}</Text>;
  if (passkeys.isError)
    return (
      <Alert color="red" variant="light">
        {message(passkeys.error.message)}
      </Alert>
    );
  if (!passkeys.data.length) return <Text fz="sm">{t('account.passkey.none')}</Text>;

  return (
    <>
      <Stack gap="xs" aria-label={t('account.passkey.list')} role="list" data-testid="passkey-list">
        {passkeys.data.map((p) => (
          <Paper key={p.credentialId} withBorder p="sm" role="listitem" data-testid="passkey-item">
            {editing === p.credentialId ? (
              <RenameForm passkey={p} ask={ask} onDone={() => setEditing(null)} />
            ) : (
              <Group justify="space-between" align="center" wrap="wrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
                  <Text fw={600} data-testid="passkey-name" style={{ overflowWrap: 'anywhere' }}>
                    {p.name}
                  </Text>
                  <Text fz="xs" c="dimmed" data-testid="passkey-dates">
                    {passkeyDates(p, translate)}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={t('account.passkey.renameNamed', { name: p.name })}
                    onClick={() => setEditing(p.credentialId)}
                  >
                    {t('account.passkey.rename')}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    aria-label={t('account.passkey.removeNamed', { name: p.name })}
                    onClick={() => setRemoving(p)}
                  >
                    {t('account.passkey.remove')}
                  </Button>
                </Group>
              </Group>
            )}
          </Paper>
        ))}
      </Stack>
      <Modal
        // Steps aside while the person confirms who they are, and comes back if they cancel.
        opened={removing !== null && !askOpen}
        onClose={() => !remove.isPending && setRemoving(null)}
        title={<Text fw={700}>{t('account.passkey.removeTitle')}</Text>}
        centered
        data-testid="remove-passkey-modal"
      >
        <Stack gap="md">
          <Text fz="sm">
            <Tagged
              id="account.passkey.removeText"
              values={{ name: removing?.name ?? '' }}
              tags={{ b: (text) => <b>{text}</b> }}
            />
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)} disabled={remove.isPending}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => removing && remove.mutate(removing)}
            >
              {t('account.passkey.removeConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
