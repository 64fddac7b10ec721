// Checks of the send and FTX forms before the wallet is asked: the amount (spec 000 section 5:
// digits with an optional fraction and exponent, else 'bad decimal format'), the wallet's balance
// and the recipient address.
import { BAD_DECIMAL_FORMAT, parseAmountInput, type Decimal } from '@payd/protocol';
import { isAddress, type Address } from 'viem';

export { BAD_DECIMAL_FORMAT };

export const transferMessages = {
  required: 'Enter an amount',
  zero: 'The amount must be more than 0',
  overBalance: (balance: Decimal, unit: string) => `More than your balance of ${balance.prettify(4)} ${unit}`,
  address: 'Enter an address: 0x followed by 40 hexadecimal characters',
  self: 'This is your own address',
} as const;

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** The amount typed, as a Decimal of at most 18 decimals, above zero and within `balance`. */
export function checkAmount(text: string, balance: Decimal | undefined, unit: string): Checked<Decimal> {
  const parsed = parseAmountInput(text);
  if (!parsed.ok) return { ok: false, message: parsed.error };
  const amount = parsed.value;
  if (!amount) return { ok: false, message: transferMessages.required };
  if (amount.isZero) return { ok: false, message: transferMessages.zero };
  if (balance && amount.gt(balance))
    return { ok: false, message: transferMessages.overBalance(balance, unit) };
  return { ok: true, value: amount };
}

/** A 0x address of 20 bytes (any letter case), not the sender's own. */
export function checkAddress(text: string, own: Address | undefined): Checked<Address> {
  const t = text.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(t) || !isAddress(t, { strict: false }))
    return { ok: false, message: transferMessages.address };
  if (own && t.toLowerCase() === own.toLowerCase()) return { ok: false, message: transferMessages.self };
  return { ok: true, value: t as Address };
}
