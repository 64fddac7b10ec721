// Insert-position search over a sorted list of caches held in memory: the same answers the hint
// helper and sorted-list contracts give, computed without the chain (used when the caller already
// has the list, and to measure hint cost).
import { keccak256 } from 'viem';
import { Decimal } from '../decimal/Decimal.ts';
import { ZERO_ADDRESS } from '../model/StabilityDeposit.ts';

/** One list entry: a cache owner and its nominal collateral ratio. */
export interface SortedEntry {
  ownerAddress: string;
  nominalCollateralRatio: Decimal;
}

export interface ApproxHint {
  /** The sampled cache closest to the wanted ratio. */
  hintAddress: string;
  /** Distance between its ratio and the wanted one. */
  diff: Decimal;
  /** Seed to continue sampling from in the next chunk. */
  latestRandomSeed: bigint;
}

const absDiff = (a: Decimal, b: Decimal) => (a.gt(b) ? a.sub(b) : b.sub(a));

/** Next seed of the contract's sampler: keccak256 of the seed as a 32-byte big-endian word. */
export function nextRandomSeed(seed: bigint): bigint {
  const word = new Uint8Array(32);
  let rest = seed;
  for (let i = 31; i >= 0 && rest > 0n; i--) {
    word[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  let next = 0n;
  for (const byte of keccak256(word, 'bytes')) next = (next << 8n) | BigInt(byte);
  return next;
}

/**
 * Samples the way the hint helper's getApproxHint does: start from the last (lowest) entry, then
 * keep the closest of `numberOfTrials` pseudo-random picks from `owners` (the contract's owners array,
 * indexed by id: a free id, `undefined` here, is a pick that finds nothing).
 */
export function sampleApproxHint(
  owners: readonly (SortedEntry | undefined)[],
  last: SortedEntry | undefined,
  nominalCollateralRatio: Decimal,
  numberOfTrials: number,
  randomSeed: bigint,
): ApproxHint {
  if (last === undefined || owners.every((e) => e === undefined)) {
    return { hintAddress: ZERO_ADDRESS, diff: Decimal.ZERO, latestRandomSeed: randomSeed };
  }
  let best = last;
  let diff = absDiff(nominalCollateralRatio, last.nominalCollateralRatio);
  let seed = randomSeed;
  const length = BigInt(owners.length);
  for (let i = 0; i < numberOfTrials; i++) {
    seed = nextRandomSeed(seed);
    const entry = owners[Number(seed % length)];
    if (entry === undefined) continue;
    const d = absDiff(entry.nominalCollateralRatio, nominalCollateralRatio);
    if (d.lt(diff)) {
      diff = d;
      best = entry;
    }
  }
  return { hintAddress: best.ownerAddress, diff, latestRandomSeed: seed };
}

/**
 * Neighbours a cache with `nominalCollateralRatio` gets in `list` (ordered from highest to lowest
 * ratio, like the sorted list): [prev, next], the zero address at either end. `ownAddress` is
 * skipped, since a re-inserted cache is removed before it is placed again.
 */
export function findInsertPosition(
  list: readonly SortedEntry[],
  nominalCollateralRatio: Decimal,
  ownAddress?: string,
): [string, string] {
  const own = ownAddress?.toLowerCase();
  const entries = own ? list.filter((e) => e.ownerAddress.toLowerCase() !== own) : list;
  // first index whose ratio is below the wanted one: everything before it stays in front
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((entries[mid] as SortedEntry).nominalCollateralRatio.gte(nominalCollateralRatio)) lo = mid + 1;
    else hi = mid;
  }
  return [entries[lo - 1]?.ownerAddress ?? ZERO_ADDRESS, entries[lo]?.ownerAddress ?? ZERO_ADDRESS];
}

/** The zero address as a hint makes the contract walk the whole list; use the other neighbour instead. */
export function avoidZeroHints([prev, next]: [string, string]): [string, string] {
  if (prev === ZERO_ADDRESS) return [next, next];
  if (next === ZERO_ADDRESS) return [prev, prev];
  return [prev, next];
}
