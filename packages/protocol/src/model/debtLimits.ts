// What the form says when a cache's debt would break the minimum (issue 27 item 10): the spec's
// 'Cache's debt might fall below 2700 within 10 minutes' only when the fee decaying during those
// minutes is what takes it under; a debt already under the minimum, and a repayment larger than
// the debt or than what the minimum leaves, are refused with their own reason, a catalogue message
// with figures (errors/ruleTexts.ts) the web shows in the reader's language.
import type { Decimal } from '../decimal/Decimal.ts';
import { DebtBelowMinimumError } from '../errors/errors.ts';
import { ruleEnglish, type RuleFigure, type RuleText } from '../errors/ruleTexts.ts';
import {
  DEFAULT_BORROWING_FEE_DECAY_TOLERANCE_MINUTES,
  PAYD_LIQUIDATION_RESERVE,
  PAYD_MINIMUM_DEBT,
} from './constants.ts';

/** The minimum's figures as the refusals name them: '2,700.00 PAYD (the 200 PAYD liquidation reserve …)'. */
const minimumFigures = {
  minimum: { amount: PAYD_MINIMUM_DEBT, digits: 2 },
  reserve: { amount: PAYD_LIQUIDATION_RESERVE, digits: 0 },
} as const;
const payd = (amount: Decimal): RuleFigure => ({ amount, digits: 2 });

/**
 * Why a cache with `debtNow` (at today's rate) and `debtAfterDecay` (the fee decayed for the
 * tolerance) may not be opened or left so, or undefined; as a catalogue message and its figures
 * when the debt is under the minimum now (`rule.debtUnderMinimum`), the spec's fixed text otherwise.
 */
export function minimumDebtRule(
  debtNow: Decimal,
  debtAfterDecay: Decimal,
  toleranceMinutes = DEFAULT_BORROWING_FEE_DECAY_TOLERANCE_MINUTES,
): RuleText | string | undefined {
  if (debtNow.lt(PAYD_MINIMUM_DEBT))
    return { id: 'rule.debtUnderMinimum', values: { debt: payd(debtNow), ...minimumFigures } };
  if (debtAfterDecay.lt(PAYD_MINIMUM_DEBT))
    return new DebtBelowMinimumError(PAYD_MINIMUM_DEBT, toleranceMinutes).message;
  return undefined;
}

/** minimumDebtRule in English. */
export function minimumDebtRefusal(
  debtNow: Decimal,
  debtAfterDecay: Decimal,
  toleranceMinutes = DEFAULT_BORROWING_FEE_DECAY_TOLERANCE_MINUTES,
): string | undefined {
  const rule = minimumDebtRule(debtNow, debtAfterDecay, toleranceMinutes);
  return typeof rule === 'object' ? ruleEnglish(rule) : rule;
}

/** The most a repayment may take off `debt` and keep the cache open (closing repays the rest). */
export const maxRepayment = (debt: Decimal): Decimal => debt.subOrZero(PAYD_MINIMUM_DEBT);

/** Why repaying `repay` PAYD of `debt` is refused (its catalogue message and figures), or undefined. */
export function repaymentRule(debt: Decimal, repay: Decimal): RuleText | undefined {
  const most = payd(maxRepayment(debt));
  if (repay.gt(debt)) return { id: 'rule.repayAboveDebt', values: { debt: payd(debt), most } };
  const left = debt.sub(repay);
  if (left.lt(PAYD_MINIMUM_DEBT))
    return { id: 'rule.repayUnderMinimum', values: { left: payd(left), most, ...minimumFigures } };
  return undefined;
}

/** repaymentRule in English. */
export function repaymentRefusal(debt: Decimal, repay: Decimal): string | undefined {
  const rule = repaymentRule(debt, repay);
  return rule && ruleEnglish(rule);
}
