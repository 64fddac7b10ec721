// Verifying an ETH or FTX top-up on chain before it is booked (GetEthPayment, GetFtxPayment):
// the transaction must exist, be mined with enough confirmations, have succeeded, come from the
// customer's registered wallet, and pay payd's wallet the stated amount (ETH as the value, FTX as
// a Transfer of the deployment's FTX token); the stated amount must buy the credits at the current
// rate within the tolerance. Plain function over what the chain reported.
import {
  NO_ETH_RATE_MESSAGE,
  NO_FTX_RATE_MESSAGE,
  priceOf,
  RATE_CHANGED_MESSAGE,
  toWei,
  withinTolerance,
  type Rates,
} from '@payd/schemas';
import type { PaymentTransaction } from '@payd/protocol';

export const PaymentMessages = {
  unknown: 'This transaction was not found on the chain. Please check it and try again.',
  pending: 'This transaction is not confirmed yet. Please try again in a minute.',
  failed: 'This transaction failed on the chain; nothing was booked.',
  otherWallet: 'This transaction was not sent from your registered wallet.',
  wrongRecipient: "This transaction did not pay payd's wallet.",
  wrongAmount: 'This transaction did not pay the amount stated.',
  duplicate: 'This transaction has already been booked.',
  noWallet: 'Please register your wallet first.',
  unavailable: 'Payments by this currency are not available right now. Please try again later.',
  noValidators: 'No validators yet, please stake a validator first.',
  rateChanged: RATE_CHANGED_MESSAGE,
} as const;

export interface Expected {
  currency: 'ETH' | 'FTX';
  /** The customer's registered wallet. */
  wallet: string;
  /** payd's wallet. */
  paydWallet: string;
  /** Amount stated by the customer in ETH or FTX. */
  amount: string;
  credits: string;
  confirmations: number;
  rates: Rates;
  validators: number;
  tolerance: string;
}

/** The spec's 'No … rate available' message when `currency` has no usable rate (0); else null. */
export function rateUnavailable(rates: Rates, currency: 'ETH' | 'FTX'): string | null {
  let rate = 0n;
  try {
    rate = toWei(rates[currency]);
  } catch {
    rate = 0n;
  }
  if (rate > 0n) return null;
  return currency === 'ETH' ? NO_ETH_RATE_MESSAGE : NO_FTX_RATE_MESSAGE;
}

const same = (a: string | null | undefined, b: string) => !!a && a.toLowerCase() === b.toLowerCase();

/** Null when the transaction pays for the credits; otherwise the message for the customer. */
export function checkPayment(tx: PaymentTransaction, e: Expected): string | null {
  if (!tx.found) return PaymentMessages.unknown;
  if (!tx.mined || tx.confirmations < e.confirmations) return PaymentMessages.pending;
  if (!tx.succeeded) return PaymentMessages.failed;
  if (!same(tx.from, e.wallet)) return PaymentMessages.otherWallet;
  if (e.currency === 'ETH') {
    if (!same(tx.to, e.paydWallet)) return PaymentMessages.wrongRecipient;
    if (tx.value.raw !== weiOf(e.amount)) return PaymentMessages.wrongAmount;
  } else {
    const toPayd = tx.ftxTransfers.filter((t) => same(t.to, e.paydWallet) && same(t.from, e.wallet));
    if (toPayd.length === 0) return PaymentMessages.wrongRecipient;
    const paid = toPayd.reduce((s, t) => s + t.amount.raw, 0n);
    if (paid !== weiOf(e.amount)) return PaymentMessages.wrongAmount;
  }
  if (e.validators <= 0) return PaymentMessages.noValidators;
  // A zero rate prices any credits at 0: never book at it (the caller refuses earlier; this holds
  // for any other caller too).
  const noRate = rateUnavailable(e.rates, e.currency);
  if (noRate) return noRate;
  const price = priceOf(e.credits, e.rates, e.validators, e.currency);
  if (!withinTolerance(e.amount, price, e.tolerance)) return PaymentMessages.rateChanged;
  return null;
}

function weiOf(v: string): bigint {
  const [i, f = ''] = v.split('.');
  return BigInt(i || '0') * 10n ** 18n + BigInt((f.slice(0, 18) || '0').padEnd(18, '0'));
}
