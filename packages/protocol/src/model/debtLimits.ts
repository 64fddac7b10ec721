// What the form says when a cache's debt would break the minimum (issue 27 item 10): the spec's
// 'Cache's debt might fall below 2700 within 10 minutes' only when the fee decaying during those
// minutes is what takes it under; a debt already under the minimum, and a repayment larger than
// the debt or than what the minimum leaves, are refused with their own reason.
import type { Decimal } from '../decimal/Decimal.ts';
import { DebtBelowMinimumError } from '../errors/errors.ts';
import {
  DEFAULT_BORROWING_FEE_DECAY_TOLERANCE_MINUTES,
  PAYD_LIQUIDATION_RESERVE,
  PAYD_MINIMUM_DEBT,
} from './constants.ts';

const minimum = `${PAYD_MINIMUM_DEBT.prettify()} PAYD (the ${PAYD_LIQUIDATION_RESERVE.prettify(0)} PAYD liquidation reserve and the fee included)`;

/**
 * Why a cache with `debtNow` (at today's rate) and `debtAfterDecay` (the fee decayed for the
 * tolerance) may not be opened or left so, or undefined.
 */
export function minimumDebtRefusal(
  debtNow: Decimal,
  debtAfterDecay: Decimal,
  toleranceMinutes = DEFAULT_BORROWING_FEE_DECAY_TOLERANCE_MINUTES,
): string | undefined {
  if (debtNow.lt(PAYD_MINIMUM_DEBT))
    return `The debt would be ${debtNow.prettify()} PAYD, under the minimum of ${minimum}: borrow more.`;
  if (debtAfterDecay.lt(PAYD_MINIMUM_DEBT))
    return new DebtBelowMinimumError(PAYD_MINIMUM_DEBT, toleranceMinutes).message;
  return undefined;
}

/** The most a repayment may take off `debt` and keep the cache open (closing repays the rest). */
export const maxRepayment = (debt: Decimal): Decimal => debt.subOrZero(PAYD_MINIMUM_DEBT);

/** Why repaying `repay` PAYD of `debt` is refused, or undefined. */
export function repaymentRefusal(debt: Decimal, repay: Decimal): string | undefined {
  const most = `You can repay at most ${maxRepayment(debt).prettify()} PAYD and keep the cache, or close it to repay all of it.`;
  if (repay.gt(debt)) return `That is more than the debt of your cache, ${debt.prettify()} PAYD. ${most}`;
  const left = debt.sub(repay);
  if (left.lt(PAYD_MINIMUM_DEBT))
    return `That would leave a debt of ${left.prettify()} PAYD, under the minimum of ${minimum}. ${most}`;
  return undefined;
}
