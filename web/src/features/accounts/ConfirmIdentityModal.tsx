// 'Confirm it is you' (issue 17): when a call answers `reauth_required` (the recovery words, a
// validator keystore), the person confirms with their password, or with their passkey when they
// have one, right where they are (authWs ConfirmIdentity); the call then runs again. The server's
// message is shown in the modal and, if the person closes it, stays on the page (never lost).
import { Alert, Button, Divider, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { confirmIdentityPasswordProblem, confirmIdentityMessages, Auth } from '@payd/schemas';
import { isApiError } from '../../api/errors.ts';
import type { ApiClient } from '../../api/client.ts';
import { useFieldForm } from './useFieldForm.ts';
import { useSession } from '../../shell/session/session.tsx';
import { useT } from '../../i18n/useT.ts';

/** Proves the signed-in user with one of their passkeys (loaded on demand, like the login page). */
async function confirmWithPasskey(api: ApiClient): Promise<void> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const req = await api.call(
    Auth.GetWebAuthnAssertionRequest,
    { hostingDomainUrl: window.location.origin, loginName: '' },
    { auth: false },
  );
  const result = await startAuthentication({ optionsJSON: req.data.options as never });
  await api.call(Auth.ConfirmIdentity, {
    PasskeyRequestJSON: req.data.requestJSON,
    PasskeyResultJSON: JSON.stringify(result),
  });
}

/** The failure when the person did not use their passkey (its message id: shown in the language on
 * screen, whenever it changes). */
const PASSKEY_NOT_USED = 'account.confirm.passkeyNotUsed';

export function ConfirmIdentityModal({
  opened,
  message,
  onConfirmed,
  onClose,
}: {
  opened: boolean;
  /** Why the confirmation is asked: the server's message. */
  message: string;
  onConfirmed: () => void;
  onClose: () => void;
}) {
  const { t, field, message: translated } = useT();
  const { api, user } = useSession();
  const form = useFieldForm({
    initialValues: { Password: '' },
    validate: (v) => ({ Password: confirmIdentityPasswordProblem(v.Password) }),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const done = () => {
    form.reset();
    setFailure(null);
    onConfirmed();
  };
  const byPassword = useMutation({
    meta: { silent: true },
    mutationFn: (v: { Password: string }) => api.call(Auth.ConfirmIdentity, { Password: v.Password }),
    onSuccess: done,
    onError: (e) => {
      const field = isApiError(e) ? e.validationErrors.find((x) => x.field === 'Password') : undefined;
      if (field) form.setFieldError('Password', field.message);
      else setFailure((e as Error).message);
    },
  });
  const byPasskey = useMutation({
    meta: { silent: true },
    mutationFn: () => confirmWithPasskey(api),
    onSuccess: done,
    onError: (e) => setFailure(isApiError(e) ? e.message : PASSKEY_NOT_USED),
  });
  const close = () => {
    form.reset();
    setFailure(null);
    onClose();
  };
  const busy = byPassword.isPending || byPasskey.isPending;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<Text fw={700}>{t('account.confirm.title')}</Text>}
      centered
      closeOnClickOutside={!busy}
      data-testid="confirm-identity-modal"
    >
      <form
        onSubmit={form.onSubmit((v) => {
          setFailure(null);
          byPassword.mutate(v);
        })}
        noValidate
      >
        <Stack gap="md">
          <Text fz="sm" data-testid="confirm-identity-reason">
            {translated(message)}
          </Text>
          {failure ? (
            <Alert color="red" variant="light" data-testid="confirm-identity-error">
              {failure === PASSKEY_NOT_USED ? t(PASSKEY_NOT_USED) : translated(failure)}
            </Alert>
          ) : null}
          <PasswordInput
            label={t('account.confirm.password')}
            autoComplete="current-password"
            data-autofocus
            {...field(form.getInputProps('Password'))}
            data-testid="confirm-identity-password"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={byPassword.isPending} disabled={byPasskey.isPending}>
              {t('account.confirm.submit')}
            </Button>
          </Group>
          {user?.passkeys ? (
            <>
              <Divider label={t('account.confirm.or')} labelPosition="center" />
              <Button
                variant="light"
                onClick={() => {
                  setFailure(null);
                  byPasskey.mutate();
                }}
                loading={byPasskey.isPending}
                disabled={byPassword.isPending}
              >
                {t('account.confirm.usePasskey')}
              </Button>
            </>
          ) : null}
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Runs an action that may be refused with `reauth_required`: on that refusal, `ask(message,
 * retry)` opens the confirmation and, once the person confirmed, runs `retry`. `pending` is the
 * last refusal's message while the person has not confirmed (for the page to keep showing).
 */
export function useConfirmIdentity(): {
  ask: (message: string, retry: () => void) => void;
  reopen: () => void;
  pending: string | null;
  /** The confirmation is on screen (a modal below it may step aside meanwhile). */
  open: boolean;
  modal: ReactNode;
} {
  const [message, setMessage] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  const retry = useRef<(() => void) | null>(null);
  const ask = useCallback((m: string, then: () => void) => {
    retry.current = then;
    setMessage(m || confirmIdentityMessages.required);
    setOpened(true);
  }, []);
  const reopen = useCallback(() => setOpened(true), []);
  const modal = (
    <ConfirmIdentityModal
      opened={opened && message !== null}
      message={message ?? ''}
      onClose={() => setOpened(false)}
      onConfirmed={() => {
        setOpened(false);
        setMessage(null);
        const then = retry.current;
        retry.current = null;
        then?.();
      }}
    />
  );
  return { ask, reopen, pending: opened ? null : message, open: opened && message !== null, modal };
}

/**
 * The reason a closed confirmation gave, with the button that opens it again; nothing while no
 * confirmation waits. It stays until the person confirms or leaves.
 */
export function PendingIdentityAlert({
  identity,
  testId,
}: {
  identity: { pending: string | null; reopen: () => void };
  testId: string;
}) {
  const { t, message } = useT();
  if (!identity.pending) return null;
  return (
    <Alert color="orange" variant="light" data-testid={testId}>
      <Stack gap="xs">
        <Text fz="sm">{message(identity.pending)}</Text>
        <Group>
          <Button size="xs" onClick={identity.reopen}>
            {t('account.confirm.title')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
