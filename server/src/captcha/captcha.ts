// Captcha check of sign-up and reset requests, behind one interface: self-hosted ALTCHA
// (proof of work, the default) or Google reCAPTCHA (CAPTCHA_PROVIDER=recaptcha).
export interface Captcha {
  provider: 'altcha' | 'recaptcha';
  /** True when the token/payload is a valid, unexpired, unused solution. */
  verify(token: string, ip: string): Promise<boolean>;
  /** A new challenge for the widget (ALTCHA only). */
  challenge?(): Promise<unknown>;
}
