// Texts of the e-mails accounts and access send, in the language of the culture they are for
// (the caller's: the e-mail answers what the person just did on a page in that language).
import { i18nOfCulture } from '@payd/i18n/node';
import type { ServerConfig } from '../config.ts';
import type { OutgoingMail } from '../mail/mailer.ts';

export function signUpCodeMail(
  config: ServerConfig,
  to: string,
  code: string,
  cultureId: number,
): OutgoingMail {
  const i18n = i18nOfCulture(cultureId);
  return {
    to,
    subject: i18n._('mail.signUpCode.subject'),
    text: i18n._('mail.signUpCode.text', { code, site: config.publicUrl }),
  };
}

export function signUpExistingMail(config: ServerConfig, to: string, cultureId: number): OutgoingMail {
  const i18n = i18nOfCulture(cultureId);
  return {
    to,
    subject: i18n._('mail.signUpCode.subject'),
    text: i18n._('mail.signUpExisting.text', { site: config.publicUrl }),
  };
}

export function resetCodeMail(
  config: ServerConfig,
  to: string,
  code: string,
  j: string,
  p: string,
  cultureId: number,
): OutgoingMail {
  const i18n = i18nOfCulture(cultureId);
  const link = `${config.publicUrl}/NewPassword?j=${encodeURIComponent(j)}&p=${encodeURIComponent(p)}`;
  return {
    to,
    subject: i18n._('mail.reset.subject'),
    text: i18n._('mail.reset.text', { code, link }),
  };
}
