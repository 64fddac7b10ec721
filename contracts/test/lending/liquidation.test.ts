import { expect } from 'chai';
import { parseEther, type Address, type WalletClient } from 'viem';
import {
  DEC,
  GAS_COMP,
  KYC,
  MCR,
  ZERO,
  entire,
  ethBalance,
  eventsNamed,
  expectRevert,
  gasCost,
  loadSystem,
  mined,
  openCache,
  resetSystem,
  setPrice,
  type System,
} from './fixture';

async function provide(sys: System, wallet: WalletClient, amount: bigint) {
  await mined(sys.rewardsPool.write.provideToSP([amount, ZERO], { account: wallet.account! }));
}

/** Whale (wallet 6): 100 ETH / 10000 PAYD. Alice (wallet 5): 3.2 ETH / 5000 PAYD (122% at 2000, 110% at 1800). */
async function setup(poolAmount: bigint) {
  const sys = await loadSystem();
  const [whale, alice, liquidator] = [sys.wallets[6], sys.wallets[5], sys.wallets[9]];
  await openCache(sys, whale, '100', 10_000n);
  await openCache(sys, alice, '3.2', 5000n);
  if (poolAmount > 0n) await provide(sys, whale, poolAmount);
  await setPrice(sys, 1800n);
  return { sys, whale, alice, liquidator };
}

/** The boundary: exactly the minimum collateral ratio is not under it. */
function exactMinimumTests() {
  it('normal mode: a cache at exactly 115% is not liquidated, one wei of price under it is', async () => {
    const { sys, alice } = await setup(10_000n * DEC);
    const who = alice.account!.address;
    // 3.2 ETH x 1877.734375 / 5225 PAYD = 1.15 exactly, with no rounding
    const exact = 1_877_734_375n * 10n ** 12n;
    await mined(sys.priceFeed.write.setPrice([exact]));
    expect(await sys.cacheManager.read.getCurrentICR([who, exact])).to.equal(MCR);
    expect(await sys.cacheManager.read.checkRecoveryMode([exact])).to.equal(false);
    await expectRevert(sys.cacheManager.write.liquidate([who]), 'NothingToLiquidate');
    await expectRevert(sys.cacheManager.write.liquidateCaches([5n]), 'NothingToLiquidate');
    expect(await sys.cacheManager.read.getCacheStatus([who])).to.equal(1n);
    await mined(sys.priceFeed.write.setPrice([exact - 1n]));
    expect((await sys.cacheManager.read.getCurrentICR([who, exact - 1n])) < MCR).to.equal(true);
    await mined(sys.cacheManager.write.liquidate([who]));
    expect(await sys.cacheManager.read.getCacheStatus([who])).to.equal(3n);
  });
}

