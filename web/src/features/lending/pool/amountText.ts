// The message of an amount field of the pool, redeem and liquid-staking screens in the reader's
// language: amountRules.ts words it in English (its tests read the spec's words).
import type { LendingTranslate } from '../useLendingT.ts';
import type { AmountCheck } from './amountRules.ts';

/** The limits amountRules.ts names, by their English name. */
const OVER: Record<string, string> = {
  'your PAYD balance': 'lending.amount.overPayd',
  'your deposit': 'lending.amount.overDeposit',
  'your FETH balance': 'lending.amount.overFeth',
};

export function amountErrorText(
  { t, message, num }: LendingTranslate,
  check: AmountCheck,
): string | undefined {
  if (check.kind !== 'error') return undefined;
  const id = check.over && OVER[check.over.maxName ?? ''];
  return id && check.over ? t(id, { max: num(check.over.max, 4) }) : message(check.message);
}
