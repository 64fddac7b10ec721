// Reset password's two steps: the request that mails a code (and its resend), then the new
// password with that code.
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { AuthErrorCode, authMessages, resetChangeForm, resetRequestForm, Auth } from '@payd/schemas';
import { useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import type { ApiClient } from '../../api/client.ts';
import { isApiError } from '../../api/errors.ts';
import { notify } from '../../notifications/notify.ts';
import type { CaptchaHandle } from './Captcha.tsx';
import { fieldErrors } from './serverErrors.ts';
import { useCodeResend } from './useCodeResend.ts';

/** What the first step keeps for the second: the mailed code's ticket. */
export interface ResetState {
  email: string;
  nounce: string;
  ticketLeft: string;
}

/** Step 1: the e-mail and captcha form, ResetPwdEmail, and the code's resend. */
export function useResetRequest({
  api,
  refCode,
  captcha,
}: {
  api: ApiClient;
  refCode: string;
  captcha: RefObject<CaptchaHandle | null>;
}) {
  const [state, setState] = useState<ResetState | null>(null);
  const [resendToken, setResendToken] = useState('');
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', recaptcha: '' },
    validate: schemaResolver(resetRequestForm, { sync: true }),
    validateInputOnBlur: true,
  });
  const call = (emailAddress: string, reCaptchaRequest: string) =>
    api.call(Auth.ResetPwdEmail, { emailAddress, reCaptchaRequest, refCode }, { auth: false });

  const sendEmail = useMutation({
    meta: { silent: true },
    mutationFn: async (v: { email: string; recaptcha: string }) => {
      const r = await call(v.email.trim(), v.recaptcha);
      return { email: v.email.trim(), nounce: r.data.nounce, ticketLeft: r.data.ticketLeft };
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

  return { state, form, sendEmail, resend, resendToken, setResendToken };
}

/** Step 2: the code and new password form and ResetPassword; success goes to /login. */
export function useResetChange({ api, state }: { api: ApiClient; state: ResetState | null }) {
  const navigate = useNavigate();
  const form = useForm({
    mode: 'controlled',
    initialValues: { token: '', password: '', retypeNewPassword: '' },
    validate: schemaResolver(resetChangeForm, { sync: true }),
    validateInputOnBlur: true,
  });

  const changePassword = useMutation({
    meta: { silent: true },
    mutationFn: async (v: { token: string; password: string }) => {
      try {
        await api.call(
          Auth.ResetPassword,
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
          form.setErrors(fieldErrors(e.validationErrors, { ticketRight: 'token', password: 'password' }));
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

  return { form, changePassword };
}