/** Single liquidations with full, partial and no rewards-pool coverage. */
function coverageTests() {
  it('refuses to liquidate a cache at or above 115%, or one that is not open', async () => {
    const { sys, whale, alice } = await setup(0n);
    await expectRevert(sys.cacheManager.write.liquidate([whale.account!.address]), 'NothingToLiquidate');
    await expectRevert(sys.cacheManager.write.liquidate([sys.wallets[8].account!.address]), 'CacheNotActive');
    await setPrice(sys, 2000n);
    await expectRevert(sys.cacheManager.write.liquidate([alice.account!.address]), 'NothingToLiquidate');
    await expectRevert(sys.cacheManager.write.liquidateCaches([5n]), 'NothingToLiquidate');
  });

  it('full pool coverage: the pool absorbs the debt and gets the collateral less 0.5%; liquidator gets 200 PAYD + 0.5%', async () => {
    const { sys, whale, alice, liquidator } = await setup(10_000n * DEC);
    const who = alice.account!.address;
    expect(await sys.cacheManager.read.getCurrentICR([who, 1800n * DEC])).to.equal(
      (parseEther('3.2') * 1800n) / 5225n,
    );
    const before = await ethBalance(liquidator.account!.address);
    // the liquidator has no KYC record: liquidation is open to anyone
    await mined(sys.kyc.write.setStatus([liquidator.account!.address, KYC.None]));
    const r = await mined(sys.cacheManager.write.liquidate([who], { account: liquidator.account! }));
    const collGas = parseEther('3.2') / 200n;
    expect(await ethBalance(liquidator.account!.address)).to.equal(before + collGas - gasCost(r));
    expect(await sys.payd.read.balanceOf([liquidator.account!.address])).to.equal(GAS_COMP);
    expect(await sys.rewardsPool.read.getTotalPAYDDeposits()).to.equal(4775n * DEC);
    // the deposit loses the liquidated debt, rounded against the depositor by a few wei at most
    const left = await sys.rewardsPool.read.getCompoundedPAYDDeposit([whale.account!.address]);
    expect(left <= 4775n * DEC && 4775n * DEC - left < 10n ** 5n).to.equal(true);
    const gain = await sys.rewardsPool.read.getDepositorETHGain([whale.account!.address]);
    expect(parseEther('3.2') - collGas - gain < 10n).to.equal(true);
    expect(await sys.rewardsPool.read.getETH()).to.equal(parseEther('3.2') - collGas);
    expect(await sys.cacheManager.read.getCacheStatus([who])).to.equal(3n);
    expect(await sys.sortedCaches.read.contains([who])).to.equal(false);
    expect(await sys.activePool.read.getPAYDDebt()).to.equal(10_250n * DEC);
    expect(await sys.defaultPool.read.getPAYDDebt()).to.equal(0n);
    const [liq] = eventsNamed(sys.cacheManager.abi, r.logs, 'Liquidation');
    expect(liq).to.deep.equal({
      liquidatedDebt: 5225n * DEC,
      liquidatedColl: parseEther('3.2') - collGas,
      collGasCompensation: collGas,
      PAYDGasCompensation: GAS_COMP,
    });
    const [cl] = eventsNamed(sys.cacheManager.abi, r.logs, 'CacheLiquidated');
    expect(cl).to.deep.include({ debt: 5225n * DEC, coll: parseEther('3.2'), operation: 1 });
    expect(await sys.cacheManager.read.totalLifetimeLiquidations()).to.equal(parseEther('3.2'));
  });

  it('partial pool coverage: the pool takes what it can, the rest is redistributed to the other caches', async () => {
    const { sys, whale, alice } = await setup(3000n * DEC);
    await mined(sys.cacheManager.write.liquidate([alice.account!.address]));
    const collToLiquidate = parseEther('3.2') - parseEther('3.2') / 200n;
    const collToSP = (collToLiquidate * 3000n) / 5225n;
    expect(await sys.rewardsPool.read.getTotalPAYDDeposits()).to.equal(0n);
    expect(await sys.rewardsPool.read.getETH()).to.equal(collToSP);
    // the whale is the only other cache: it inherits the remaining 2225 PAYD and the rest of the collateral
    const w = whale.account!.address;
    const pendingDebt = await sys.cacheManager.read.getPendingPAYDDebtReward([w]);
    const pendingColl = await sys.cacheManager.read.getPendingETHReward([w]);
    expect(2225n * DEC - pendingDebt < 1000n).to.equal(true);
    expect(collToLiquidate - collToSP - pendingColl < 1000n).to.equal(true);
    expect(await sys.defaultPool.read.getPAYDDebt()).to.equal(2225n * DEC);
    expect(await sys.defaultPool.read.getETH()).to.equal(collToLiquidate - collToSP);
    // applying the pending rewards moves them into the cache and out of the default pool
    await mined(sys.cacheManager.write.applyPendingRewards([w]));
    expect(await entire(sys, w)).to.deep.equal({
      debt: 10_250n * DEC + pendingDebt,
      coll: parseEther('100') + pendingColl,
    });
    expect(await sys.cacheManager.read.getPendingPAYDDebtReward([w])).to.equal(0n);
  });

  it('no pool coverage: everything is redistributed in proportion to stake', async () => {
    const { sys, whale, alice } = await setup(0n);
    const bob = sys.wallets[7];
    await openCache(sys, bob, '20', 10_000n);
    await mined(sys.cacheManager.write.liquidate([alice.account!.address]));
    const collToLiquidate = parseEther('3.2') - parseEther('3.2') / 200n;
    const stakeW = await sys.cacheManager.read.getCacheStake([whale.account!.address]);
    const stakeB = await sys.cacheManager.read.getCacheStake([bob.account!.address]);
    expect(stakeW).to.equal(parseEther('100'));
    expect(stakeB).to.equal(parseEther('20'));
    const dW = await sys.cacheManager.read.getPendingPAYDDebtReward([whale.account!.address]);
    const dB = await sys.cacheManager.read.getPendingPAYDDebtReward([bob.account!.address]);
    const cW = await sys.cacheManager.read.getPendingETHReward([whale.account!.address]);
    const cB = await sys.cacheManager.read.getPendingETHReward([bob.account!.address]);
    // 100 : 20 of 5225 PAYD and of the collateral, rounded down by at most a few wei each
    const near = (a: bigint, b: bigint) => expect(b - a >= 0n && b - a < 1000n, `${a} ~ ${b}`).to.equal(true);
    near(dW, (5225n * DEC * 100n) / 120n);
    near(dB, (5225n * DEC * 20n) / 120n);
    near(cW, (collToLiquidate * 100n) / 120n);
    near(cB, (collToLiquidate * 20n) / 120n);
    // total debt is unchanged: active + default pool still equal the sum of the remaining caches' debt
    const total = (await sys.activePool.read.getPAYDDebt()) + (await sys.defaultPool.read.getPAYDDebt());
    expect(total).to.equal(10_250n * DEC + 10_250n * DEC + 5225n * DEC);
    // a cache opened after the redistribution does not share it; its stake is scaled
    const carol = sys.wallets[8];
    await openCache(sys, carol, '10', 3000n);
    expect(await sys.cacheManager.read.getPendingPAYDDebtReward([carol.account!.address])).to.equal(0n);
    const snapshotColl = await sys.cacheManager.read.totalCollateralSnapshot();
    const snapshotStakes = await sys.cacheManager.read.totalStakesSnapshot();
    expect(await sys.cacheManager.read.getCacheStake([carol.account!.address])).to.equal(
      (parseEther('10') * snapshotStakes) / snapshotColl,
    );
  });
}

