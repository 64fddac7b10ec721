// Sign up (spec 002 sections 2 and 4): e-mail, password, retype, terms and captcha; then the
// mailed confirmation code, 'Activate', one automatic login and the first page of the person's
// progress ('/', landing.ts).
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SignUp } from '@payd/schemas';
import { useRef, type RefObject } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useSession } from '../../shell/session/session.tsx';
import { AuthCard } from './AuthCard.tsx';
import { Captcha, type CaptchaHandle } from './Captcha.tsx';
import { CodeSentFooter } from './CodeSentFooter.tsx';
import { roleFrom, type SignUpState } from './signUpFlow.ts';
import { useActivation, useSignUpForm, useSignUpRequest, type SignUpFormType } from './useSignUp.ts';
import { Tagged } from '../../i18n/Tagged.tsx';
import { useT } from '../../i18n/useT.ts';

export function SignUpPage() {
  const { api } = useSession();
  const [params] = useSearchParams();
  const refCode = params.get('refCode') ?? '';
  const role = roleFrom(params.get('role'));
  const captcha = useRef<CaptchaHandle>(null);

  const restricted = useQuery({
    queryKey: ['SignUp', 'CheckCountry'],
    // The check only redirects; when it cannot run, sign-up stays open and the server decides.
    meta: { silent: true },
    queryFn: async () => (await api.call(SignUp.CheckCountry, {}, { auth: false })).data === true,
    staleTime: Infinity,
    retry: false,
  });

  const form = useSignUpForm();
  const request = useSignUpRequest({ api, refCode, captcha, form });
  const activation = useActivation({
    api,
    refCode,
    role,
    form,
    state: request.state,
    setState: request.setState,
  });

  if (restricted.data === true) return <Navigate to="/sign-up-restriction" replace />;
  if (request.state)
    return (
      <ConfirmCodeCard state={request.state} request={request} activation={activation} captcha={captcha} />
    );
  return <SignUpFormCard form={form} signUp={request.signUp} captcha={captcha} />;
}

function ConfirmCodeCard({
  state,
  request,
  activation,
  captcha,
}: {
  state: SignUpState;
  request: ReturnType<typeof useSignUpRequest>;
  activation: ReturnType<typeof useActivation>;
  captcha: RefObject<CaptchaHandle | null>;
}) {
  const { activate } = activation;
  const { t, message } = useT();
  return (
    <AuthCard
      title={t('signUp.checkEmail')}
      subtitle={
        <Tagged id="signUp.codeSent" values={{ email: state.email }} tags={{ b: (text) => <b>{text}</b> }} />
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          activation.setCodeError(null);
          activate.mutate();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('signUp.code')}
            autoComplete="one-time-code"
            value={activation.code}
            onChange={(e) => activation.setCode(e.currentTarget.value.toUpperCase())}
            error={message(activation.codeError)}
            styles={{
              input: { letterSpacing: '0.2em', fontFamily: 'var(--mantine-font-family-monospace)' },
            }}
          />
          <Button type="submit" disabled={activate.isPending} fullWidth size="md">
            {activate.isPending ? t('signUp.activating') : t('signUp.activate')}
          </Button>
        </Stack>
      </form>
      <CodeSentFooter
        captchaRef={captcha}
        resendToken={request.resendToken}
        onResendToken={request.setResendToken}
        onResend={() => request.resend.mutate()}
        resending={request.resend.isPending}
      />
    </AuthCard>
  );
}

function SignUpFormCard({
  form,
  signUp,
  captcha,
}: {
  form: SignUpFormType;
  signUp: ReturnType<typeof useSignUpRequest>['signUp'];
  captcha: RefObject<CaptchaHandle | null>;
}) {
  const { t, field, message } = useT();
  return (
    <AuthCard title={t('signUp.title')} subtitle={t('signUp.subtitle')}>
      <form noValidate onSubmit={form.onSubmit((v) => signUp.mutate(v))}>
        <Stack gap="sm">
          {signUp.error && (
            <Alert color="red" variant="light" role="alert">
              {message(signUp.error.message)}
            </Alert>
          )}
          <TextInput
            label={t('login.email')}
            type="email"
            autoComplete="email"
            {...field(form.getInputProps('email'))}
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete="new-password"
            {...field(form.getInputProps('password'))}
          />
          <PasswordInput
            label={t('signUp.retypePassword')}
            autoComplete="new-password"
            {...field(form.getInputProps('retypePassword'))}
          />
          <Checkbox
            label={
              <Tagged
                id="signUp.agree"
                tags={{
                  terms: (text) => (
                    <Anchor href="/terms" target="_blank" rel="noreferrer" fz="inherit">
                      {text}
                    </Anchor>
                  ),
                }}
              />
            }
            {...field(form.getInputProps('agree', { type: 'checkbox' }))}
          />
          <Captcha
            ref={captcha}
            onChange={(token) => form.setFieldValue('recaptcha', token)}
            error={typeof form.errors.recaptcha === 'string' ? message(form.errors.recaptcha) : undefined}
          />
          <Button type="submit" disabled={signUp.isPending} loading={signUp.isPending} fullWidth size="md">
            {t('signUp.submit')}
          </Button>
        </Stack>
      </form>
      <Group justify="center" gap={4}>
        <Text fz="sm">{t('signUp.haveAccount')}</Text>
        <Anchor component={Link} to="/login" fz="sm" fw={600}>
          {t('signUp.logInHere')}
        </Anchor>
      </Group>
    </AuthCard>
  );
}
