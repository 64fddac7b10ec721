// Gas added on top of an estimate, because the state a transaction meets when mined may cost more
// than the state it was estimated against.
import { GAS_HEADROOM_LIQUIDATION, GAS_HEADROOM_MAIN_PATH } from './constants.ts';

/** Writes that re-insert a cache may walk a few more list entries than estimated. */
export const withListTraversalHeadroom = (gas: bigint): bigint => gas + GAS_HEADROOM_MAIN_PATH;

/** Liquidations may meet more or different caches than estimated. */
export const withLiquidationHeadroom = (gas: bigint): bigint => gas + GAS_HEADROOM_LIQUIDATION;

/**
 * Borrowing updates the base rate; decaying it costs more the longer since the last update, which
 * grows with the log of the tolerance.
 */
export const baseRateUpdateGas = (toleranceMinutes: number): bigint =>
  BigInt(10_000 + 1_414 * Math.ceil(Math.log2(toleranceMinutes + 1)));

/**
 * Gas limit of a borrowing write: the larger of the estimate now plus list headroom and the
 * estimate with the decayed amount, plus the base-rate update cost.
 */
export function borrowingGasLimit(gasNow: bigint, gasLater: bigint, toleranceMinutes: number): bigint {
  const traversal = withListTraversalHeadroom(gasNow);
  return (traversal > gasLater ? traversal : gasLater) + baseRateUpdateGas(toleranceMinutes);
}
