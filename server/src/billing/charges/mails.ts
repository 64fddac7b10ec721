// Texts of the e-mails of the daily charges: the low-credit warning and the termination.
import { plural } from '@payd/schemas';
import type { OutgoingMail } from '../../mail/mailer.ts';

export const ChargeMailSubjects = {
  warning: 'payd: your credits are running low',
  terminated: 'payd: your validators have been exited',
} as const;

export function lowCreditMail(
  publicUrl: string,
  to: string,
  o: { balance: string; validators: number; daysLeft: number; dailyCharge: string },
): OutgoingMail {
  const left =
    o.daysLeft <= 0
      ? 'Your credits do not pay the next day of your validators.'
      : `Your credits pay about ${plural(o.daysLeft, 'more day')} of your validators.`;
  return {
    to,
    subject: ChargeMailSubjects.warning,
    text:
      `Your payd credit balance is ${plural(o.balance, 'credit')}. ${plural(o.validators, 'validator')} ` +
      `${o.validators === 1 ? 'costs' : 'cost'} ${plural(o.dailyCharge, 'credit')}${o.validators === 1 ? '' : ' each'} per day. ${left}\n\n` +
      `When your credits run out, payd exits your validators and your account is terminated. ` +
      `Top up at ${publicUrl}/payment to keep your validators alive.`,
  };
}

export function terminatedMail(publicUrl: string, to: string, o: { exited: number }): OutgoingMail {
  return {
    to,
    subject: ChargeMailSubjects.terminated,
    text:
      `Your payd account has been terminated: your account did not have enough balance for the charges of ` +
      `your validators. ${o.exited} validator${o.exited === 1 ? ' has' : 's have'} been exited, and the ETH is ` +
      `being moved to your withdrawal address as the beacon chain processes the exits.\n\n` +
      `Please contact support: ${publicUrl}/customer-support`,
  };
}
