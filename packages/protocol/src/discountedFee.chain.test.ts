// The discounted borrowing fee on the write path (issue 26): for a borrower with an FTX tier, the
// cache openCache builds its hints for, and the fee the preview shows (the protocol model, which the
// web's borrow rules call), equal what BorrowerOperations charges; and a borrow the discount pushes
// under the minimum net debt is refused with the spec's message before the wallet is asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSigner, type SignerConnection } from './connection/connection.ts';
import { Decimal } from './decimal/Decimal.ts';
import { DebtBelowMinimumError } from './errors/errors.ts';
import { Cache } from './model/Cache.ts';
import { simulateCreationDecay } from './model/borrowingGuards.ts';
import { readMarket } from './reads/readMarket.ts';
import { startLocalChain, type LocalChain } from './testing/localChain.ts';
import { openCache } from './writes/cacheWrites.ts';
import { redeemPAYD } from './writes/redeemPAYD.ts';
import { approveFTXStaking, stakeFTX, transferFTX } from './writes/tokenWrites.ts';

let chain: LocalChain;
let owner: SignerConnection;
let other: SignerConnection;
let staker: SignerConnection;

beforeAll(async () => {
  chain = await startLocalChain();
  [owner, other, staker] = (await Promise.all(
    [0, 2, 3].map((i) =>
      connectSigner({
        walletClient: chain.wallet(i),
        publicClient: chain.publicClient,
        deployment: chain.deployment,
      }),
    ),
  )) as [SignerConnection, SignerConnection, SignerConnection];
  await (await openCache(owner, { depositCollateral: 100, borrowPAYD: 40_000 })).waitForSuccess();
  await (await openCache(other, { depositCollateral: 10, borrowPAYD: 6_000 })).waitForSuccess();
  // A redemption lifts the base rate well above the floor, so the discount moves whole PAYD.
  await (await redeemPAYD(owner, 3_000)).waitForSuccess();
  // 10,000 FTX staked: tier 2 of the default tiers, 25 % off.
  await (await transferFTX(owner, staker.userAddress, 10_000)).waitForSuccess();
  await (await approveFTXStaking(staker)).waitForSuccess();
  await (await stakeFTX(staker, 10_000)).waitForSuccess();
}, 180_000);

afterAll(async () => {
  await chain?.close();
});

describe('a borrower with an FTX tier', { timeout: 120_000 }, () => {
  it('is refused a borrow the discount takes under the minimum debt, before the wallet is asked', async () => {
    const market = await readMarket(staker, staker.userAddress);
    expect(market.discountPercent).toBe(25);
    const params = { depositCollateral: Decimal.from(10), borrowPAYD: Decimal.from(2_430) };
    // Without the discount the check would let it through to the contract's raw revert.
    expect(() => simulateCreationDecay(params, market.fees, 10, 0)).not.toThrow();
    const nonce = await chain.publicClient.getTransactionCount({ address: staker.userAddress });
    await expect(openCache(staker, params)).rejects.toThrow(DebtBelowMinimumError);
    await expect(openCache(staker, params)).rejects.toThrow(
      "Cache's debt might fall below 2700 within 10 minutes",
    );
    expect(await chain.publicClient.getTransactionCount({ address: staker.userAddress })).toBe(nonce);
  });

  it('pays the fee the model computes, to the wei, and gets the cache the model built', async () => {
    const market = await readMarket(staker, staker.userAddress);
    const rate = market.fees.borrowingRate();
    expect(rate.gt('0.02')).toBe(true);
    const preview = Cache.create({ depositCollateral: 10, borrowPAYD: 5_000 }, rate, market.discountPercent);
    const fee = market.fees.borrowingFee(5_000, market.discountPercent);
    const details = await (
      await openCache(staker, { depositCollateral: 10, borrowPAYD: 5_000 })
    ).waitForSuccess();
    // The base rate decays by the minute: the block may fall a minute later than the read.
    const after = (await readMarket(staker, staker.userAddress)).fees;
    const feeThen = after.borrowingFee(5_000, 25, after.timeOfLatestBlock);
    expect([fee.raw, feeThen.raw]).toContain(details.fee.raw);
    expect(details.fee.lt(Decimal.from(5_000).mul(rate))).toBe(true);
    if (details.fee.eq(fee)) expect(details.newCache.debt.raw).toBe(preview.debt.raw);
    expect(details.newCache.collateral.raw).toBe(preview.collateral.raw);
  });
});
