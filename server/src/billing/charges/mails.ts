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
  o: { balance: string; validators: number; daysLeft: number; dailyCost: string },
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
      `${o.validators === 1 ? 'costs' : 'cost'} ${plural(o.dailyCost, 'credit')} per day (the daily charge per ` +
      `32 ETH of effective balance). ${left}\n\n` +
      `When your credits run out, payd exits your validators and your account is terminated. ` +
      `Top up at ${publicUrl}/payment to keep your validators alive.`,
  };
}

/**
 * The termination: what happened, that the ETH is still on its way (the exits take the beacon
 * chain a day or more; the wallet status page shows each one's expected date), what the customer
 * keeps (read-only access to the history, statements, keys and words), how to come back, and a
 * support link that works for a terminated account (issue 24).
 */
export function terminatedMail(publicUrl: string, to: string, o: { exited: number }): OutgoingMail {
  const one = o.exited === 1;
  return {
    to,
    subject: ChargeMailSubjects.terminated,
    text:
      `Your payd account has been terminated: your credits no longer paid the daily charge of your ` +
      `validators. ${o.exited} validator${one ? ' has' : 's have'} been exited. ` +
      `${one ? 'Its' : 'Their'} ETH reaches your withdrawal address once the beacon chain has processed ` +
      `the exit${one ? '' : 's'}, which takes a day or more; your wallet status page shows where each exit ` +
      `stands and the date its ETH is expected: ${publicUrl}/accountStatus\n\n` +
      `You keep read-only access to your dashboard history, statements, payment history, deposit data, ` +
      `keystores and recovery words.\n\n` +
      `To stake with payd again once your validators have exited, register your wallet again on the ` +
      `wallet status page, then top up after your deposit.\n\n` +
      `Questions? Contact support: ${publicUrl}/customer-support`,
  };
}
