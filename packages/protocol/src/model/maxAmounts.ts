// What the forms' Max buttons fill in (issue 27 item 10): never more than the contract would take
// or the wallet can pay, so Max is always an amount that can be sent.
import { Decimal } from '../decimal/Decimal.ts';
import { maxRepayment } from './debtLimits.ts';

/** ETH a Max leaves in the wallet for the transaction's gas. */
export const ETH_GAS_ALLOWANCE = Decimal.from('0.02');

/** The most ETH to deposit as collateral: the wallet's ETH less the gas allowance. */
export const maxEthDeposit = (balance: Decimal): Decimal => balance.subOrZero(ETH_GAS_ALLOWANCE);

/** The most PAYD to repay and keep the cache: down to the minimum debt, and no more than the wallet holds. */
export const maxRepay = (debt: Decimal, paydBalance: Decimal): Decimal =>
  Decimal.min(maxRepayment(debt), paydBalance);
