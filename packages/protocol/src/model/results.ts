// What a redemption or a liquidation did, as read back from its receipt.
import type { Decimal } from '../decimal/Decimal.ts';
import type { Cache } from './Cache.ts';

export interface RedemptionDetails {
  /** PAYD the caller asked to redeem. */
  attemptedPAYDAmount: Decimal;
  /** PAYD actually redeemed (less when the caches touched ran out or the amount was truncated). */
  actualPAYDAmount: Decimal;
  /** ETH paid out for the redeemed PAYD, before the fee. */
  collateralTaken: Decimal;
  /** Redemption fee, in ETH. */
  fee: Decimal;
}

export interface LiquidationDetails {
  /** Owners of the caches that were liquidated. */
  liquidatedAddresses: string[];
  /** ETH paid to the liquidator. */
  collateralGasCompensation: Decimal;
  /** PAYD paid to the liquidator (the liquidation reserves). */
  paydGasCompensation: Decimal;
  /** Collateral and debt of all liquidated caches together. */
  totalLiquidated: Cache;
}
