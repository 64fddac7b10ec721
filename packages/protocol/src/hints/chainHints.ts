// Insert-position and redemption hints read from the chain: a few approximate-hint samples from
// the hint helper (about 10 x sqrt(n), in chunks of at most 2500), then the exact position.
import { hintHelpersAbi, sortedCachesAbi } from '../abi/readAbis.ts';
import type { Address } from 'viem';
import type { ProtocolConnection } from '../connection/connection.ts';
import { Decimal } from '../decimal/Decimal.ts';
import type { Cache } from '../model/Cache.ts';
import { requireRedistributionApplied } from '../model/CacheWithPendingRedistribution.ts';
import { REDEMPTION_MAX_ITERATIONS } from '../model/constants.ts';
import { ZERO_ADDRESS } from '../model/StabilityDeposit.ts';
import { approxHintTrials } from './approxHintTrials.ts';
import { avoidZeroHints } from './sortedList.ts';

function randomSeed(): bigint {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return bytes.reduce((acc, b) => (acc << 8n) | BigInt(b), 0n);
}

/** [upperHint, lowerHint] for a cache with `nominalCollateralRatio`; `ownAddress` is the cache being moved. */
export async function findHintsForNominalCollateralRatio(
  connection: ProtocolConnection,
  nominalCollateralRatio: Decimal,
  ownAddress?: Address,
): Promise<[Address, Address]> {
  const { publicClient, deployment } = connection;
  const { hintHelpers, sortedCaches } = deployment.addresses;
  const size = Number(
    await publicClient.readContract({ address: sortedCaches, abi: sortedCachesAbi, functionName: 'getSize' }),
  );
  if (size === 0) return [ZERO_ADDRESS, ZERO_ADDRESS];
  let seed = randomSeed();
  let best: { hint: Address; diff: bigint } | undefined;
  for (const trials of approxHintTrials(size)) {
    const [hint, diff, latestRandomSeed] = await publicClient.readContract({
      address: hintHelpers,
      abi: hintHelpersAbi,
      functionName: 'getApproxHint',
      args: [nominalCollateralRatio.raw, BigInt(trials), seed],
    });
    seed = latestRandomSeed;
    if (!best || diff < best.diff) best = { hint, diff };
  }
  const hint = best?.hint ?? ZERO_ADDRESS;
  let [prev, next] = await publicClient.readContract({
    address: sortedCaches,
    abi: sortedCachesAbi,
    functionName: 'findInsertPosition',
    args: [nominalCollateralRatio.raw, hint, hint],
  });
  // a re-inserted cache is removed first, so it is no usable neighbour: step over it
  if (ownAddress && prev.toLowerCase() === ownAddress.toLowerCase()) {
    prev = await publicClient.readContract({
      address: sortedCaches,
      abi: sortedCachesAbi,
      functionName: 'getPrev',
      args: [prev],
    });
  } else if (ownAddress && next.toLowerCase() === ownAddress.toLowerCase()) {
    next = await publicClient.readContract({
      address: sortedCaches,
      abi: sortedCachesAbi,
      functionName: 'getNext',
      args: [next],
    });
  }
  return avoidZeroHints([prev, next]) as [Address, Address];
}

/** Hints for placing `cache` (which must have its redistribution applied). */
export async function findHints(
  connection: ProtocolConnection,
  cache: Cache,
  ownAddress?: Address,
): Promise<[Address, Address]> {
  return findHintsForNominalCollateralRatio(
    connection,
    requireRedistributionApplied(cache).nominalCollateralRatio,
    ownAddress,
  );
}

export interface ChainRedemptionHints {
  /** The redeemable part of the amount. */
  truncatedAmount: Decimal;
  firstRedemptionHint: Address;
  upperPartialRedemptionHint: Address;
  lowerPartialRedemptionHint: Address;
  partialRedemptionHintNICR: Decimal;
}

/** The hint helper's redemption hints for `amount` at `price`, with insert hints of the partly redeemed cache. */
export async function findRedemptionHints(
  connection: ProtocolConnection,
  amount: Decimal,
  price: Decimal,
): Promise<ChainRedemptionHints> {
  const [firstRedemptionHint, nicr, truncated] = await connection.publicClient.readContract({
    address: connection.deployment.addresses.hintHelpers,
    abi: hintHelpersAbi,
    functionName: 'getRedemptionHints',
    args: [amount.raw, price.raw, BigInt(REDEMPTION_MAX_ITERATIONS)],
  });
  const partialRedemptionHintNICR = Decimal.fromRaw(nicr);
  const [upper, lower] = partialRedemptionHintNICR.isZero
    ? [ZERO_ADDRESS as Address, ZERO_ADDRESS as Address]
    : await findHintsForNominalCollateralRatio(connection, partialRedemptionHintNICR);
  return {
    truncatedAmount: Decimal.fromRaw(truncated),
    firstRedemptionHint,
    upperPartialRedemptionHint: upper,
    lowerPartialRedemptionHint: lower,
    partialRedemptionHintNICR,
  };
}
