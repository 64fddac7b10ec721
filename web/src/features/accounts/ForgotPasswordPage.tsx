// Reset password by e-mailed code (spec 002 section 2): step 1 sends the code, step 2 changes
// the password with it; success says 'PASSWORD CHANGED SUCCESSFUL' and goes to /login.
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { authMessages } from '@payd/schemas';
import { useRef, type RefObject } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../shell/session/session.tsx';
import { AuthCard } from './AuthCard.tsx';
import { Captcha, type CaptchaHandle } from './Captcha.tsx';
import { CodeSentFooter } from './CodeSentFooter.tsx';
import { useResetChange, useResetRequest, type ResetState } from './useResetPassword.ts';

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
  return (
    <AuthCard
      title="Choose a new password"
      subtitle={
        <>
          We sent a confirmation code to <b>{state.email}</b>.
        </>
      }
    >
      <form noValidate onSubmit={change.onSubmit((v) => changePassword.mutate(v))}>
        <Stack gap="sm">
          {changePassword.error && (
            <Alert color="red" variant="light" role="alert">
              {changePassword.error.message}
            </Alert>
          )}
          <TextInput
            label="Confirmation Code"
            autoComplete="one-time-code"
            {...change.getInputProps('token')}
            onChange={(e) => change.setFieldValue('token', e.currentTarget.value.toUpperCase())}
          />
          <PasswordInput
            label="New Password"
            description={authMessages.newPasswordHint}
            autoComplete="new-password"
            {...change.getInputProps('password')}
          />
          <PasswordInput
            label="Retype New Password"
            autoComplete="new-password"
            {...change.getInputProps('retypeNewPassword')}
          />
          <Button type="submit" disabled={changePassword.isPending} fullWidth size="md">
            {changePassword.isPending ? 'Changing...' : 'Change Password'}
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
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your e-mail address and we will send you a code to reset it."
    >
      <form noValidate onSubmit={request.onSubmit((v) => sendEmail.mutate(v))}>
        <Stack gap="sm">
          {sendEmail.error && (
            <Alert color="red" variant="light" role="alert">
              {sendEmail.error.message}
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="email" {...request.getInputProps('email')} />
          <Captcha
            ref={captcha}
            onChange={(t) => request.setFieldValue('recaptcha', t)}
            error={typeof request.errors.recaptcha === 'string' ? request.errors.recaptcha : undefined}
          />
          <Button type="submit" loading={sendEmail.isPending} fullWidth size="md">
            Send Email
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/login" ta="center" fz="sm">
        Back to login
      </Anchor>
    </AuthCard>
  );
}
