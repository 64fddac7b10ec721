// How many samples an insert-position search takes and how they are split into calls.
import { HINT_TRIALS_PER_SQRT_CACHE, MAX_HINT_TRIALS_PER_CALL } from '../model/constants.ts';

/** About 10 x sqrt(n) samples in all, in chunks of at most 2500 per getApproxHint call. */
export function approxHintTrials(numberOfCaches: number): number[] {
  if (numberOfCaches <= 0) return [];
  const total = Math.ceil(HINT_TRIALS_PER_SQRT_CACHE * Math.sqrt(numberOfCaches));
  const chunks: number[] = [];
  for (let left = total; left > 0; left -= MAX_HINT_TRIALS_PER_CALL) {
    chunks.push(Math.min(left, MAX_HINT_TRIALS_PER_CALL));
  }
  return chunks;
}
