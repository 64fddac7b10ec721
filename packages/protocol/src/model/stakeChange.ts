// Moving a staked amount to a new amount: stake the difference up, or unstake down (all at zero).
// Shared by the staking record and the FTX stake, which follow the same rule.
import { Decimal, type Decimalish } from '../decimal/Decimal.ts';

export type StakeChange =
  | { stake: Decimal; unstake?: undefined; unstakeAll?: undefined }
  | { stake?: undefined; unstake: Decimal; unstakeAll: boolean };

/** The change from `current` to `target`; undefined when they are equal (nothing to send). */
export function whatStakeChanged(current: Decimal, target: Decimalish): StakeChange | undefined {
  const goal = Decimal.from(target);
  if (goal.lt(current)) return { unstake: current.sub(goal), unstakeAll: goal.isZero };
  if (goal.gt(current)) return { stake: goal.sub(current) };
  return undefined;
}

/** The staked amount after `change`; unstaking all, or at least the current stake, gives zero. */
export function applyStakeChange(current: Decimal, change: StakeChange | undefined): Decimal {
  if (!change) return current;
  if (change.unstake !== undefined) {
    return change.unstakeAll || current.lte(change.unstake) ? Decimal.ZERO : current.sub(change.unstake);
  }
  if (change.stake !== undefined) return current.add(change.stake);
  // Neither an increase nor a decrease: ignored.
  return current;
}
