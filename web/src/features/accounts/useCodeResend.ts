// Sending the mailed code again (sign-up and reset password alike): the same call as the first
// request with a fresh captcha token; the new ticket replaces the old one and the person is told.
import { useMutation } from '@tanstack/react-query';
import { authMessages } from '@payd/schemas';
import type { Dispatch, RefObject, SetStateAction } from 'react';
import { notify } from '../../notifications/notify.ts';
import type { CaptchaHandle } from './Captcha.tsx';

/** What both flows keep of a mailed code: where it went and its ticket. */
interface CodeTicket {
  email: string;
  nounce: string;
  ticketLeft: string;
}

export function useCodeResend<S extends CodeTicket>({
  call,
  state,
  setState,
  captcha,
  resendToken,
}: {
  /** The first request's call (SignUp or ResetPwdEmail) for an address and a captcha token. */
  call: (email: string, captchaToken: string) => Promise<{ data?: { nounce: string; ticketLeft: string } }>;
  state: S | null;
  setState: Dispatch<SetStateAction<S | null>>;
  captcha: RefObject<CaptchaHandle | null>;
  resendToken: string;
}) {
  return useMutation({
    meta: { silent: true },
    mutationFn: async () => (await call(state!.email, resendToken)).data!,
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
}
