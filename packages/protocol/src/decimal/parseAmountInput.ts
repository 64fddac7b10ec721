// What a person types in an amount field, read exactly as spec 000 section 5 allows: digits with an
// optional fraction and exponent ('1e1', '2.5E3', '.5'; thousands commas ignored). Unlike
// Decimal.from, which a program calls, nothing is rounded: an amount finer than 18 decimals is
// refused, and so is one beyond 2^256 or with an exponent no amount needs (which would also make
// the parse slow).
import { Decimal } from './Decimal.ts';

/** Spec 000 section 5's message for a text that is not such a decimal. */
export const BAD_DECIMAL_FORMAT = 'bad decimal format';

const FORMAT = /^([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]{1,3})?$/;
const MAX_EXPONENT = 80;
const MAX_UINT256 = 2n ** 256n - 1n;

export type ParsedAmountInput = { ok: true; value: Decimal | undefined } | { ok: false; error: string };

/** The typed amount (undefined when the field is empty) or 'bad decimal format'. */
export function parseAmountInput(text: string): ParsedAmountInput {
  const t = text.trim().replace(/,/g, '');
  if (t === '') return { ok: true, value: undefined };
  const bad = { ok: false, error: BAD_DECIMAL_FORMAT } as const;
  if (!FORMAT.test(t)) return bad;
  const [mantissa = '', exponentText] = t.split(/[eE]/);
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  if (Math.abs(exponent) > MAX_EXPONENT) return bad;
  const [whole = '', fraction = ''] = mantissa.split('.');
  const digits = BigInt(whole + fraction || '0');
  const shift = 18 + exponent - fraction.length;
  const divisor = shift < 0 ? 10n ** BigInt(-shift) : 1n;
  if (digits % divisor !== 0n) return bad;
  const raw = shift >= 0 ? digits * 10n ** BigInt(shift) : digits / divisor;
  if (raw > MAX_UINT256) return bad;
  return { ok: true, value: Decimal.fromRaw(raw) };
}
