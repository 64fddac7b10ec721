// Sign-up's state: the first step's form and its SignUp call (and the resend), then the mailed
// code's Activate with one automatic login.
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { signUpForm, SignUp } from '@payd/schemas';
import { useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { useNavigate } from 'react-router';
import type { ApiClient } from '../../api/client.ts';
import { isApiError } from '../../api/errors.ts';
import { notify } from '../../notifications/notify.ts';
import { i18n } from '../../i18n/language.ts';
import type { CaptchaHandle } from './Captcha.tsx';
import { passwordLogin } from './loginFlow.ts';
import { rememberOrigin } from '../../shell/session/originStore.ts';
import { fieldErrors } from './serverErrors.ts';
import { useCodeResend } from './useCodeResend.ts';
import { activationFailure, parseConfirmationCode, type SignUpState } from './signUpFlow.ts';
import { useCompleteSignIn } from './useCompleteSignIn.ts';

export function useSignUpForm() {
  return useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '', retypePassword: '', agree: false, recaptcha: '' },
    validate: schemaResolver(signUpForm, { sync: true }),
    validateInputOnBlur: true,
  });
}

export type SignUpFormType = ReturnType<typeof useSignUpForm>;

interface StepArgs {
  api: ApiClient;
  refCode: string;
  captcha: RefObject<CaptchaHandle | null>;
  form: SignUpFormType;
}

/** The first step's SignUp (its reply is the second step's state) and the code's resend. */
export function useSignUpRequest({ api, refCode, captcha, form }: StepArgs) {
  const [state, setState] = useState<SignUpState | null>(null);
  const [resendToken, setResendToken] = useState('');
  const call = (emailAddress: string, reCaptchaRequest: string) =>
    api.call(SignUp.SignUp, { emailAddress, reCaptchaRequest, refCode }, { auth: false });

  const signUp = useMutation({
    meta: { silent: true },
    mutationFn: async (v: { email: string; password: string; recaptcha: string }) => {
      const reply = await call(v.email.trim(), v.recaptcha);
      return {
        email: v.email.trim(),
        password: v.password,
        nounce: reply.data.nounce,
        ticketLeft: reply.data.ticketLeft,
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

  const resend = useCodeResend({ call, state, setState, captcha, resendToken });

  return { state, setState, signUp, resend, resendToken, setResendToken };
}

/** The second step: Activate with the mailed code, then one automatic login. */
export function useActivation({
  api,
  refCode,
  role,
  form,
  state,
  setState,
}: Omit<StepArgs, 'captcha'> & {
  role: number;
  state: SignUpState | null;
  setState: Dispatch<SetStateAction<SignUpState | null>>;
}) {
  const complete = useCompleteSignIn();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  const activate = useMutation({
    meta: { silent: true },
    mutationFn: async () => {
      const ticketRight = parseConfirmationCode(code);
      const s = state!;
      try {
        await api.call(
          SignUp.Activate,
          {
            emailAddress: s.email,
            password: s.password,
            role,
            nounce: s.nounce,
            ticketLeft: s.ticketLeft,
            ticketRight,
            refCode,
          },
          { auth: false },
        );
      } catch (e) {
        const failure = activationFailure(e);
        if ('error' in failure) throw failure.error;
        setState(null);
        form.setFieldError('password', failure.passwordError);
        return;
      }
      // One automatic login with the entered e-mail and password, then '/', which sends the
      // person on by where they are (landing.ts): a newcomer to the KYC start.
      const landing = '/';
      let tokens;
      try {
        tokens = await passwordLogin(api, s.email, s.password);
      } catch {
        // The account exists now: if the one automatic login fails, the person logs in by hand.
        setState(null);
        rememberOrigin({ pathname: landing, search: '' });
        notify({ msgType: 'S', message: i18n._('signUp.active') });
        void navigate('/login', { replace: true });
        return;
      }
      setState(null);
      await complete(tokens, landing);
    },
    onError: (e) => setCodeError(e.message),
  });

  return { code, setCode, codeError, setCodeError, activate };
}
