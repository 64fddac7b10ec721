// What staking costs, said before and after the deposit (issue 24 item 6): the daily fee of the
// customer's validators (Rates.CR credits per validator and UTC day, charged from the first full
// UTC day after each validator becomes active) and how long their credits last at that fee. Shown
// in the stake flow's 'Transaction Summary' and on the dashboard after a deposit (TopUpPrompt).
import { addCredits, remainingDays, remainingText } from '@payd/schemas';

export interface FeeView {
  /** e.g. '2.00 credits a day (1.00 per validator)'. */
  fee: string;
  /** How long the credits last at that fee, or what to do when they do not. */
  runway: string;
  /** The credits pay fewer than a month: the customer should top up. */
  low: boolean;
}

const validatorsWord = (n: number) => `${n} validator${n === 1 ? '' : 's'}`;

/** The fee of `validators` validators at `cr` credits each a day, and the runway of `credits`. */
export function feeView(validators: number, cr: string, credits: string): FeeView {
  const perDay = addCredits(...Array.from({ length: Math.max(validators, 0) }, () => cr));
  const fee = `${perDay} credits a day (${addCredits(cr)} per validator), from the first full UTC day after activation`;
  const balance = addCredits(credits);
  const days = remainingDays(credits, validators, cr);
  let runway: string;
  if (balance.startsWith('-'))
    runway = `Your balance is ${balance} credits: top up to pay the days already charged and keep your validators running.`;
  else if (/^0\.00$/.test(balance))
    runway = 'You have no credits yet: top up after the deposit to keep your validators running.';
  else if (days < 1)
    runway = `Your ${balance} credits do not pay one day of ${validatorsWord(validators)}: top up after the deposit.`;
  else
    runway = `Your ${balance} credits pay ${remainingText(days, validators)} of ${validatorsWord(validators)}.`;
  return { fee, runway, low: days < 30 };
}