/** Batch liquidation and liquidation in recovery mode. */
function batchAndRecoveryTests() {
  it('liquidateCaches(n) liquidates the riskiest caches first and stops at healthy ones', async () => {
    const sys = await loadSystem();
    await openCache(sys, sys.wallets[6], '100', 10_000n);
    await openCache(sys, sys.wallets[5], '3.2', 5000n); // 110% at 1800
    await openCache(sys, sys.wallets[7], '3.1', 5000n); // 106.8%
    await openCache(sys, sys.wallets[8], '3.3', 5000n); // 113.7%
    await openCache(sys, sys.wallets[4], '4', 5000n); // 137.8%
    await provide(sys, sys.wallets[6], 10_000n * DEC);
    await setPrice(sys, 1800n);
    const r = await mined(sys.cacheManager.write.liquidateCaches([2n], { account: sys.wallets[9].account! }));
    const liquidated = eventsNamed(sys.cacheManager.abi, r.logs, 'CacheLiquidated').map((e) => e.borrower);
    expect(liquidated.map((a) => (a as string).toLowerCase())).to.deep.equal([
      sys.wallets[7].account!.address.toLowerCase(),
      sys.wallets[5].account!.address.toLowerCase(),
    ]);
    expect(await sys.payd.read.balanceOf([sys.wallets[9].account!.address])).to.equal(2n * GAS_COMP);
    // the pool had 10000: 2 x 5225 needs 10450, so 450 is redistributed
    expect(await sys.rewardsPool.read.getTotalPAYDDeposits()).to.equal(0n);
    expect(await sys.defaultPool.read.getPAYDDebt()).to.equal(450n * DEC);
    // the two list nodes are removed in one pass from the tail
    expect(await sys.sortedCaches.read.getSize()).to.equal(3n);
    const w8 = sys.wallets[8].account!.address;
    expect((await sys.sortedCaches.read.getLast()).toLowerCase()).to.equal(w8.toLowerCase());
    expect(await sys.sortedCaches.read.getNext([w8])).to.equal(ZERO);
    for (const gone of liquidated) {
      expect(await sys.sortedCaches.read.contains([gone as Address])).to.equal(false);
      expect(await sys.sortedCaches.read.getPrev([gone as Address])).to.equal(ZERO);
    }
    await mined(sys.cacheManager.write.liquidateCaches([10n]));
    expect(await sys.sortedCaches.read.getSize()).to.equal(2n);
    const tail = await sys.sortedCaches.read.getLast();
    expect(tail.toLowerCase()).to.equal(sys.wallets[4].account!.address.toLowerCase());
    expect(await sys.sortedCaches.read.getNext([tail])).to.equal(ZERO);
    expect(await sys.cacheManager.read.getCacheStatus([sys.wallets[4].account!.address])).to.equal(1n);
  });

  it('recovery mode: a cache between 115% and the total ratio is liquidated against the pool, capped at 115%', async () => {
    const sys = await loadSystem();
    const [whale, alice] = [sys.wallets[6], sys.wallets[5]];
    await openCache(sys, whale, '10', 10_000n); // 195% at 2000
    await openCache(sys, alice, '3.5', 5000n); // 134%
    await provide(sys, whale, 6000n * DEC);
    await setPrice(sys, 1750n); // TCR = 23625 / 15475 = 152.7%; alice 117.2%
    expect(await sys.cacheManager.read.checkRecoveryMode([1750n * DEC])).to.equal(true);
    const r = await mined(sys.cacheManager.write.liquidate([alice.account!.address]));
    const cappedColl = (5225n * DEC * MCR) / (1750n * DEC);
    const surplus = parseEther('3.5') - cappedColl;
    const [cl] = eventsNamed(sys.cacheManager.abi, r.logs, 'CacheLiquidated');
    expect(cl).to.deep.include({ operation: 2 });
    expect(await sys.collSurplusPool.read.getCollateral([alice.account!.address])).to.equal(surplus);
    expect(await sys.rewardsPool.read.getETH()).to.equal(cappedColl - cappedColl / 200n);
    expect(await sys.rewardsPool.read.getTotalPAYDDeposits()).to.equal(775n * DEC);
    // alice claims her surplus collateral
    const before = await ethBalance(alice.account!.address);
    const c = await mined(sys.borrowerOperations.write.claimCollateral({ account: alice.account! }));
    expect(await ethBalance(alice.account!.address)).to.equal(before + surplus - gasCost(c));
    expect(await sys.collSurplusPool.read.getETH()).to.equal(0n);
  });

  it('recovery mode batch: liquidates under MCR, then capped, and stops once the system is back to normal', async () => {
    const sys = await loadSystem();
    const [whale, a, b] = [sys.wallets[6], sys.wallets[5], sys.wallets[7]];
    await openCache(sys, whale, '10', 10_000n); // 195% at 2000, 170.7% at 1750
    await openCache(sys, a, '3.5', 5000n); // 117.2% at 1750
    await openCache(sys, b, '3.4', 5000n); // 113.9% at 1750
    await provide(sys, whale, 10_000n * DEC);
    await provide(sys, a, 2000n * DEC);
    await setPrice(sys, 1750n); // TCR 29575 / 20700 = 142.9%
    const r = await mined(sys.cacheManager.write.liquidateCaches([5n]));
    const liquidated = eventsNamed(sys.cacheManager.abi, r.logs, 'CacheLiquidated');
    expect(liquidated.map((e) => (e.borrower as string).toLowerCase())).to.deep.equal([
      b.account!.address.toLowerCase(),
      a.account!.address.toLowerCase(),
    ]);
    expect(liquidated.map((e) => e.operation)).to.deep.equal([2, 2]);
    const cappedColl = (5225n * DEC * MCR) / (1750n * DEC);
    expect(await sys.collSurplusPool.read.getCollateral([a.account!.address])).to.equal(
      parseEther('3.5') - cappedColl,
    );
    expect(await sys.rewardsPool.read.getTotalPAYDDeposits()).to.equal(12_000n * DEC - 2n * 5225n * DEC);
    expect(await sys.cacheManager.read.checkRecoveryMode([1750n * DEC])).to.equal(false);
    expect(await sys.cacheManager.read.getCacheStatus([whale.account!.address])).to.equal(1n);
  });

  it('recovery mode: a cache above the total ratio, or one the pool cannot cover, is not liquidated', async () => {
    const sys = await loadSystem();
    const [whale, alice] = [sys.wallets[6], sys.wallets[5]];
    await openCache(sys, whale, '10', 10_000n);
    await openCache(sys, alice, '3.5', 5000n);
    await provide(sys, whale, 5000n * DEC); // less than alice's 5225 debt
    await setPrice(sys, 1750n);
    await expectRevert(sys.cacheManager.write.liquidate([alice.account!.address]), 'NothingToLiquidate');
    await expectRevert(sys.cacheManager.write.liquidate([whale.account!.address]), 'NothingToLiquidate');
  });

  it('recovery mode: a cache under 100% is redistributed, not offset against the pool', async () => {
    const sys = await loadSystem();
    const [whale, alice, bob] = [sys.wallets[6], sys.wallets[5], sys.wallets[7]];
    await openCache(sys, whale, '10', 10_000n);
    await openCache(sys, bob, '10', 10_000n);
    await openCache(sys, alice, '3.5', 5000n);
    await provide(sys, whale, 6000n * DEC);
    await setPrice(sys, 1400n); // alice 93.8%, TCR 32900 / 25725 = 128%
    await mined(sys.cacheManager.write.liquidate([alice.account!.address]));
    expect(await sys.rewardsPool.read.getTotalPAYDDeposits()).to.equal(6000n * DEC);
    expect(await sys.defaultPool.read.getPAYDDebt()).to.equal(5225n * DEC);
  });
}

