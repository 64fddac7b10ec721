// The e-mails of alerts: one per alert, or the daily digest. Texts come from @payd/schemas
// alertText, the same the notification centre shows; the action is a link to the page that helps.
import { alertText, type AlertFacts, type AlertKind } from '@payd/schemas';
import type { OutgoingMail } from '../mail/mailer.ts';

export interface MailedAlert {
  kind: AlertKind;
  facts: AlertFacts;
}

const lines = (publicUrl: string, a: MailedAlert) => {
  const t = alertText(a.kind, a.facts);
  return { t, text: `${t.body}\n\n${t.action.label}: ${publicUrl}${t.action.path}` };
};

export function alertMail(publicUrl: string, to: string, a: MailedAlert): OutgoingMail {
  const { t, text } = lines(publicUrl, a);
  return {
    to,
    subject: `payd: ${t.title}`,
    text: `${text}\n\nChoose which alerts you get and how: ${publicUrl}/alerts`,
  };
}

export const DIGEST_SUBJECT = 'payd: your alerts of the day';

export function digestMail(publicUrl: string, to: string, alerts: readonly MailedAlert[]): OutgoingMail {
  const parts = alerts.map((a) => {
    const { t, text } = lines(publicUrl, a);
    return `${t.title}\n${text}`;
  });
  return {
    to,
    subject: DIGEST_SUBJECT,
    text: `${parts.join('\n\n---\n\n')}\n\nChoose which alerts you get and how: ${publicUrl}/alerts`,
  };
}
