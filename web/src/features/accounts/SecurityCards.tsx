// The cards of the security settings: passkeys, wallet sign-in and password change. Adding a way
// to sign in asks the person to confirm who they are (`identity`) after an old sign-in.
import { Badge, Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authMessages, changePasswordFormErrors, Profile } from '@payd/schemas';
import { useConfig } from '../../shell/config.ts';
import { isApiError } from '../../api/errors.ts';
import { notify, notifyFailure } from '../../notifications/notify.ts';
import type { useConfirmIdentity } from './ConfirmIdentityModal.tsx';
import { PASSKEYS_QUERY_KEY, PasskeyList, usePasskeys } from './PasskeyList.tsx';
import { PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';
import { isReauthRequired } from './reauth.ts';
import { fieldErrors } from './serverErrors.ts';
import { useFieldForm } from './useFieldForm.ts';
import { useSession } from '../../shell/session/session.tsx';
import type { WalletLinkBody } from './signInMethods.ts';
import { useT } from '../../i18n/useT.ts';
import { i18n } from '../../i18n/language.ts';

type Identity = ReturnType<typeof useConfirmIdentity>;

function shorten(a: string) {
  return `${a.slice(0, 6)}…${a.slice(-4)}`;
}

export function PasskeysCard({ identity }: { identity: Identity }) {
  const { t } = useT();
  const { api, user, refreshUser } = useSession();
  const queryClient = useQueryClient();
  const passkeys = usePasskeys();
  const passkey = useMutation({
    meta: { silent: true },
    mutationFn: async () => {
      const { registerPasskey } = await import('./signInMethods.ts');
      return registerPasskey(api);
    },
    onSuccess: async () => {
      notify({ msgType: 'S', message: i18n._('account.passkey.registered') });
      await queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY });
      await refreshUser();
    },
    onError: (e) => {
      // Asked before the device is: once confirmed, the registration starts again.
      if (isReauthRequired(e)) identity.ask(e.message, () => passkey.mutate());
      else notifyFailure(e);
    },
  });
  return (
    <Paper withBorder p="lg">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {t('account.passkeys.title')}
          </Title>
          <Badge variant="light">
            {t('account.passkeys.count', { count: passkeys.data?.length ?? user?.passkeys ?? 0 })}
          </Badge>
        </Group>
        <Text fz="sm" c="dimmed">
          {t('account.passkeys.intro')}
        </Text>
        <PasskeyList ask={identity.ask} askOpen={identity.open} />
        <Group>
          <Button onClick={() => passkey.mutate()} loading={passkey.isPending}>
            {t('account.passkeys.register')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function WalletSignInCard({ identity }: { identity: Identity }) {
  const { t } = useT();
  const config = useConfig();
  const { api, user, refreshUser } = useSession();
  // The wallet's signature is kept: after a confirmation the same link is sent again.
  const wallet = useMutation({
    meta: { silent: true },
    mutationFn: async (signed?: WalletLinkBody) => {
      const { signWalletLink, linkSignedWallet } = await import('./signInMethods.ts');
      const body = signed ?? (await signWalletLink(api, config));
      try {
        return await linkSignedWallet(api, body);
      } catch (e) {
        if (isReauthRequired(e)) identity.ask(e.message, () => wallet.mutate(body));
        throw e;
      }
    },
    onSuccess: async (r) => {
      notify({ msgType: 'S', message: i18n._('account.wallet.linked', { address: shorten(r.address) }) });
      await refreshUser();
    },
    onError: (e) => {
      if (!isReauthRequired(e)) notifyFailure(e);
    },
  });
  return (
    <Paper withBorder p="lg">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {t('account.wallet.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('account.wallet.intro')}
        </Text>
        {user?.wallets.length ? (
          <Stack gap={4} aria-label={t('account.wallet.list')}>
            {user.wallets.map((w) => (
              <Text key={w} ff="monospace" fz="sm">
                {w}
              </Text>
            ))}
          </Stack>
        ) : (
          <Text fz="sm">{t('account.wallet.none')}</Text>
        )}
        <Group>
          <Button onClick={() => wallet.mutate()} loading={wallet.isPending} variant="light">
            {t('account.wallet.link')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function useChangePassword() {
  const { api, signOut } = useSession();
  const form = useFieldForm({
    initialValues: { CurrentPwd: '', NewUsrPassword: '', ConfirmPwd: '' },
    validate: changePasswordFormErrors,
    validateOnBlur: true,
  });
  const change = useMutation({
    meta: { silent: true },
    mutationFn: async (v: typeof form.values) => {
      try {
        await api.call(Profile.UpdUsrPwd, {
          j: '',
          p: '',
          CurrentPwd: v.CurrentPwd,
          NewUsrPassword: v.NewUsrPassword,
          ConfirmPwd: v.ConfirmPwd,
        });
      } catch (e) {
        if (isApiError(e))
          form.setErrors(
            fieldErrors(e.validationErrors, {
              CurrentPwd: 'CurrentPwd',
              NewUsrPassword: 'NewUsrPassword',
              ConfirmPwd: 'ConfirmPwd',
            }),
          );
        notify({
          msgType: 'E',
          message: (e as Error).message,
          validationErrors: isApiError(e) ? e.validationErrors : [],
        });
        throw e;
      }
    },
    onSuccess: async () => {
      form.reset();
      // The change ends every session, this one too: sign in again with the new password.
      notify({ msgType: 'S', message: authMessages.passwordChanged });
      await signOut();
    },
  });
  return { form, change };
}

export function ChangePasswordCard() {
  const { t, field, message } = useT();
  const { form, change } = useChangePassword();
  return (
    <Paper withBorder p="lg">
      <form noValidate onSubmit={form.onSubmit((v) => change.mutate(v))}>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('account.password.title')}
          </Title>
          <PasswordInput
            label={t('account.password.current')}
            autoComplete="current-password"
            {...field(form.getInputProps('CurrentPwd'))}
          />
          <PasswordInput
            label={t('account.password.new')}
            autoComplete="new-password"
            {...field(form.getInputProps('NewUsrPassword'))}
          />
          <PasswordStrengthMeter password={form.values.NewUsrPassword} />
          <PasswordInput
            label={t('account.password.confirm')}
            autoComplete="new-password"
            {...field(form.getInputProps('ConfirmPwd'))}
          />
          <Text fz="xs" c="dimmed">
            {message(authMessages.profilePasswordHint)}
          </Text>
          <Group>
            <Button type="submit" loading={change.isPending}>
              {t('account.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