/** The liquidation fee share and the optional KYC requirement. */
function feeAndKycTests() {
  it('sends the admin-set liquidation fee share of the pool collateral to the liquidationFee wallet', async () => {
    const { sys, alice } = await setup(10_000n * DEC);
    const admin = sys.wallets[1].account!;
    const wallet = sys.wallets[8].account!.address;
    await mined(sys.settings.write.setFeeWallet(['liquidationFee', wallet], { account: admin }));
    await mined(sys.settings.write.setLiquidationFeeShare([DEC / 100n], { account: admin }));
    const before = await ethBalance(wallet);
    await mined(sys.cacheManager.write.liquidate([alice.account!.address]));
    const toPool = parseEther('3.2') - parseEther('3.2') / 200n;
    expect(await ethBalance(wallet)).to.equal(before + toPool / 100n);
    expect(await sys.rewardsPool.read.getETH()).to.equal(toPool - toPool / 100n);
  });

  it('can require KYC for liquidation when the deployment says so', async () => {
    const { sys, alice, liquidator } = await setup(10_000n * DEC);
    await mined(sys.settings.write.setLiquidationRequiresKyc([true], { account: sys.wallets[1].account! }));
    await mined(sys.kyc.write.setStatus([liquidator.account!.address, KYC.Pending]));
    await expectRevert(
      sys.cacheManager.write.liquidate([alice.account!.address], { account: liquidator.account! }),
      'KycDenied',
    );
    await mined(sys.kyc.write.setStatus([liquidator.account!.address, KYC.Approved]));
    await mined(sys.cacheManager.write.liquidate([alice.account!.address], { account: liquidator.account! }));
  });
}

describe('CacheManager liquidation', () => {
  before(resetSystem);
  exactMinimumTests();
  coverageTests();
  batchAndRecoveryTests();
  feeAndKycTests();
});
