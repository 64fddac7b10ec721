// The catalogue id of each message packages/schemas defines (@payd/i18n's catalogues hold the
// translations; the English catalogue repeats these texts verbatim, messageIds.test.ts checks).
// Rules here return the English text, so the server and the web can tell which message it is.
import { authMessages } from './auth/messages.ts';
import { StatementMessages } from './billing/statements.ts';
import { docMessages } from './kyc/documents.ts';
import { personalMessages } from './kyc/personalDetails.ts';
import { depositAmountMessages } from './staking/deposit.ts';
import { stakeCountMessages } from './staking/prepareDeposits.ts';

/** English text of a schema message → its catalogue id. */
export const schemaMessageIds: ReadonlyMap<string, string> = new Map([
  ...idsOf(authMessages, 'auth'),
  ...idsOf(personalMessages, 'kycPersonal'),
  ...idsOf(docMessages, 'kycDoc'),
  ...idsOf(stakeCountMessages, 'stakeCount'),
  ...idsOf(depositAmountMessages, 'depositAmount'),
  ...idsOf(StatementMessages, 'statement'),
]);

/** The text messages of one group as [English text, `prefix.key`] (messages with values, which
 * are functions, have their own ids and the web words them itself). */
function idsOf(messages: Record<string, unknown>, prefix: string): [string, string][] {
  return Object.entries(messages).flatMap(([key, text]) =>
    typeof text === 'string' ? [[text, `${prefix}.${key}`] as [string, string]] : [],
  );
}
