import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hexToBigInt, keccak256, numberToHex } from 'viem';
import { Decimal } from '../decimal/Decimal.ts';
import { RedemptionAmountTooLowError } from '../errors/errors.ts';
import { ZERO_ADDRESS } from '../model/StabilityDeposit.ts';
import { approxHintTrials } from './approxHintTrials.ts';
import { checkRedemptionAmount, computeRedemptionHints, type ListedCache } from './redemptionHints.ts';
import {
  avoidZeroHints,
  findInsertPosition,
  nextRandomSeed,
  sampleApproxHint,
  type SortedEntry,
} from './sortedList.ts';

const d = (v: string | number) => Decimal.from(v);
const addr = (i: number) => `0x${i.toString(16).padStart(40, '0')}`;
/** n entries, highest ratio first: ratios n, n-1, ..., 1 */
const list = (n: number): SortedEntry[] =>
  Array.from({ length: n }, (_, i) => ({ ownerAddress: addr(i + 1), nominalCollateralRatio: d(n - i) }));

describe('approximate hint trials', () => {
  it('takes about 10 x sqrt(n) samples in chunks of at most 2500', () => {
    expect(approxHintTrials(0)).toEqual([]);
    expect(approxHintTrials(1)).toEqual([10]);
    expect(approxHintTrials(1000)).toEqual([317]);
    expect(approxHintTrials(100_000)).toEqual([2500, 663]);
    expect(approxHintTrials(1_000_000)).toEqual([2500, 2500, 2500, 2500]);
  });

  it('never exceeds 2500 per chunk and adds up to ceil(10 sqrt n)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (n) => {
        const chunks = approxHintTrials(n);
        expect(chunks.every((c) => c > 0 && c <= 2500)).toBe(true);
        expect(chunks.reduce((a, b) => a + b, 0)).toBe(Math.ceil(10 * Math.sqrt(n)));
      }),
    );
  });
});

describe('sorted list search', () => {
  const entries = list(100);

  it('finds the neighbours of a ratio, with the zero address at the ends', () => {
    expect(findInsertPosition(entries, d('50.5'))).toEqual([addr(50), addr(51)]);
    expect(findInsertPosition(entries, d(1000))).toEqual([ZERO_ADDRESS, addr(1)]);
    expect(findInsertPosition(entries, d('0.5'))).toEqual([addr(100), ZERO_ADDRESS]);
    expect(findInsertPosition([], d(1))).toEqual([ZERO_ADDRESS, ZERO_ADDRESS]);
  });

  it('places an equal ratio after the existing entries, and skips the cache being moved', () => {
    expect(findInsertPosition(entries, d(50))).toEqual([addr(51), addr(52)]);
    expect(findInsertPosition(entries, d('50.5'), addr(50))).toEqual([addr(49), addr(51)]);
  });

  it('never uses the zero address as a hint', () => {
    expect(avoidZeroHints([ZERO_ADDRESS, addr(1)])).toEqual([addr(1), addr(1)]);
    expect(avoidZeroHints([addr(9), ZERO_ADDRESS])).toEqual([addr(9), addr(9)]);
    expect(avoidZeroHints([addr(1), addr(2)])).toEqual([addr(1), addr(2)]);
  });

  it('samples like the hint helper: deterministic per seed, closer with more trials', () => {
    const seed = 12345n;
    // keccak256 of the 32-byte zero word, as abi.encodePacked(uint256(0)) hashes on chain
    expect(nextRandomSeed(0n)).toBe(0x290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e563n);
    expect(nextRandomSeed(1n)).toBe(hexToBigInt(keccak256(numberToHex(1n, { size: 32 }))));
    expect(nextRandomSeed(2n ** 255n + 7n)).toBe(
      hexToBigInt(keccak256(numberToHex(2n ** 255n + 7n, { size: 32 }))),
    );
    expect(nextRandomSeed(seed)).toBe(nextRandomSeed(seed));
    expect(nextRandomSeed(seed)).not.toBe(seed);
    const none = sampleApproxHint(entries, entries.at(-1), d('42.2'), 0, seed);
    expect(none.hintAddress).toBe(addr(100)); // no trials: only the last entry is looked at
    expect(none.latestRandomSeed).toBe(seed);
    const many = sampleApproxHint(entries, entries.at(-1), d('42.2'), 400, seed);
    expect(many.diff.lt(d(3))).toBe(true);
    expect(sampleApproxHint([], undefined, d(1), 10, seed).hintAddress).toBe(ZERO_ADDRESS);
  });

  it('skips free ids of the owners array, as getApproxHint does', () => {
    const seed = 7n;
    const entries = list(100);
    const target = entries[57] as SortedEntry;
    // only the target keeps its id; every other id is free
    const holes = entries.map((e) => (e === target ? e : undefined));
    const hint = sampleApproxHint(holes, entries.at(-1), target.nominalCollateralRatio, 400, seed);
    expect(hint.hintAddress).toBe(target.ownerAddress);
    expect(hint.diff.eq(0)).toBe(true);
    expect(sampleApproxHint([undefined], undefined, d(1), 10, seed).hintAddress).toBe(ZERO_ADDRESS);
  });
});

