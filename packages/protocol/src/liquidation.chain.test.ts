// The model's 'would the contract liquidate this cache now' against the cache manager itself, on a
// real chain 88: in each state of issue 27 (the last cache at 107.1%, recovery mode with a small
// pool and a cache at 119.8%, the pool then covering it, normal mode below, at and above 115%)
// every open cache's verdict is compared with a simulated liquidate(owner) from a stranger; the
// pool's withdrawal rule and the reason read back after a real liquidation are checked the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheManagerAbi, rewardsPoolAbi } from '@payd/contracts/abi';
import type { Address } from 'viem';
import { connectSigner, type SignerConnection } from './connection/connection.ts';
import { Decimal } from './decimal/Decimal.ts';
import { Cache } from './model/Cache.ts';
import { liquidationVerdict, rewardsPoolWithdrawal } from './model/liquidation.ts';
import { redemptionMinimum } from './model/redemptionFloor.ts';
import { getCaches } from './reads/readCaches.ts';
import { getCacheLiquidation } from './reads/readLiquidation.ts';
import { StateReader } from './reads/readState.ts';
import { withDerivedState } from './store/createChainStore.ts';
import { startLocalChain, type LocalChain } from './testing/localChain.ts';
import { depositCollateral, openCache } from './writes/cacheWrites.ts';
import { liquidate } from './writes/liquidate.ts';
import { prepareRedemption } from './writes/redeemPAYD.ts';
import { depositPAYDInRewardsPool } from './writes/rewardsPoolWrites.ts';
import { setPrice } from './writes/setPrice.ts';

let chain: LocalChain;
let stranger: SignerConnection;
let [a, h, b, b2] = [] as unknown as [SignerConnection, SignerConnection, SignerConnection, SignerConnection];

beforeAll(async () => {
  chain = await startLocalChain();
  [stranger, a, h, b, b2] = (await Promise.all(
    [0, 2, 3, 4, 5].map((i) =>
      connectSigner({
        walletClient: chain.wallet(i),
        publicClient: chain.publicClient,
        deployment: chain.deployment,
      }),
    ),
  )) as [SignerConnection, SignerConnection, SignerConnection, SignerConnection, SignerConnection];
}, 120_000);

afterAll(async () => {
  await chain?.close();
});

/** The custom error a simulated call reverted with, or undefined when it would succeed. */
async function revertOf(call: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await call();
    return undefined;
  } catch (e) {
    let cause = e as { data?: { errorName?: string }; cause?: unknown } | undefined;
    for (let i = 0; cause && i < 8; i++) {
      if (cause.data?.errorName) return cause.data.errorName;
      cause = cause.cause as typeof cause;
    }
    throw e;
  }
}

const simulateLiquidate = (owner: Address) =>
  revertOf(() =>
    chain.publicClient.simulateContract({
      address: chain.deployment.addresses.cacheManager,
      abi: cacheManagerAbi,
      functionName: 'liquidate',
      args: [owner],
      account: stranger.userAddress,
    }),
  );

const simulatePoolWithdrawal = (depositor: SignerConnection) =>
  revertOf(() =>
    chain.publicClient.simulateContract({
      address: chain.deployment.addresses.rewardsPool,
      abi: rewardsPoolAbi,
      functionName: 'withdrawFromSP',
      args: [1n],
      account: depositor.userAddress,
    }),
  );

/** Every open cache's verdict from the store's state, beside what the contract does. */
async function verdicts() {
  const s = withDerivedState(await new StateReader(stranger).read());
  const caches = await getCaches(stranger, {
    first: 10,
    startingAt: 0,
    sortedBy: 'ascendingCollateralRatio',
  });
  const rows = [];
  for (const c of caches) {
    const now = c.compounded(s.totalRedistributed);
    const verdict = liquidationVerdict(now, s);
    const revert = await simulateLiquidate(c.ownerAddress as Address);
    rows.push({ owner: c.ownerAddress, verdict, revert });
  }
  return { s, rows };
}

/** The verdict of `who`'s cache, after checking every cache's verdict against the contract. */
async function verdictOf(who: SignerConnection) {
  const { s, rows } = await verdicts();
  for (const r of rows) {
    const why = r.verdict.liquidatable ? r.verdict.reason : r.verdict.refusal;
    expect(r.revert, `${r.owner} (${why}, ratio ${r.verdict.ratio.toPercent()})`).toBe(
      r.verdict.liquidatable ? undefined : 'NothingToLiquidate',
    );
  }
  const row = rows.find((r) => r.owner.toLowerCase() === who.userAddress.toLowerCase());
  if (!row) throw new Error(`no cache of ${who.userAddress}`);
  return { s, verdict: row.verdict };
}

const outcome = (v: Awaited<ReturnType<typeof verdictOf>>['verdict']) =>
  v.liquidatable ? v.reason : v.refusal;

