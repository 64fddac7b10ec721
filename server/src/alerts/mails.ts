// The e-mails of alerts: one per alert, or the daily digest, in the customer's language (their
// CultureId). Texts are the ones the notification centre shows (texts.ts: @payd/schemas alertText in
// English, the catalogue's srv.alert.* otherwise); the action is a link to the page that helps.
import { i18nOfCulture } from '@payd/i18n/node';
import type { AlertFacts, AlertKind } from '@payd/schemas';
import type { OutgoingMail } from '../mail/mailer.ts';
import { localizedAlertText } from './texts.ts';

export interface MailedAlert {
  kind: AlertKind;
  facts: AlertFacts;
}

const lines = (publicUrl: string, a: MailedAlert, cultureId: number) => {
  const t = localizedAlertText(a.kind, a.facts, cultureId);
  const action = i18nOfCulture(cultureId)._('srv.alert.mail.action', {
    label: t.action.label,
    link: `${publicUrl}${t.action.path}`,
  });
  return { t, text: `${t.body}\n\n${action}` };
};

const settings = (publicUrl: string, cultureId: number) =>
  i18nOfCulture(cultureId)._('srv.alert.mail.settings', { link: `${publicUrl}/alerts` });

export function alertMail(publicUrl: string, to: string, a: MailedAlert, cultureId: number): OutgoingMail {
  const { t, text } = lines(publicUrl, a, cultureId);
  return {
    to,
    subject: i18nOfCulture(cultureId)._('srv.alert.mail.subject', { title: t.title }),
    text: `${text}\n\n${settings(publicUrl, cultureId)}`,
  };
}

/** The digest's subject in English (the spec's text). */
export const DIGEST_SUBJECT = 'payd: your alerts of the day';

export function digestMail(
  publicUrl: string,
  to: string,
  alerts: readonly MailedAlert[],
  cultureId: number,
): OutgoingMail {
  const parts = alerts.map((a) => {
    const { t, text } = lines(publicUrl, a, cultureId);
    return `${t.title}\n${text}`;
  });
  return {
    to,
    subject: i18nOfCulture(cultureId)._('srv.alert.mail.digestSubject'),
    text: `${parts.join('\n\n---\n\n')}\n\n${settings(publicUrl, cultureId)}`,
  };
}
