// Reset password by e-mailed code (spec 002 section 2): step 1 sends the code, step 2 changes
// the password with it; success says 'PASSWORD CHANGED SUCCESSFUL' and goes to /login.
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useRef, type RefObject } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../shell/session/session.tsx';
import { AuthCard } from './AuthCard.tsx';
import { Captcha, type CaptchaHandle } from './Captcha.tsx';
import { CodeSentFooter } from './CodeSentFooter.tsx';
import { useResetChange, useResetRequest, type ResetState } from './useResetPassword.ts';
import { Tagged } from '../../i18n/Tagged.tsx';
import { useT } from '../../i18n/useT.ts';

export function ForgotPasswordPage() {
  const { api } = useSession();
  const [params] = useSearchParams();
  const refCode = params.get('refCode') ?? '';
  const captcha = useRef<CaptchaHandle>(null);
  const request = useResetRequest({ api, refCode, captcha });
  const change = useResetChange({ api, state: request.state });

  if (request.state)
    return <NewPasswordCard state={request.state} request={request} change={change} captcha={captcha} />;
  return <ResetRequestCard request={request} captcha={captcha} />;
}

function NewPasswordCard({
  state,
  request,
  change: { form: change, changePassword },
  captcha,
}: {
  state: ResetState;
  request: ReturnType<typeof useResetRequest>;
  change: ReturnType<typeof useResetChange>;
  captcha: RefObject<CaptchaHandle | null>;
}) {
  const { t, field, message } = useT();
  return (
    <AuthCard
      title={t('reset.chooseTitle')}
      subtitle={
        <Tagged id="signUp.codeSent" values={{ email: state.email }} tags={{ b: (text) => <b>{text}</b> }} />
      }
    >
      <form noValidate onSubmit={change.onSubmit((v) => changePassword.mutate(v))}>
        <Stack gap="sm">
          {changePassword.error && (
            <Alert color="red" variant="light" role="alert">
              {message(changePassword.error.message)}
            </Alert>
          )}
          <TextInput
            label={t('signUp.code')}
            autoComplete="one-time-code"
            {...field(change.getInputProps('token'))}
            onChange={(e) => change.setFieldValue('token', e.currentTarget.value.toUpperCase())}
          />
          <PasswordInput
            label={t('reset.newPassword')}
            description={t('auth.newPasswordHint')}
            autoComplete="new-password"
            {...field(change.getInputProps('password'))}
          />
          <PasswordInput
            label={t('reset.retypeNewPassword')}
            autoComplete="new-password"
            {...field(change.getInputProps('retypeNewPassword'))}
          />
          <Button type="submit" disabled={changePassword.isPending} fullWidth size="md">
            {changePassword.isPending ? t('reset.changing') : t('reset.change')}
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

function ResetRequestCard({
  request: { form: request, sendEmail },
  captcha,
}: {
  request: ReturnType<typeof useResetRequest>;
  captcha: RefObject<CaptchaHandle | null>;
}) {
  const { t, field, message } = useT();
  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <form noValidate onSubmit={request.onSubmit((v) => sendEmail.mutate(v))}>
        <Stack gap="sm">
          {sendEmail.error && (
            <Alert color="red" variant="light" role="alert">
              {message(sendEmail.error.message)}
            </Alert>
          )}
          <TextInput
            label={t('login.email')}
            type="email"
            autoComplete="email"
            {...field(request.getInputProps('email'))}
          />
          <Captcha
            ref={captcha}
            onChange={(token) => request.setFieldValue('recaptcha', token)}
            error={
              typeof request.errors.recaptcha === 'string' ? message(request.errors.recaptcha) : undefined
            }
          />
          <Button type="submit" loading={sendEmail.isPending} fullWidth size="md">
            {t('reset.send')}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/login" ta="center" fz="sm">
        {t('reset.backToLogin')}
      </Anchor>
    </AuthCard>
  );
}