/** The price (wei-exact) at which `who`'s cache is at `ratio`, rounded up so the floored ratio equals it. */
async function priceForRatio(who: SignerConnection, ratio: string): Promise<Decimal> {
  const [debt, coll] = await chain.publicClient.readContract({
    address: chain.deployment.addresses.cacheManager,
    abi: cacheManagerAbi,
    functionName: 'getEntireDebtAndColl',
    args: [who.userAddress],
  });
  const r = Decimal.from(ratio).raw;
  return Decimal.fromRaw((r * debt + coll - 1n) / coll);
}

const price = async (p: Decimal | number) => (await setPrice(stranger, p)).waitForSuccess();

describe("liquidationVerdict against the contract's liquidate", () => {
  it('the last cache at 107.1%: refused, and the pool keeps PAYD in until it is back at 115%', async () => {
    // the first cache sets the total ratio: it opens at 186%, over the critical 155%
    await price(3000);
    await (await openCache(a, { depositCollateral: 2, borrowPAYD: 3000 })).waitForSuccess();
    await (await depositPAYDInRewardsPool(a, 1000)).waitForSuccess();
    await price(await priceForRatio(a, '1.071'));
    const { s, verdict } = await verdictOf(a);
    expect(verdict.ratio.toPercent()).toBe('107.1%');
    expect(outcome(verdict)).toBe('lastCache');
    const riskiest = s.riskiestCacheBeforeRedistribution.compounded(s.totalRedistributed);
    expect(rewardsPoolWithdrawal(riskiest, s.price, s.numberOfCaches)).toMatchObject({
      allowed: false,
      lastCache: true,
    });
    expect(await simulatePoolWithdrawal(a)).toBe('UndercollateralizedCaches');
  }, 60_000);

  it('recovery mode with a small pool: the cache at 119.8% under the total ratio is refused, then taken once the pool covers it', async () => {
    await price(2000);
    await (await openCache(h, { depositCollateral: 4, borrowPAYD: 3000 })).waitForSuccess();
    await (await openCache(b, { depositCollateral: '2.5', borrowPAYD: 3000 })).waitForSuccess();
    await price(await priceForRatio(b, '1.198'));
    const { s, verdict } = await verdictOf(b);
    expect(s.fees.recoveryMode).toBe(true);
    expect(verdict.ratio.toPercent()).toBe('119.8%');
    expect(verdict.ratio.lt(verdict.totalRatio)).toBe(true);
    expect(outcome(verdict)).toBe('poolTooSmall');
    expect(outcome((await verdictOf(h)).verdict)).toBe('notBelowTotalRatio');
    expect(outcome((await verdictOf(a)).verdict)).toBe('belowMinimum');

    await (await depositPAYDInRewardsPool(h, 3000)).waitForSuccess();
    expect(outcome((await verdictOf(b)).verdict)).toBe('belowTotalRatio');

    // liquidated at 119.8%: the reason read back is the total ratio, not the minimum
    await (await liquidate(stranger, b.userAddress)).waitForSuccess();
    const reason = await getCacheLiquidation(b, b.userAddress);
    expect(reason?.recoveryMode).toBe(true);
    expect(reason?.reason).toBe('belowTotalRatio');
  }, 90_000);

  it('normal mode: a cache below 115% is liquidated, at exactly 115% and above it is not', async () => {
    // H's extra collateral ends recovery mode
    await (await depositCollateral(h, 200)).waitForSuccess();
    await price(2000);
    await (await openCache(b2, { depositCollateral: '2.5', borrowPAYD: 3000 })).waitForSuccess();
    const exact = await priceForRatio(b2, '1.15');
    await price(exact);
    const at = await verdictOf(b2);
    expect(at.s.fees.recoveryMode).toBe(false);
    expect(at.verdict.ratio.toString()).toBe('1.15');
    expect(outcome(at.verdict)).toBe('notBelowMinimum');
    await price(Decimal.fromRaw(exact.raw - 1n));
    expect(outcome((await verdictOf(b2)).verdict)).toBe('belowMinimum');
    await price(exact.add('0.01'));
    expect(outcome((await verdictOf(b2)).verdict)).toBe('notBelowMinimum');
  }, 90_000);
});

describe('the redemption floor', () => {
  it('refuses an amount between what the first cache can give up and its net debt, naming that net debt', async () => {
    // a under 115% is skipped by redemptions; b2, at 132%, is the first cache they reach
    await price(1700);
    const [debt, coll] = await chain.publicClient.readContract({
      address: chain.deployment.addresses.cacheManager,
      abi: cacheManagerAbi,
      functionName: 'getEntireDebtAndColl',
      args: [b2.userAddress],
    });
    const minimum = redemptionMinimum(new Cache(Decimal.fromRaw(coll), Decimal.fromRaw(debt)));
    expect(minimum.toString()).toBe('3015');
    await expect(prepareRedemption(h, 2500)).rejects.toThrow(
      'redeemPAYD: amount too low to redeem (try at least 3015)',
    );
    await expect(prepareRedemption(h, minimum)).resolves.toMatchObject({ amount: minimum });
  }, 60_000);
});
