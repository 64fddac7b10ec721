// What a person types in an amount field of the rewards pool, redeem and risky-caches screens,
// read as an exact Decimal or refused with the message shown by the field. Nothing refused here
// ever reaches the wallet.
import { BAD_DECIMAL_FORMAT, Decimal, parseAmountInput } from '@payd/protocol';

export { BAD_DECIMAL_FORMAT };

export type AmountCheck =
  | { kind: 'empty' }
  | { kind: 'error'; message: string; over?: { max: Decimal; maxName?: string } }
  | { kind: 'ok'; amount: Decimal };

export interface AmountLimits {
  /** The most the person may give (wallet balance, deposit); above it is refused. */
  max?: Decimal;
  /** What the limit is, for the message, e.g. 'your PAYD balance'. */
  maxName?: string;
  /** Unit shown in messages, e.g. 'PAYD'. */
  unit?: string;
  /** Zero is refused unless allowed. */
  allowZero?: boolean;
}

/** Reads `text` as a non-negative amount (spec 000 section 5, exponent allowed), within `limits`. */
export function checkAmount(text: string, limits: AmountLimits = {}): AmountCheck {
  const parsed = parseAmountInput(text);
  if (!parsed.ok) return { kind: 'error', message: parsed.error };
  const amount = parsed.value;
  if (!amount) return { kind: 'empty' };
  if (amount.isZero && !limits.allowZero) return { kind: 'error', message: 'Enter an amount above 0' };
  if (limits.max && amount.gt(limits.max)) {
    const unit = limits.unit ? ` ${limits.unit}` : '';
    return {
      kind: 'error',
      message: `That is more than ${limits.maxName ?? 'you have'} (${limits.max.prettify(4)}${unit})`,
      over: { max: limits.max, maxName: limits.maxName },
    };
  }
  return { kind: 'ok', amount };
}

/** The error text of a check, for a Mantine `error` prop. */
export const amountError = (check: AmountCheck): string | undefined =>
  check.kind === 'error' ? check.message : undefined;

/**
 * A whole number of caches, 1 or more: the contract liquidates what it can of them, riskiest first
 * (Liquity's batch liquidation), so a number above the caches there are is not refused.
 */
export function checkCount(text: string): { count?: number; message?: string } {
  const t = text.trim();
  if (t === '') return {};
  if (!/^\d+$/.test(t)) return { message: 'Enter a whole number of caches' };
  const count = Number(t);
  if (count < 1) return { message: 'Enter at least 1' };
  if (!Number.isSafeInteger(count)) return { message: 'Enter a smaller number of caches' };
  return { count };
}
