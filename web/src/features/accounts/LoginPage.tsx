// Login (spec 002 section 2): e-mail and password, passkey or wallet; the network and API base.
import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { loginFormErrors } from '@payd/schemas';
import { lazy, Suspense, useEffect } from 'react';
import { Link, Navigate, useNavigation } from 'react-router';
import { apiBaseOf, useConfig } from '../../shell/config.ts';
import { passwordLogin } from './loginFlow.ts';
import { clearExplicitSignOut, rememberedOrigin } from '../../shell/session/originStore.ts';
import { useSession } from '../../shell/session/session.tsx';
import { afterLoginTarget } from '../../shell/navigation/guards.ts';
import { PageLoader } from '../../shell/PageLoader.tsx';
import { AuthCard } from './AuthCard.tsx';
import { useAction } from './useAction.ts';
import { useCompleteSignIn } from './useCompleteSignIn.ts';
import { useFieldForm } from './useFieldForm.ts';
import { useT } from '../../i18n/useT.ts';

// The wallet's network name loads after the page shows: the wallet feature stays off /login's
// first download.
const WalletNetworkName = lazy(async () => ({
  default: (await import('../wallet/index.ts')).WalletNetworkName,
}));

export function LoginPage() {
  const config = useConfig();
  const { t, field, message } = useT();
  const { api, user, loading } = useSession();
  const complete = useCompleteSignIn();
  const navigating = useNavigation().state !== 'idle';
  useEffect(clearExplicitSignOut, []);
  const form = useFieldForm({
    initialValues: { email: '', password: '' },
    validate: loginFormErrors,
    validateOnBlur: true,
  });

  // Errors show on the page (the Alert below).
  const password = useAction(async (v: { email: string; password: string }) =>
    complete(await passwordLogin(api, v.email.trim(), v.password)),
  );
  const passkey = useAction(async () => {
    const { passkeyLogin } = await import('./signInMethods.ts');
    await complete(await passkeyLogin(api, form.values.email.trim()));
  });
  const wallet = useAction(async () => {
    const { web3Login } = await import('./signInMethods.ts');
    await complete(await web3Login(api, config));
  });

  if (loading) return <PageLoader />;
  // Login is shown only without a current user; a signed-in user goes back to the origin.
  if (user && !navigating && !password.isPending && !passkey.isPending && !wallet.isPending)
    return <Navigate to={afterLoginTarget(rememberedOrigin())} replace />;

  const busy = password.isPending || passkey.isPending || wallet.isPending;
  const error = password.error ?? passkey.error ?? wallet.error;
  const apiBase = apiBaseOf(config) || window.location.origin;

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={<LoginFooter chainId={config.chainId} apiBase={apiBase} mailboxUrl={config.dev?.mailboxUrl} />}
    >
      <form
        noValidate
        onSubmit={form.onSubmit((v) => {
          passkey.reset();
          wallet.reset();
          password.mutate(v);
        })}
      >
        <Stack gap="sm">
          {error && (
            <Alert color="red" variant="light" role="alert">
              {message(error.message)}
            </Alert>
          )}
          <TextInput
            label={t('login.email')}
            type="email"
            autoComplete="username webauthn"
            {...field(form.getInputProps('email'))}
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            {...field(form.getInputProps('password'))}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" fz="sm">
              {t('login.forgotPassword')}
            </Anchor>
          </Group>
          <Button
            type="submit"
            loading={password.isPending}
            disabled={busy && !password.isPending}
            fullWidth
            size="md"
          >
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
      <Divider label={t('login.or')} labelPosition="center" />
      <OtherSignInMethods busy={busy} passkey={passkey} wallet={wallet} onOther={() => password.reset()} />
      <Text ta="center" fz="sm">
        {t('login.newToPayd')}{' '}
        <Anchor component={Link} to="/sign-up" fw={600} fz="sm">
          {t('login.signUpHere')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}

/** The network and API base this login talks to, and the dev mailbox in development. */
function LoginFooter({
  chainId,
  apiBase,
  mailboxUrl,
}: {
  chainId: number;
  apiBase: string;
  mailboxUrl: string | undefined;
}) {
  const { t } = useT();
  return (
    <Stack gap={2} align="center">
      <Text fz="xs" c="dimmed">
        {t('login.network')}{' '}
        <b data-testid="network-name">
          <Suspense fallback={null}>
            <WalletNetworkName configChainId={chainId} notConnected={t('login.notConnected')} />
          </Suspense>
        </b>
      </Text>
      <Text fz="xs" c="dimmed">
        {t('login.api')} <span data-testid="api-base">{apiBase}</span>
      </Text>
      {mailboxUrl !== undefined && (
        <Anchor href={mailboxUrl} target="_blank" fz="xs">
          {t('login.devMailbox')}
        </Anchor>
      )}
    </Stack>
  );
}

interface SignInMethod {
  isPending: boolean;
  mutate: () => void;
  reset: () => void;
}

/** Passkey and wallet sign-in; starting one clears the others' errors (`onOther` the password's). */
function OtherSignInMethods({
  busy,
  passkey,
  wallet,
  onOther,
}: {
  /** Some sign-in is under way. */
  busy: boolean;
  passkey: SignInMethod;
  wallet: SignInMethod;
  onOther: () => void;
}) {
  const { t } = useT();
  return (
    <Stack gap="xs">
      <Button
        variant="default"
        loading={passkey.isPending}
        disabled={busy && !passkey.isPending}
        onClick={() => {
          onOther();
          wallet.reset();
          passkey.mutate();
        }}
      >
        {t('login.passkey')}
      </Button>
      <Button
        variant="default"
        loading={wallet.isPending}
        disabled={busy && !wallet.isPending}
        onClick={() => {
          onOther();
          passkey.reset();
          wallet.mutate();
        }}
      >
        {t('login.wallet')}
      </Button>
    </Stack>
  );
}
