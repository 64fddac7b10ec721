// The top-up rules of spec 001 (sections 4 'Payment', 5 'Top-up amount', 9 'Card payments',
// 'Discounts', 'Remaining-credit text') as plain functions on exact decimal strings. The web's
// /payment page and the server (GetEthPayment, GetFtxPayment, card PaymentWs Create) share them.
import { ceilTo, div, fromFixed, fx, mul, mulUp, plain, roundTo, toFixed, FIXED_ONE } from './fixed.ts';
import type { Rates } from './rates.ts';
import { plural } from '../text/plural.ts';

export const TOP_UP_MIN_MESSAGE = 'The minimum top-up amount is 1 Credit.';
/**
 * The most credits one payment may buy, by any path (ETH, FTX, card): 100,000 credits, at the
 * default 1 USD a credit and 1 credit a validator-day about 274 validator-years. It keeps a
 * mistyped or hostile amount from reaching the ledger; a larger top-up is several payments.
 */
export const MAX_CREDITS_PER_PAYMENT = '100000';
export const TOP_UP_MAX_MESSAGE = 'The maximum top-up amount is 100,000 Credits per payment.';
export const NO_FTX_RATE_MESSAGE = 'No FTX rate available, payment is disabled.';
export const NO_ETH_RATE_MESSAGE = 'No ETH rate available, payment is disabled.';
export const NO_VALIDATORS_MESSAGE = 'No validators yet, please stake a validator first.';
export const RATE_CHANGED_MESSAGE = 'Credit Rate is changed. Please refresh the page and top-up again.';
export const NON_REFUNDABLE_WARNING = 'Prepayment of credits is non-refundable.';
export const NO_CREDITS_MESSAGE = 'No credits remaining, topup to keep your validators alive';
export const CARD_UNAVAILABLE_MESSAGE =
  'Credit card payment is temporarily unavailable. Please use an alternative payment method (ETH or FTX).';

/** Keys the top-up input blocks (spec 001 section 5). */
export const TOP_UP_BLOCKED_KEYS: readonly string[] = ['e', 'E', '+', '-'];
/** Credits have 2 decimals; the input is truncated to them. */
export const CREDIT_DECIMALS = 2;
export const MIN_TOP_UP = '1';
/** FTX payments: 20% off. */
export const FTX_FACTOR = '0.8';
/** Topping up 12 months or more (365 × validators × CR credits): a further 10% off. */
export const YEAR_FACTOR = '0.9';
export const YEAR_DAYS = 365;

export type PayCurrency = 'USD' | 'ETH' | 'FTX';

/**
 * What the input field keeps of what was typed: digits and one point, cut to 2 decimals (no
 * rounding). '12.345' reads '12.34'; anything else non-numeric reads ''.
 */
