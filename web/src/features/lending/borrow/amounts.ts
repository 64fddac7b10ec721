// Amount fields of the lending forms: text as typed to an exact Decimal, or the spec's message
// (@payd/protocol's parseAmountInput: digits with an optional fraction and exponent, never rounded).
import { BAD_DECIMAL_FORMAT, parseAmountInput, type ParsedAmountInput } from '@payd/protocol';

export { BAD_DECIMAL_FORMAT };

export type ParsedAmount = ParsedAmountInput;

/** The amount typed in a field: undefined for an empty field, the Decimal otherwise. */
export const parseAmount = (text: string): ParsedAmount => parseAmountInput(text);
