// Reset password by e-mailed code (spec 002 section 2): step 1 sends the code, step 2 changes
// the password with it; success says 'PASSWORD CHANGED SUCCESSFUL' and goes to /login.
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import {
  AuthErrorCode,
  authMessages,
  resetChangeForm,
  resetRequestForm,
  type ResetPwdEmailReply,
} from '@payd/schemas';
import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../api/errors.ts';
import { useSession } from './session.tsx';
import { notify } from '../notifications/notify.ts';
import { AuthCard } from './AuthCard.tsx';
import { Captcha, type CaptchaHandle } from './Captcha.tsx';
import { CodeSentFooter } from './CodeSentFooter.tsx';
import { fieldErrors } from './serverErrors.ts';

interface ResetState {
  email: string;
  nounce: string;
  ticketLeft: string;
}

export function ForgotPasswordPage() {
  const { api } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const refCode = params.get('refCode') ?? '';
  const captcha = useRef<CaptchaHandle>(null);
  const [state, setState] = useState<ResetState | null>(null);
  const [resendToken, setResendToken] = useState('');

  const request = useForm({
    mode: 'controlled',
    initialValues: { email: '', recaptcha: '' },
    validate: schemaResolver(resetRequestForm, { sync: true }),
    validateInputOnBlur: true,
  });
  const change = useForm({
    mode: 'controlled',
    initialValues: { token: '', password: '', retypeNewPassword: '' },
    validate: schemaResolver(resetChangeForm, { sync: true }),
    validateInputOnBlur: true,
  });

  const sendEmail = useMutation({
    meta: { silent: true },
    mutationFn: async (v: { email: string; recaptcha: string }) => {
      const r = await api.call<ResetPwdEmailReply>(
        'auth',
        'ResetPwdEmail',
        { emailAddress: v.email.trim(), reCaptchaRequest: v.recaptcha, refCode },
        { auth: false },
      );
      return { email: v.email.trim(), nounce: r.data!.nounce, ticketLeft: r.data!.ticketLeft };
    },
    onSuccess: (s) => {
      setState(s);
      captcha.current?.reset();
    },
    onError: (e) => {
      captcha.current?.reset();
      if (isApiError(e))
        request.setErrors(
          fieldErrors(e.validationErrors, { emailAddress: 'email', reCaptchaRequest: 'recaptcha' }),
        );
    },
  });

  const resend = useMutation({
    meta: { silent: true },
    mutationFn: async () =>
      (
        await api.call<ResetPwdEmailReply>(
          'auth',
          'ResetPwdEmail',
          { emailAddress: state!.email, reCaptchaRequest: resendToken, refCode },
          { auth: false },
        )
      ).data!,
    onSuccess: (r) => {
      setState((s) => (s ? { ...s, nounce: r.nounce, ticketLeft: r.ticketLeft } : s));
      captcha.current?.reset();
      notify({ msgType: 'S', title: authMessages.emailResentTitle, message: authMessages.emailResent });
    },
    onError: (e) => {
      captcha.current?.reset();
      notify({ msgType: 'E', message: e.message });
    },
  });

  const changePassword = useMutation({
    meta: { silent: true },
    mutationFn: async (v: { token: string; password: string }) => {
      try {
        await api.call(
          'auth',
          'ResetPassword',
          {
            emailAddress: state!.email,
            password: v.password,
            nounce: state!.nounce,
            ticketLeft: state!.ticketLeft,
            ticketRight: v.token.trim().toUpperCase(),
          },
          { auth: false },
        );
      } catch (e) {
        if (isApiError(e) && e.subType === AuthErrorCode.invalidCode)
          throw new Error(authMessages.resetCodeInvalid);
        if (isApiError(e))
          change.setErrors(fieldErrors(e.validationErrors, { ticketRight: 'token', password: 'password' }));
        throw e;
      }
    },
    onSuccess: () => {
      notify({
        msgType: 'S',
        title: authMessages.passwordChangedTitle,
        message: authMessages.passwordChanged,
      });
      void navigate('/login', { replace: true });
    },
  });

  if (state)
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
          resendToken={resendToken}
          onResendToken={setResendToken}
          onResend={() => resend.mutate()}
          resending={resend.isPending}
        />
      </AuthCard>
    );

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
