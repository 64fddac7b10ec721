// The fee the app shows is the fee the contract charges: after a redemption sets the base rate, the
// store's borrowing and redemption rates equal the cache manager's to the wei as the base rate decays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheManagerAbi } from '@payd/contracts/abi';
import { connectSigner, type SignerConnection } from './connection/connection.ts';
import { StateReader } from './reads/readState.ts';
import { withDerivedState } from './store/createChainStore.ts';
import { startLocalChain, type LocalChain } from './testing/localChain.ts';
import { openCache } from './writes/cacheWrites.ts';
import { redeemPAYD } from './writes/redeemPAYD.ts';

let chain: LocalChain;
let owner: SignerConnection;
let borrower: SignerConnection;

beforeAll(async () => {
  chain = await startLocalChain();
  [owner, borrower] = (await Promise.all(
    [0, 2].map((i) =>
      connectSigner({
        walletClient: chain.wallet(i),
        publicClient: chain.publicClient,
        deployment: chain.deployment,
      }),
    ),
  )) as [SignerConnection, SignerConnection];
}, 120_000);

afterAll(async () => {
  await chain?.close();
});

const onChain = async (
  functionName:
    'getBorrowingRateWithDecay' | 'getRedemptionRateWithDecay' | 'baseRate' | 'lastFeeOperationTime',
  blockNumber: bigint,
) =>
  chain.publicClient.readContract({
    address: chain.deployment.addresses.cacheManager,
    abi: cacheManagerAbi,
    functionName,
    blockNumber,
  });

describe('fees: the store against the contract', () => {
  it('gives the borrowing and redemption rates to the wei 1, 60, 720 and 10,000 minutes after a redemption', async () => {
    await (await openCache(owner, { depositCollateral: 100, borrowPAYD: 40_000 })).waitForSuccess();
    await (await openCache(borrower, { depositCollateral: 10, borrowPAYD: 6_000 })).waitForSuccess();
    await (await redeemPAYD(owner, 3_000)).waitForSuccess();

    const afterRedemption = await withDerivedState(await new StateReader(owner).read());
    const lastFeeOp = await onChain('lastFeeOperationTime', afterRedemption.blockNumber);
    const baseRate = await onChain('baseRate', afterRedemption.blockNumber);
    // the redemption raised the base rate well above the floor, so decay shows in every digit
    expect(baseRate > 10n ** 16n).toBe(true);
    expect(afterRedemption.redemptionRate.raw).toBe(
      await onChain('getRedemptionRateWithDecay', afterRedemption.blockNumber),
    );

    for (const minutes of [1, 60, 720, 10_000]) {
      // 30 s into the minute: only whole minutes decay the base rate
      const target = Number(lastFeeOp) + minutes * 60 + 30;
      const now = Number((await chain.publicClient.getBlock()).timestamp);
      await chain.devnet.chain.advanceTime(target - now);
      const s = withDerivedState(await new StateReader(owner).read());
      // the wall clock moves on too, by less than the 30 s margin
      expect(Math.floor((s.blockTimestamp.getTime() / 1000 - Number(lastFeeOp)) / 60)).toBe(minutes);
      const borrowing = await onChain('getBorrowingRateWithDecay', s.blockNumber);
      const redemption = await onChain('getRedemptionRateWithDecay', s.blockNumber);
      expect(s.borrowingRate.raw, `borrowing rate after ${minutes} minutes`).toBe(borrowing);
      expect(s.redemptionRate.raw, `redemption rate after ${minutes} minutes`).toBe(redemption);
    }
  }, 120_000);
});
