// The borrowing fee as BorrowerOperations charges it: floor(amount x rate), then less the FTX
// stake's discount, floor(fee x (100 - percent) / 100) (LendingBase._applyDiscount). The web's
// preview and the write path both take it from here, so they build the same cache.
import { Decimal, type Decimalish } from '../decimal/Decimal.ts';

/** `fee` less `discountPercent` percent (a whole number, 0-100), rounded down as the contract does. */
export function applyFeeDiscount(fee: Decimal, discountPercent: number): Decimal {
  if (!Number.isInteger(discountPercent) || discountPercent < 0)
    throw new RangeError(`discountPercent must be a whole number from 0, got ${discountPercent}`);
  if (discountPercent === 0 || fee.isZero) return fee;
  if (discountPercent >= 100) return Decimal.ZERO;
  return Decimal.fromRaw((fee.raw * BigInt(100 - discountPercent)) / 100n);
}

/** The fee on borrowing `amount` at `rate` for a borrower whose FTX stake takes `discountPercent` off. */
export function borrowingFee(amount: Decimalish, rate: Decimalish, discountPercent = 0): Decimal {
  return applyFeeDiscount(Decimal.from(amount).mul(rate), discountPercent);
}
