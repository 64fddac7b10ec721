// Texts of the e-mails of the daily charges: the low-credit warning and the termination.
import { DEFAULT_LANGUAGE, languageOfCulture } from '@payd/i18n';
import { i18nOfCulture } from '@payd/i18n/node';
import { figuresOf, RECORDED_FIGURES } from '../../mail/figures.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';

/** The subjects in English (the spec's texts; tests read them). */
export const ChargeMailSubjects = {
  warning: 'payd: your credits are running low',
  terminated: 'payd: your validators have been exited',
} as const;

/** The figures of a mail as the customer's language writes them: English as recorded. */
const figures = (cultureId: number) => {
  const lang = languageOfCulture(cultureId).langCode;
  return lang === DEFAULT_LANGUAGE.langCode ? RECORDED_FIGURES : figuresOf(lang);
};

/** The low-credit warning, in the customer's language (`cultureId`, English by default). */
export function lowCreditMail(
  publicUrl: string,
  to: string,
  o: { balance: string; validators: number; daysLeft: number; dailyCost: string },
  cultureId: number = DEFAULT_LANGUAGE.cultureId,
): OutgoingMail {
  const i18n = i18nOfCulture(cultureId);
  const fig = figures(cultureId);
  const left =
    o.daysLeft <= 0 ? i18n._('srv.charge.low.none') : i18n._('srv.charge.low.days', { days: o.daysLeft });
  const summary = i18n._('srv.charge.low.summary', {
    balance: fig.num(o.balance),
    balanceForm: fig.form(o.balance),
    validators: o.validators,
    cost: fig.num(o.dailyCost),
    costForm: fig.form(o.dailyCost),
  });
  return {
    to,
    subject: i18n._('srv.charge.low.subject'),
    text: `${summary} ${left}\n\n${i18n._('srv.charge.low.end', { link: `${publicUrl}/payment` })}`,
  };
}

/**
 * The termination: what happened, that the ETH is still on its way (the exits take the beacon
 * chain a day or more; the wallet status page shows each one's expected date), what the customer
 * keeps (read-only access to the history, statements, keys and words), how to come back, and a
 * support link that works for a terminated account (issue 24). In the customer's language.
 */
export function terminatedMail(
  publicUrl: string,
  to: string,
  o: { exited: number },
  cultureId: number = DEFAULT_LANGUAGE.cultureId,
): OutgoingMail {
  const i18n = i18nOfCulture(cultureId);
  return {
    to,
    subject: i18n._('srv.charge.end.subject'),
    text: [
      i18n._('srv.charge.end.exited', { exited: o.exited, link: `${publicUrl}/accountStatus` }),
      i18n._('srv.charge.end.keep'),
      i18n._('srv.charge.end.again'),
      i18n._('srv.charge.end.support', { link: `${publicUrl}/customer-support` }),
    ].join('\n\n'),
  };
}
