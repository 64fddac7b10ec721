// Google reCAPTCHA verification (CAPTCHA_PROVIDER=recaptcha with RECAPTCHA_SECRET).
import type { Captcha } from './captcha.ts';

export function recaptchaCaptcha(secret: string, fetchImpl: typeof fetch = fetch): Captcha {
  return {
    provider: 'recaptcha',
    async verify(token, ip) {
      try {
        const res = await fetchImpl('https://www.google.com/recaptcha/api/siteverify', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret, response: token, remoteip: ip }),
        });
        const body = (await res.json()) as { success?: boolean };
        return body.success === true;
      } catch {
        return false;
      }
    },
  };
}
