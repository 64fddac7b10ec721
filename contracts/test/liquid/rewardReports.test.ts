// The validator pool's reward reports: the split, one per period, pending rewards.
import { expect } from 'chai';
import hre from 'hardhat';
import { ethBalance, expectRevert, increaseTime, mined } from '../lending/fixture';
import { credit, loadLiquid, provideToRewardsPool, resetLiquid } from './fixture';
import { E, eventsNamed, expectAccounting, stake } from './liquidTestKit';

describe('ValidatorPool reportRewards', () => {
  after(resetLiquid);

  it('splits staking and mining rewards into fee cuts, charity and the rewards pool', async () => {
    const s = await loadLiquid();
    const [alice, depositor, stakingW, miningW, charityW] = s.users;
    await stake(s, alice, 1);
    await provideToRewardsPool(s, depositor, 10_000n);
    const set = (name: string, w: typeof alice) =>
      mined(s.settings.write.setFeeWallet([name, w.account.address], { account: s.serverAdmin.account }));
    await set('stakingFee', stakingW);
    await set('miningFee', miningW);
    await set('charityWalletFETH', charityW);
    await mined(s.settings.write.setCharityShares([E('0.2'), 0n], { account: s.serverAdmin.account }));
    await credit(s.addrs.validatorPool, E(3));
    const before = await Promise.all([stakingW, miningW, charityW].map((w) => ethBalance(w.account.address)));
    await expectRevert(
      s.pool.write.reportRewards([E(2), E(1)], { account: alice.account }),
      'NotServerAdmin',
    );
    await expectRevert(
      s.pool.write.reportRewards([E(2), E('1.5')], { account: s.serverAdmin.account }),
      `RewardsNotArrived(${E('3.5')}, ${E(3)})`,
    );
    const r = await mined(s.pool.write.reportRewards([E(2), E(1)], { account: s.serverAdmin.account }));
    // staking cut 10% of 2 = 0.2, mining cut 10% of 1 = 0.1, charity 20% of 2.7 = 0.54, 2.16 to depositors
    const [ev] = eventsNamed(s.pool.abi, r.logs, 'RewardsReported');
    const now = (await (await hre.viem.getPublicClient()).getBlock()).timestamp;
    expect(ev).to.deep.equal({
      period: now / 86_400n,
      stakingRewards: E(2),
      miningRewards: E(1),
      stakingFeeCut: E('0.2'),
      miningFeeCut: E('0.1'),
      charityShare: E('0.54'),
      distributed: E('2.16'),
    });
    const after = await Promise.all([stakingW, miningW, charityW].map((w) => ethBalance(w.account.address)));
    expect(after.map((b, i) => b - before[i])).to.deep.equal([E('0.2'), E('0.1'), E('0.54')]);
    expect(await s.rewardsPool.read.totalRewardsDistributed()).to.equal(E('2.16'));
    const gain = await s.rewardsPool.read.getDepositorETHGain([depositor.account.address]);
    expect(E('2.16') - gain < 10n ** 6n).to.equal(true);
    expect(await s.pool.read.totalLifetimeStakingRewards()).to.equal(E(2));
    expect(await s.pool.read.totalLifetimeMiningRewards()).to.equal(E(1));
    expect(await s.pool.read.currentRewards()).to.equal(E(3));
    expect(await s.pool.read.lastReportPeriod()).to.equal(now / 86_400n);
    expect(await s.pool.read.unaccountedETH()).to.equal(0n);
    await expectAccounting(s);
  });

  it('at most once per period; the next period may report again', async () => {
    const s = await loadLiquid();
    await credit(s.addrs.validatorPool, E(2));
    const report = () => s.pool.write.reportRewards([E('0.5'), 0n], { account: s.serverAdmin.account });
    await mined(report());
    await expectRevert(report(), 'AlreadyReportedThisPeriod');
    await increaseTime(86_400);
    await mined(report());
    expect(await s.pool.read.totalLifetimeStakingRewards()).to.equal(E(1));
    // a shorter period: the latest report's period in the new unit is the one already reported
    await mined(s.pool.write.setReportPeriod([3600n], { account: s.humanAdmin.account }));
    await expectRevert(report(), 'AlreadyReportedThisPeriod');
    await increaseTime(3600);
    await mined(report());
  });

  it("keeps the depositors' part pending while the rewards pool is empty, and sends it with the next report", async () => {
    const s = await loadLiquid();
    const depositor = s.users[1];
    await mined(s.pool.write.setFeeRates([0n, 0n, 0n], { account: s.humanAdmin.account }));
    await credit(s.addrs.validatorPool, E(1));
    const treasuryBefore = await ethBalance(s.treasury);
    const r = await mined(s.pool.write.reportRewards([E(1), 0n], { account: s.serverAdmin.account }));
    expect(eventsNamed(s.pool.abi, r.logs, 'RewardsReported')[0]).to.deep.include({
      distributed: 0n,
      stakingFeeCut: 0n,
      charityShare: 0n,
    });
    expect(await ethBalance(s.treasury)).to.equal(treasuryBefore); // zero cuts are not sent
    expect(await s.pool.read.pendingRewardsETH()).to.equal(E(1));
    expect(await s.pool.read.unaccountedETH()).to.equal(0n);
    expect(await s.pool.read.rewardsAvailable()).to.equal(0n);
    await expectAccounting(s);
    await provideToRewardsPool(s, depositor, 5000n);
    await increaseTime(86_400);
    await credit(s.addrs.validatorPool, E('0.5'));
    const r2 = await mined(s.pool.write.reportRewards([0n, E('0.5')], { account: s.serverAdmin.account }));
    expect(eventsNamed(s.pool.abi, r2.logs, 'RewardsReported')[0]).to.deep.include({
      distributed: E('1.5'),
    });
    expect(await s.pool.read.pendingRewardsETH()).to.equal(0n);
    expect(await s.rewardsPool.read.totalRewardsDistributed()).to.equal(E('1.5'));
    expect(await s.pool.read.currentRewards()).to.equal(E('0.5'));
    await expectAccounting(s);
  });
});