describe('redemption hints', () => {
  const reserve = 200;
  // highest ratio first; price 1000 so a cache of 10 ETH and 3200 debt has 312.5%
  const caches: ListedCache[] = [
    { ownerAddress: addr(1), collateral: d(20), debt: d(3200) },
    { ownerAddress: addr(2), collateral: d(10), debt: d(5200) },
    { ownerAddress: addr(3), collateral: d(10), debt: d(2700) },
    { ownerAddress: addr(4), collateral: d(1), debt: d(2700) }, // under MCR at 1000: skipped
  ];

  it('starts at the riskiest cache not under MCR and redeems whole caches', () => {
    const hints = computeRedemptionHints(caches, 2500, 1000);
    expect(hints.firstRedemptionHint).toBe(addr(3));
    expect(hints.truncatedAmount.toString()).toBe('2500');
    expect(hints.partialRedemptionHintNICR.isZero).toBe(true);
  });

  it('redeems the last cache partly when it keeps the minimum net debt', () => {
    // cache 3 gives 2500; cache 2 (net debt 5000) gives the remaining 2000 and keeps 3000
    const hints = computeRedemptionHints(caches, 4500, 1000);
    expect(hints.truncatedAmount.toString()).toBe('4500');
    // cache 2 left with 10 - 2 ETH and 3000 + 200 debt
    expect(hints.partialRedemptionHintNICR.eq(d(8).mulDiv(100, 3000 + reserve))).toBe(true);
  });

  it('truncates where a partial redemption would leave a cache under the minimum net debt', () => {
    // cache 3 gives 2500; taking 3500 of cache 2 would leave it 1500 net: stop at 2500
    const hints = computeRedemptionHints(caches, 6000, 1000);
    expect(hints.truncatedAmount.toString()).toBe('2500');
    expect(hints.partialRedemptionHintNICR.isZero).toBe(true);
  });

  it('truncates to what whole caches give when the next cache is at the minimum', () => {
    const atMinimum: ListedCache[] = [
      { ownerAddress: addr(6), collateral: d(20), debt: d(2700) },
      { ownerAddress: addr(5), collateral: d(10), debt: d(2700) },
    ];
    expect(computeRedemptionHints(atMinimum, 1000, 1000).truncatedAmount.isZero).toBe(true);
    expect(computeRedemptionHints(atMinimum, 3000, 1000).truncatedAmount.toString()).toBe('2500');
  });

  it('stops after the iteration limit', () => {
    expect(computeRedemptionHints(caches, 100_000, 1000, 1).truncatedAmount.toString()).toBe('2500');
    expect(computeRedemptionHints(caches, 100_000, 1000, 0).truncatedAmount.toString()).toBe('10500');
    expect(computeRedemptionHints(caches, 100_000, 1000, 500).truncatedAmount.toString()).toBe('10500');
  });

  it("refuses a redemption with nothing redeemable: 'redeemPAYD: amount too low to redeem (try at least 2500)'", () => {
    expect(() => checkRedemptionAmount(1000, Decimal.ZERO)).toThrow(RedemptionAmountTooLowError);
    expect(() => checkRedemptionAmount(1000, Decimal.ZERO)).toThrow(
      'redeemPAYD: amount too low to redeem (try at least 2500)',
    );
  });

  it('offers to increase a truncated amount by the minimum net debt', () => {
    expect(checkRedemptionAmount(6000, d(5000))).toEqual({ amount: d(5000), increasedAmount: d(7500) });
    expect(checkRedemptionAmount(5000, d(5000))).toEqual({ amount: d(5000) });
  });
});
