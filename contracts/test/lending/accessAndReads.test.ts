import { expect } from 'chai';
import { parseEther } from 'viem';
import {
  DEC,
  ZERO,
  entire,
  expectRevert,
  loadSystem,
  mined,
  openCache,
  resetSystem,
  setPrice,
} from './fixture';

describe('lending reads and access control', () => {
  before(resetSystem);

  it('answers the system and cache reads the data layer uses', async () => {
    const sys = await loadSystem();
    const cm = sys.cacheManager;
    const [a, b, c] = [sys.wallets[5], sys.wallets[6], sys.wallets[7]];
    await openCache(sys, a, '10', 5000n);
    await openCache(sys, b, '20', 5000n);
    await openCache(sys, c, '3.2', 5000n);
    expect(await cm.read.getEntireSystemColl()).to.equal(parseEther('33.2'));
    expect(await cm.read.getEntireSystemDebt()).to.equal(3n * 5225n * DEC);
    expect(await cm.read.getTCR([2000n * DEC])).to.equal((parseEther('33.2') * 2000n) / (3n * 5225n));
    expect(await cm.read.getCacheOwnersCount()).to.equal(3n);
    expect((await cm.read.getCacheFromCacheOwnersArray([1n])).toLowerCase()).to.equal(
      b.account!.address.toLowerCase(),
    );
    expect(await cm.read.getCacheStake([b.account!.address])).to.equal(parseEther('20'));
    expect(await cm.read.getRedemptionRateWithDecay()).to.equal(5n * 10n ** 15n);
    expect(await cm.read.getRedemptionRate()).to.equal(5n * 10n ** 15n);
    expect(await cm.read.getRedemptionFeeWithDecay([parseEther('2')])).to.equal(parseEther('0.01'));
    expect(await cm.read.getBorrowingRate()).to.equal(5n * 10n ** 15n);
    expect(await cm.read.getBorrowingFee([1000n * DEC])).to.equal(5n * DEC);
    expect(await cm.read.hasPendingRewards([a.account!.address])).to.equal(false);
    await setPrice(sys, 1800n);
    await mined(cm.write.liquidate([c.account!.address]));
    expect(await cm.read.hasPendingRewards([a.account!.address])).to.equal(true);
    const [debt, coll, pendingDebt, pendingColl] = await cm.read.getEntireDebtAndColl([a.account!.address]);
    expect(debt).to.equal(5225n * DEC + pendingDebt);
    expect(coll).to.equal(parseEther('10') + pendingColl);
    expect(await cm.read.L_ETH()).to.not.equal(0n);
    expect(await cm.read.L_PAYDDebt()).to.not.equal(0n);
    const [snapETH, snapDebt] = await cm.read.rewardSnapshots([a.account!.address]);
    expect([snapETH, snapDebt]).to.deep.equal([0n, 0n]);
    // applying pending rewards of a closed cache is refused
    await expectRevert(cm.write.applyPendingRewards([c.account!.address]), 'CacheNotActive');
    // an adjustment applies them
    await mined(sys.borrowerOperations.write.addColl([ZERO, ZERO], { account: a.account!, value: 1n }));
    expect(await entire(sys, a.account!.address)).to.deep.equal({ debt, coll: coll + 1n });
  });

  it('lets only the protocol move pool balances and wire contracts once', async () => {
    const sys = await loadSystem();
    const me = sys.wallets[0].account!.address;
    await expectRevert(sys.activePool.write.sendETH([me, 1n]), 'CallerNotAllowed');
    await expectRevert(sys.activePool.write.increasePAYDDebt([1n]), 'CallerNotAllowed');
    await expectRevert(sys.activePool.write.decreasePAYDDebt([1n]), 'CallerNotAllowed');
    await expectRevert(
      sys.activePool.write.decreasePAYDDebtAndSendETHTwo([0n, me, 1n, me, 1n]),
      'CallerNotAllowed',
    );
    await expectRevert(
      sys.activePool.write.receiveETHAndIncreasePAYDDebt([1n], { value: 1n }),
      'CallerNotAllowed',
    );
    await expectRevert(sys.payd.write.mintTwo([me, 1n, me, 1n]), 'CallerNotAllowed');
    await expectRevert(sys.defaultPool.write.sendETHToActivePool([1n]), 'CallerNotAllowed');
    await expectRevert(sys.collSurplusPool.write.accountSurplus([me, 1n]), 'CallerNotAllowed');
    await expectRevert(sys.collSurplusPool.write.claimColl([me]), 'CallerNotAllowed');
    await expectRevert(sys.cacheManager.write.takeRedemptionSurplus([me]), 'CallerNotCollSurplusPool');
    await expectRevert(
      sys.wallets[0].sendTransaction({
        account: sys.wallets[0].account!,
        chain: sys.wallets[0].chain,
        to: sys.addrs.activePool,
        value: 1n,
      }),
      'CallerNotAllowed',
    );
    // the pools' wiring is fixed at deployment: no setter, and the trusted callers are the deployment's
    const names = (sys.activePool.abi as readonly { name?: string }[]).map((f) => f.name);
    expect(names).to.not.include('setAddresses');
    expect((await sys.activePool.read.cacheManager()).toLowerCase()).to.equal(
      sys.addrs.cacheManager.toLowerCase(),
    );
    await expectRevert(sys.cacheManager.write.decayBaseRateFromBorrowing(), 'CallerNotBorrowerOperations');
    await expectRevert(
      sys.cacheManager.write.openCacheRecord([me, 1n, 1n, ZERO, ZERO]),
      'CallerNotBorrowerOperations',
    );
    await expectRevert(
      sys.cacheManager.write.adjustCacheRecord([me, 1n, 1n, ZERO, ZERO]),
      'CallerNotBorrowerOperations',
    );
    await expectRevert(sys.cacheManager.write.closeCacheByOwner([me]), 'CallerNotBorrowerOperations');
    await expectRevert(sys.cacheManager.write.applyPendingRewardsAndGet([me]), 'CallerNotBorrowerOperations');
    await expectRevert(
      sys.cacheManager.write.applyPendingRewardsAndGetWithFee([me, 1n]),
      'CallerNotBorrowerOperations',
    );
    await expectRevert(sys.rewardsPool.write.withdrawFromSPFor([me, 1n]), 'CallerNotAllowed');
  });

  it('lets admins, and only admins, change the KYC manager, FTX staking and wallets', async () => {
    const sys = await loadSystem();
    const admin = sys.wallets[2].account!; // the human admin
    const stranger = sys.wallets[9].account!;
    const other = sys.wallets[8].account!.address;
    await expectRevert(sys.settings.write.setKycManager([other], { account: stranger }), 'NotAdmin');
    await expectRevert(sys.settings.write.setKycManager([ZERO], { account: admin }), 'ZeroAddress');
    await mined(sys.settings.write.setFTXStaking([ZERO], { account: admin }));
    expect(await sys.settings.read.applyDiscount([other, 1000n])).to.equal(1000n);
    await mined(sys.settings.write.setKycManager([other], { account: admin }));
    expect((await sys.settings.read.kycManager()).toLowerCase()).to.equal(other.toLowerCase());
    // with a KYC manager that is not a contract every check fails closed
    await expectRevert(
      sys.borrowerOperations.write.openCache([DEC, 3000n * DEC, ZERO, ZERO], {
        account: sys.wallets[5].account!,
        value: parseEther('10'),
      }),
      'KycDenied',
    );
    for (const name of ['fethSwapFee', 'liquidationDeposit', 'stakingFee', 'miningFee', 'paydSwapFee']) {
      await mined(sys.settings.write.setFeeWallet([name, other], { account: admin }));
      expect(((await sys.settings.read[name as 'miningFee']()) as string).toLowerCase()).to.equal(
        other.toLowerCase(),
      );
    }
  });
});

describe('lending settings read in one call', () => {
  before(resetSystem);

  it('answers a borrowing and a redemption their settings in one call, as the separate reads do', async () => {
    const sys = await loadSystem();
    const admin = sys.wallets[2].account!;
    await mined(sys.settings.write.setCharityShares([DEC / 10n, DEC / 5n], { account: admin }));
    for (const isOpen of [true, false]) {
      expect(await sys.settings.read.borrowerConfig([isOpen])).to.deep.equal([
        await sys.settings.read.kycManager(),
        ...(await sys.settings.read.borrowingFeeConfig([isOpen])),
      ]);
    }
    expect(await sys.settings.read.redeemerConfig()).to.deep.equal([
      await sys.settings.read.kycManager(),
      ...(await sys.settings.read.redemptionFeeConfig()),
    ]);
  });
});
