// Security settings of the signed-in user: passkeys, linked wallets and password change.
import { Badge, Button, Container, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { authMessages, changePasswordForm } from '@payd/schemas';
import { useConfig } from '../../app/config.ts';
import { isApiError } from '../../api/errors.ts';
import { useSession } from '../../auth/session.tsx';
import { notify } from '../../notifications/notify.ts';
import { PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';
import { fieldErrors } from './serverErrors.ts';

function shorten(a: string) {
  return `${a.slice(0, 6)}…${a.slice(-4)}`;
}

export function SecurityPage() {
  const config = useConfig();
  const { api, user, refreshUser, signOut } = useSession();

  const passkey = useMutation({
    mutationFn: async () => {
      const { registerPasskey } = await import('./signInMethods.ts');
      return registerPasskey(api);
    },
    onSuccess: async () => {
      notify({ msgType: 'S', message: 'Passkey registered. You can now sign in with it.' });
      await refreshUser();
    },
  });
  const wallet = useMutation({
    mutationFn: async () => {
      const { linkWallet } = await import('./signInMethods.ts');
      return linkWallet(api, config);
    },
    onSuccess: async (r) => {
      notify({ msgType: 'S', message: `Wallet ${shorten(r.address)} linked. You can now sign in with it.` });
      await refreshUser();
    },
  });

  const form = useForm({
    mode: 'controlled',
    initialValues: {
      j: '',
      p: '',
      CurrentPwd: '',
      NewUsrPassword: '',
      ConfirmPwd: '',
      PasskeyRequestJSON: '',
      PasskeyResultJSON: '',
    },
    validate: schemaResolver(changePasswordForm, { sync: true }),
    validateInputOnBlur: true,
  });
  const change = useMutation({
    meta: { silent: true },
    mutationFn: async (v: typeof form.values) => {
      try {
        await api.call('Profile', 'UpdUsrPwd', {
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

  return (
    <Container size="sm" py="lg">
      <Stack gap="lg">
        <Title order={1} fz={28}>
          Security
        </Title>
        <Paper withBorder p="lg">
          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={2} fz="lg">
                Passkeys
              </Title>
              <Badge variant="light">{user?.passkeys ?? 0} registered</Badge>
            </Group>
            <Text fz="sm" c="dimmed">
              Sign in with your fingerprint, face or device PIN instead of a password.
            </Text>
            <Group>
              <Button onClick={() => passkey.mutate()} loading={passkey.isPending}>
                Register a passkey
              </Button>
            </Group>
          </Stack>
        </Paper>
        <Paper withBorder p="lg">
          <Stack gap="xs">
            <Title order={2} fz="lg">
              Wallet sign-in
            </Title>
            <Text fz="sm" c="dimmed">
              Link an Ethereum wallet and sign in by signing a message with it.
            </Text>
            {user?.wallets.length ? (
              <Stack gap={4} aria-label="Linked wallets">
                {user.wallets.map((w) => (
                  <Text key={w} ff="monospace" fz="sm">
                    {w}
                  </Text>
                ))}
              </Stack>
            ) : (
              <Text fz="sm">No wallet linked yet.</Text>
            )}
            <Group>
              <Button onClick={() => wallet.mutate()} loading={wallet.isPending} variant="light">
                Link wallet
              </Button>
            </Group>
          </Stack>
        </Paper>
        <Paper withBorder p="lg">
          <form noValidate onSubmit={form.onSubmit((v) => change.mutate(v))}>
            <Stack gap="sm">
              <Title order={2} fz="lg">
                Change password
              </Title>
              <PasswordInput
                label="Current password"
                autoComplete="current-password"
                {...form.getInputProps('CurrentPwd')}
              />
              <PasswordInput
                label="New password"
                autoComplete="new-password"
                {...form.getInputProps('NewUsrPassword')}
              />
              <PasswordStrengthMeter password={form.values.NewUsrPassword} />
              <PasswordInput
                label="Confirm password"
                autoComplete="new-password"
                {...form.getInputProps('ConfirmPwd')}
              />
              <Text fz="xs" c="dimmed">
                {authMessages.profilePasswordHint}
              </Text>
              <Group>
                <Button type="submit" loading={change.isPending}>
                  Change password
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Container>
  );
}
