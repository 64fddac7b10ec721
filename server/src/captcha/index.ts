// The captcha feature as other features see it: the interface sign-up and reset check tokens with.
export type { Captcha } from './captcha.ts';