export function truncateCreditsInput(raw: string): string {
  const cleaned = raw.trim();
  const m = /^(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (!m) return '';
  if (m[2] === undefined) return m[1] ?? '';
  return `${m[1]}.${m[2].slice(0, CREDIT_DECIMALS)}`;
}

export type CreditsCheck = { ok: true; credits: string } | { ok: false; error: string | null };

/**
 * Validates the top-up amount: numeric, truncated to 2 decimals, at least 1 and at most
 * MAX_CREDITS_PER_PAYMENT. Empty input is not ok but shows no message (error null); below 1 shows
 * TOP_UP_MIN_MESSAGE, above the maximum TOP_UP_MAX_MESSAGE. credits is 'N.NN'.
 */
export function checkCredits(raw: string): CreditsCheck {
  const t = truncateCreditsInput(raw);
  if (t === '' || t === '.') return { ok: false, error: raw.trim() === '' ? null : TOP_UP_MIN_MESSAGE };
  const v = toFixed(t);
  if (v === null) return { ok: false, error: TOP_UP_MIN_MESSAGE };
  if (v < fx(MIN_TOP_UP)) return { ok: false, error: TOP_UP_MIN_MESSAGE };
  if (v > fx(MAX_CREDITS_PER_PAYMENT)) return { ok: false, error: TOP_UP_MAX_MESSAGE };
  return { ok: true, credits: fromFixed(v, CREDIT_DECIMALS) };
}

/** Sum of credit amounts, exact, as 'N.NN' (0.1 + 0.2 is 0.30). */
export function addCredits(...amounts: string[]): string {
  return fromFixed(
    amounts.reduce((s, a) => s + fx(a), 0n),
    CREDIT_DECIMALS,
  );
}

/** Credits covering 12 months for this many validators: 365 × validators × CR. */
export function yearCredits(validators: number, cr: string): bigint {
  return BigInt(YEAR_DAYS) * BigInt(validators) * fx(cr);
}

/** The discount factor of a top-up: FTX 0.8, ≥ 12 months a further 0.9 (ETH and card only that). */
export function discountFactor(
  credits: string,
  validators: number,
  cr: string,
  currency: PayCurrency,
): string {
  let f = FIXED_ONE;
  if (currency === 'FTX') f = mul(f, fx(FTX_FACTOR));
  if (validators > 0 && fx(credits) >= yearCredits(validators, cr)) f = mul(f, fx(YEAR_FACTOR));
  return plain(f);
}

/** A discount factor as a person reads it: '0.8' '20% off', '0.72' '28% off', '1' 'None'. */
export function discountText(factor: string): string {
  const off = FIXED_ONE - fx(factor);
  if (off <= 0n) return 'None';
  // The factors have at most 2 decimals, so the percentage is whole.
  return `${plain(off * 100n)}% off`;
}

/** The discount of a top-up in a currency: what the hint and the review both say. */
export function topUpDiscountText(
  credits: string,
  validators: number,
  cr: string,
  currency: PayCurrency,
): string {
  return discountText(discountFactor(credits, validators, cr, currency));
}

/**
 * The price of `credits` in a currency: credits × rate × discount. ETH and FTX are rounded up to
 * 18 decimals (wei); USD is exactly what the card is charged (cardCents), so the review shows
 * the amount taken. Returns a decimal string; '0' when the rate is 0.
 */
export function priceOf(credits: string, rates: Rates, validators: number, currency: PayCurrency): string {
  if (currency === 'USD') {
    const cents = cardCents(credits, rates, validators);
    return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
  }
  const factor = fx(discountFactor(credits, validators, rates.CR, currency));
  const amount = mulUp(mulUp(fx(credits), fx(rates[currency])), factor);
  return plain(amount);
}

/** Card amount in cents: credits × 100 × USD rate × discount, rounded half up to whole cents. */
export function cardCents(credits: string, rates: Rates, validators: number): bigint {
  const factor = fx(discountFactor(credits, validators, rates.CR, 'USD'));
  const cents = mul(mul(fx(credits) * 100n, fx(rates.USD)), factor);
  return roundTo(cents, 0) / FIXED_ONE;
}

/** Wei (18 decimals) of an ETH or FTX decimal string, rounded up; and back. */
export function toWei(amount: string): bigint {
  return fx(amount);
}
export function fromWei(wei: bigint): string {
  return plain(wei);
}

/** Credits a validator-day costs is CR; rate of a credit in ETH from a USD price per ETH. */
export function creditRateIn(usdPerCredit: string, usdPerUnit: string): string {
  const unit = fx(usdPerUnit);
  if (unit <= 0n) return '0';
  return plain(ceilTo(div(fx(usdPerCredit), unit), 18));
}

export interface PayButtons {
  ETH: { disabled: boolean; message: string | null };
  FTX: { disabled: boolean; message: string | null };
  USD: { disabled: boolean; message: string | null };
  /** The input is disabled when there are no validators. */
  inputDisabled: boolean;
  /** NO_VALIDATORS_MESSAGE when there are none. */
  message: string | null;
}

/**
 * The pay buttons' state (spec 001 section 5): ETH and FTX are disabled on an input error, an
 * empty or non-positive amount, a non-positive rate for that currency, or no validators; USD the
 * same without the rate. A zero rate gives its 'No … rate available' text.
 */
export function payButtons(raw: string, rates: Rates | null, validators: number): PayButtons {
  const check = checkCredits(raw);
  const base = !check.ok || validators <= 0;
  const rateOk = (c: 'ETH' | 'FTX') => rates !== null && (toFixed(rates[c]) ?? 0n) > 0n;
  const rateMsg = (c: 'ETH' | 'FTX') =>
    rates !== null && !rateOk(c) ? (c === 'ETH' ? NO_ETH_RATE_MESSAGE : NO_FTX_RATE_MESSAGE) : null;
  return {
    ETH: { disabled: base || !rateOk('ETH'), message: rateMsg('ETH') },
    FTX: { disabled: base || !rateOk('FTX'), message: rateMsg('FTX') },
    USD: { disabled: base || rates === null, message: null },
    inputDisabled: validators <= 0,
    message: validators <= 0 ? NO_VALIDATORS_MESSAGE : null,
  };
}

/** True when the rates fetched before paying are the ones the customer was shown. */
export function sameRate(shown: Rates, fetched: Rates, currency: PayCurrency): boolean {
  return fx(shown[currency]) === fx(fetched[currency]) && fx(shown.CR) === fx(fetched.CR);
}

/**
 * True when a paid amount covers `credits` at the current rate within `tolerance` (a fraction,
 * '0.02' = 2%): paid ≥ price × (1 − tolerance). The server books a top-up only then.
 */
export function withinTolerance(paid: string, price: string, tolerance: string): boolean {
  return fx(paid) >= mul(fx(price), FIXED_ONE - fx(tolerance));
}

/** Whole days the credits last: credits ÷ (validators × CR), truncated; 0 without validators. */
export function remainingDays(credits: string, validators: number, cr: string): number {
  return remainingDaysAt(credits, fromFixed(BigInt(Math.max(validators, 0)) * fx(cr)));
}

/**
 * Whole days the credits last at `dailyFee` credits a day (the customer's validators' fees,
 * validatorFee.ts: per 32 ETH of effective balance), truncated; 0 when nothing is charged.
 */
export function remainingDaysAt(credits: string, dailyFee: string): number {
  const perDay = fx(dailyFee);
  const c = fx(credits);
  if (perDay <= 0n || c <= 0n) return 0;
  return Number(c / perDay);
}

/** The Remaining figure without validators: nothing is charged, so the credits do not run out. */
export const NO_VALIDATORS_CHARGED_TEXT = 'No validators to charge';

/**
 * The Remaining text (spec 001 'Remaining-credit text'): over 30 days 'about N months', 1 to 30
 * 'about N days' (one: 'about 1 month', 'about 1 day'), less than a day's charge left
 * NO_CREDITS_MESSAGE; without validators NO_VALIDATORS_CHARGED_TEXT, as there is nothing to keep
 * alive and nothing is charged.
 */
export function remainingText(days: number, validators: number): string {
  if (validators <= 0) return NO_VALIDATORS_CHARGED_TEXT;
  if (days > 30) return `about ${plural(Math.floor(days / 30), 'month')}`;
  if (days >= 1) return `about ${plural(days, 'day')}`;
  return NO_CREDITS_MESSAGE;
}

/** True when the Remaining figure warns (in red): validators are charged and not a day is left. */
export function remainingIsShort(days: number, validators: number): boolean {
  return validators > 0 && days < 1;
}

/** Payment type names and currencies of the history and its export (spec 001 section 9). */
export function paymentTypeName(cd: string): string {
  return cd === 'T' ? 'FTX Payment' : cd === 'C' ? 'Credit Card' : cd === 'E' ? 'ETH Payment' : 'Arbitrary';
}
export function paymentCurrency(cd: string): string {
  return cd === 'T' ? 'FTX' : cd === 'E' ? 'ETH' : 'USD';
}
