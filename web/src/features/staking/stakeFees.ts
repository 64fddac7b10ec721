// What staking costs, said before and after the deposit (issue 24 item 6, issue 25 item 9): the
// daily fee of the customer's validators (Rates.CR credits per 32 ETH of effective balance and UTC
// day, @payd/schemas validatorDailyFee, charged from the first full UTC day after each validator
// becomes active) and how long their credits last at that fee. Shown in the stake flow's
// 'Transaction Summary' (with the fee of the stake being made, for its kind and amount) and on the
// dashboard after a deposit (TopUpPrompt).
import {
  addCredits,
  DEFAULT_STAKE_AMOUNT_ETH,
  DEFAULT_STAKE_KIND,
  remainingDaysAt,
  remainingText,
  stakeDailyFee,
  startingEffectiveGwei,
  validatorDailyFee,
  type ValidatorKind,
} from '@payd/schemas';
import { code, type ValidatorRow } from './validatorsRules.ts';

export interface FeeView {
  /** e.g. '3.00 credits a day (1.00 per 32 ETH of effective balance), from the first full UTC day after activation'. */
  fee: string;
  /** The stake being made: e.g. '2 validators of 64 ETH: 4.00 credits a day (2.00 each)'; null without one. */
  stake: string | null;
  /** How long the credits last, or what to do when they do not. */
  runway: string;
  /** The credits pay fewer than a month: the customer should top up. */
  low: boolean;
  /** The figures the texts above are worded from, for the page to word them in its language. */
  figures: FeeFigures;
}

/** The exact figures of a FeeView (credits as 2-decimal strings). */
export interface FeeFigures {
  /** Credits a day of all the validators. */
  perDay: string;
  /** Credits a day per 32 ETH of effective balance. */
  cr: string;
  /** The credit balance. */
  balance: string;
  /** Whole days the balance pays. */
  days: number;
  validators: number;
  /** The stake being made: its count, ETH each, credits a day in all and each; null without one. */
  stake: { count: number; amountEth: number; all: string; each: string } | null;
}

/** The validators of a stake: how many, of which kind, with how much ETH each. */
export interface StakeChoice {
  count: number;
  kind: ValidatorKind;
  amountEth: number;
}

/** What the stake page deposits until it offers the choice of kind and amount. */
export const DEFAULT_STAKE: Omit<StakeChoice, 'count'> = {
  kind: DEFAULT_STAKE_KIND,
  amountEth: DEFAULT_STAKE_AMOUNT_ETH,
};

const validatorsWord = (n: number) => `${n} validator${n === 1 ? '' : 's'}`;

/** '2 validators of 64 ETH: 4.00 credits a day (2.00 each)'. */
export function stakeFeeText(cr: string, s: StakeChoice): string {
  const each = validatorDailyFee(cr, startingEffectiveGwei(s.kind, s.amountEth));
  const all = stakeDailyFee(cr, s.count, s.kind, s.amountEth);
  return `${validatorsWord(s.count)} of ${s.amountEth} ETH: ${all} credits a day${s.count > 1 ? ` (${each} each)` : ''}`;
}

/**
 * The fee of `validators` validators costing `dailyFee` credits a day at `cr` per 32 ETH, the stake
 * being made (if any, already in `validators` and `dailyFee`), and the runway of `credits`.
 */
export function feeView(
  o: { cr: string; validators: number; dailyFee: string; stake?: StakeChoice | null },
  credits: string,
): FeeView {
  const perDay = addCredits(o.dailyFee);
  const fee = `${perDay} credits a day (${addCredits(o.cr)} per 32 ETH of effective balance), from the first full UTC day after activation`;
  const balance = addCredits(credits);
  const days = remainingDaysAt(credits, perDay);
  const n = o.validators;
  let runway: string;
  if (balance.startsWith('-'))
    runway = `Your balance is ${balance} credits: top up to pay the days already charged and keep your validators running.`;
  else if (/^0\.00$/.test(balance))
    runway = 'You have no credits yet: top up after the deposit to keep your validators running.';
  else if (days < 1)
    runway = `Your ${balance} credits do not pay one day of ${validatorsWord(n)}: top up after the deposit.`;
  else runway = `Your ${balance} credits pay ${remainingText(days, n)} of ${validatorsWord(n)}.`;
  const stake = o.stake && o.stake.count > 0 ? stakeFeeText(o.cr, o.stake) : null;
  const s = o.stake && o.stake.count > 0 ? o.stake : null;
  const figures: FeeFigures = {
    perDay,
    cr: addCredits(o.cr),
    balance,
    days,
    validators: n,
    stake: s && {
      count: s.count,
      amountEth: s.amountEth,
      all: stakeDailyFee(o.cr, s.count, s.kind, s.amountEth),
      each: validatorDailyFee(o.cr, startingEffectiveGwei(s.kind, s.amountEth)),
    },
  };
  return { fee, stake, runway, low: days < 30, figures };
}

/** The stake summary's fees: the account's validators (GetBalance) plus the stake being made. */
export function stakeFeeView(
  cr: string,
  account: { Validators: number; DailyCharge?: string; Credits: string },
  stake: StakeChoice,
): FeeView {
  const current = account.DailyCharge ?? addCredits(...Array.from({ length: account.Validators }, () => cr));
  return feeView(
    {
      cr,
      validators: account.Validators + stake.count,
      dailyFee: addCredits(current, stakeDailyFee(cr, stake.count, stake.kind, stake.amountEth)),
      stake,
    },
    account.Credits,
  );
}

/** Gwei of a row's number-ish field, or null. */
function gweiOf(v: unknown): bigint | null {
  if (v === null || v === undefined || v === '') return null;
  try {
    return BigInt(String(v));
  } catch {
    return null;
  }
}

/** The effective balance the fee of a listed validator is for: the beacon's, else its deposit's start. */
export function rowEffectiveGwei(v: ValidatorRow): bigint {
  const effective = gweiOf(v.EffectiveGwei5);
  if (effective !== null && effective > 0n) return effective;
  const kind = (v.ChainKind5 ?? v.WithdrawalKind5) === '0x02' ? '0x02' : '0x01';
  const deposit = gweiOf(v.DepositGwei5) ?? 32_000_000_000n;
  return startingEffectiveGwei(kind, Number(deposit / 1_000_000_000n));
}

/** Deposited and not exited: the validators the daily fee will be charged for. */
export const FEE_CODES: readonly string[] = ['0', '1', '2', '3', '4'];

/** The daily fee of the listed validators that are (or will be) charged. */
export function rowsDailyFee(rows: readonly ValidatorRow[], cr: string): { validators: number; fee: string } {
  const charged = rows.filter((v) => FEE_CODES.includes(code(v)));
  return {
    validators: charged.length,
    fee: addCredits('0', ...charged.map((v) => validatorDailyFee(cr, rowEffectiveGwei(v)))),
  };
}
