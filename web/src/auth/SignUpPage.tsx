// Sign up (spec 002 sections 2 and 4): e-mail, password, retype, terms and captcha; then the
// mailed confirmation code, 'Activate', one automatic login and the first page of the person's
// progress ('/', auth/landing.ts).
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  authMessages,
  confirmationCode,
  signUpForm,
  type ActivateReply,
  type CheckCountryReply,
  type SignUpReply,
} from '@payd/schemas';
import { useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { rememberOrigin } from './originStore.ts';
import { isApiError } from '../api/errors.ts';
import { passwordLogin } from './loginFlow.ts';
import { useSession } from './session.tsx';
import { notify } from '../notifications/notify.ts';
import { AuthCard } from './AuthCard.tsx';
import { Captcha, type CaptchaHandle } from './Captcha.tsx';
import { CodeSentFooter } from './CodeSentFooter.tsx';
import { fieldErrors } from './serverErrors.ts';
import { useCompleteSignIn } from './useCompleteSignIn.ts';

interface SignUpState {
  email: string;
  password: string;
  nounce: string;
  ticketLeft: string;
}

function roleFrom(value: string | null): number {
  const n = Number(value);
  return n >= 1 && n <= 3 ? n : 1;
}

export function SignUpPage() {
  const { api } = useSession();
  const complete = useCompleteSignIn();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const refCode = params.get('refCode') ?? '';
  const role = roleFrom(params.get('role'));
  const captcha = useRef<CaptchaHandle>(null);
  const [state, setState] = useState<SignUpState | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [resendToken, setResendToken] = useState('');

  const restricted = useQuery({
    queryKey: ['SignUp', 'CheckCountry'],
    // The check only redirects; when it cannot run, sign-up stays open and the server decides.
    meta: { silent: true },
    queryFn: async () =>
      (await api.call<CheckCountryReply>('SignUp', 'CheckCountry', {}, { auth: false })).data === true,
    staleTime: Infinity,
    retry: false,
  });

  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '', retypePassword: '', agree: false, recaptcha: '' },
    validate: schemaResolver(signUpForm, { sync: true }),
    validateInputOnBlur: true,
  });

  const signUp = useMutation({
    meta: { silent: true },
    mutationFn: async (v: { email: string; password: string; recaptcha: string }) => {
      const reply = await api.call<SignUpReply>(
        'SignUp',
        'SignUp',
        { emailAddress: v.email.trim(), reCaptchaRequest: v.recaptcha, refCode },
        { auth: false },
      );
      return {
        email: v.email.trim(),
        password: v.password,
        nounce: reply.data!.nounce,
        ticketLeft: reply.data!.ticketLeft,
      };
    },
    onSuccess: (s) => {
      setState(s);
      captcha.current?.reset();
    },
    onError: (e) => {
      captcha.current?.reset();
      if (isApiError(e))
        form.setErrors(
          fieldErrors(e.validationErrors, { emailAddress: 'email', reCaptchaRequest: 'recaptcha' }),
        );
    },
  });

  const resend = useMutation({
    meta: { silent: true },
    mutationFn: async () => {
      const reply = await api.call<SignUpReply>(
        'SignUp',
        'SignUp',
        { emailAddress: state!.email, reCaptchaRequest: resendToken, refCode },
        { auth: false },
      );
      return reply.data!;
    },
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

  const activate = useMutation({
    meta: { silent: true },
    mutationFn: async () => {
      const parsed = confirmationCode.safeParse(code);
      if (!parsed.success) throw new Error(parsed.error.issues[0]!.message);
      const s = state!;
      try {
        await api.call<ActivateReply>(
          'SignUp',
          'Activate',
          {
            emailAddress: s.email,
            password: s.password,
            role,
            nounce: s.nounce,
            ticketLeft: s.ticketLeft,
            ticketRight: parsed.data,
            refCode,
          },
          { auth: false },
        );
      } catch (e) {
        if (isApiError(e) && e.subType === 'invalid_code')
          throw new Error(authMessages.confirmationCodeIncorrect);
        // A password the server refuses (one of the most common ones): back to the first step
        // with the reason by the password field.
        const passwordError = isApiError(e) ? fieldErrors(e.validationErrors, { password: 'password' }) : {};
        if (passwordError.password) {
          setState(null);
          form.setFieldError('password', passwordError.password);
          return;
        }
        throw e;
      }
      // One automatic login with the entered e-mail and password, then '/', which sends the
      // person on by where they are (auth/landing.ts): a newcomer to the KYC start.
      const landing = '/';
      let tokens;
      try {
        tokens = await passwordLogin(api, s.email, s.password);
      } catch {
        // The account exists now: if the one automatic login fails, the person logs in by hand.
        setState(null);
        rememberOrigin({ pathname: landing, search: '' });
        notify({ msgType: 'S', message: 'Your account is active. Please log in.' });
        void navigate('/login', { replace: true });
        return;
      }
      setState(null);
      await complete(tokens, landing);
    },
    onError: (e) => setCodeError(e.message),
  });

  if (restricted.data === true) return <Navigate to="/sign-up-restriction" replace />;

  if (state)
    return (
      <AuthCard
        title="Check your e-mail"
        subtitle={
          <>
            We sent a confirmation code to <b>{state.email}</b>.
          </>
        }
      >
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setCodeError(null);
            activate.mutate();
          }}
        >
          <Stack gap="sm">
            <TextInput
              label="Confirmation Code"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
              error={codeError}
              styles={{
                input: { letterSpacing: '0.2em', fontFamily: 'var(--mantine-font-family-monospace)' },
              }}
            />
            <Button type="submit" disabled={activate.isPending} fullWidth size="md">
              {activate.isPending ? 'Activating...' : 'Activate'}
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
      title="Create your payd account"
      subtitle="Sign up with your e-mail address. We will send you a code to confirm it."
    >
      <form noValidate onSubmit={form.onSubmit((v) => signUp.mutate(v))}>
        <Stack gap="sm">
          {signUp.error && (
            <Alert color="red" variant="light" role="alert">
              {signUp.error.message}
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <PasswordInput label="Password" autoComplete="new-password" {...form.getInputProps('password')} />
          <PasswordInput
            label="Retype password"
            autoComplete="new-password"
            {...form.getInputProps('retypePassword')}
          />
          <Checkbox
            label={
              <>
                I agree to the{' '}
                <Anchor href="/terms" target="_blank" rel="noreferrer" fz="inherit">
                  terms and conditions
                </Anchor>
              </>
            }
            {...form.getInputProps('agree', { type: 'checkbox' })}
          />
          <Captcha
            ref={captcha}
            onChange={(t) => form.setFieldValue('recaptcha', t)}
            error={typeof form.errors.recaptcha === 'string' ? form.errors.recaptcha : undefined}
          />
          <Button type="submit" disabled={signUp.isPending} loading={signUp.isPending} fullWidth size="md">
            Sign up
          </Button>
        </Stack>
      </form>
      <Group justify="center" gap={4}>
        <Text fz="sm">Already have an account?</Text>
        <Anchor component={Link} to="/login" fz="sm" fw={600}>
          Log in here
        </Anchor>
      </Group>
    </AuthCard>
  );
}
