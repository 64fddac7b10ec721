// The fee calculator from the cache manager's raw values, shared by every read that needs fees.
import { Decimal } from '../decimal/Decimal.ts';
import { Fees } from '../model/Fees.ts';

export interface RawFees {
  baseRate: bigint;
  /** Seconds since the epoch. */
  lastFeeOperationTime: bigint;
  minuteDecayFactor: bigint;
  /** A plain integer on chain (BETA = 2), not 18-decimal. */
  beta: bigint;
  /** Timestamp of the block read, in seconds. */
  blockTimestamp: bigint;
}

export function feesFromChain(raw: RawFees, recoveryMode: boolean): Fees {
  return new Fees({
    baseRateWithoutDecay: Decimal.fromRaw(raw.baseRate),
    minuteDecayFactor: Decimal.fromRaw(raw.minuteDecayFactor),
    beta: Decimal.from(raw.beta.toString()),
    lastFeeOperation: new Date(Number(raw.lastFeeOperationTime) * 1000),
    timeOfLatestBlock: new Date(Number(raw.blockTimestamp) * 1000),
    recoveryMode,
  });
}
