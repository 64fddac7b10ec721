import { expect } from 'chai';
import hre from 'hardhat';
import { parseEther, maxUint256 } from 'viem';
import { expectRevert, mined, eventsNamed, increaseTime, Status } from './helpers';

const DAY = 86_400n;
const STAKE_PERIOD = 30n * DAY;
const TIERS = [
  { tier: 1n, start: parseEther('1000'), end: parseEther('10000'), percentage: 10n },
  { tier: 2n, start: parseEther('10000'), end: parseEther('100000'), percentage: 25n },
  { tier: 3n, start: parseEther('100000'), end: maxUint256, percentage: 50n },
];

async function deploy() {
  const [owner, serverAdmin, humanAdmin, alice, bob] = await hre.viem.getWalletClients();
  const kyc = await hre.viem.deployContract('KycManager', [
    serverAdmin.account.address,
    humanAdmin.account.address,
  ]);
  const ftx = await hre.viem.deployContract('FTXToken', [owner.account.address, parseEther('1000000')]);
  const staking = await hre.viem.deployContract('FTXStaking', [
    serverAdmin.account.address,
    humanAdmin.account.address,
    ftx.address,
    kyc.address,
    STAKE_PERIOD,
  ]);
  await mined(staking.write.setDiscountTiers([TIERS], { account: serverAdmin.account }));
  for (const who of [alice, bob]) {
    await mined(ftx.write.transfer([who.account.address, parseEther('200000')], { account: owner.account }));
    await mined(ftx.write.approve([staking.address, maxUint256], { account: who.account }));
  }
  await mined(
    kyc.write.setStatus([alice.account.address, Status.Approved], { account: serverAdmin.account }),
  );
  return { kyc, ftx, staking, owner, serverAdmin, humanAdmin, alice, bob };
}

/** Staking, tiers and the lock. */
function stakingTests() {
  it('stakes FTX from an approved customer and records amount and since', async () => {
    const { staking, ftx, alice } = await deploy();
    const receipt = await mined(staking.write.stake([parseEther('1500')], { account: alice.account }));
    const block = await (await hre.viem.getPublicClient()).getBlock({ blockNumber: receipt.blockNumber });
    expect(await staking.read.stakes([alice.account.address])).to.deep.equal([
      parseEther('1500'),
      block.timestamp,
    ]);
    expect(await staking.read.totalStaked()).to.equal(parseEther('1500'));
    expect(await ftx.read.balanceOf([staking.address])).to.equal(parseEther('1500'));
    const [event] = eventsNamed(staking.abi, receipt.logs, 'Staked');
    expect(event.args).to.deep.include({
      amount: parseEther('1500'),
      newStake: parseEther('1500'),
      since: block.timestamp,
    });
    expect(await staking.read.getStake([alice.account.address])).to.deep.equal([
      parseEther('1500'),
      block.timestamp,
      block.timestamp + STAKE_PERIOD,
      1n,
      10n,
    ]);
  });

  it('refuses staking without KYC approval or while KYC is paused, and a zero amount', async () => {
    const { staking, kyc, serverAdmin, alice, bob } = await deploy();
    await expectRevert(staking.write.stake([parseEther('1')], { account: bob.account }), 'NotPermitted');
    await mined(kyc.write.pause({ account: serverAdmin.account }));
    await expectRevert(staking.write.stake([parseEther('1')], { account: alice.account }), 'NotPermitted');
    await mined(kyc.write.unpause({ account: serverAdmin.account }));
    await expectRevert(staking.write.stake([0n], { account: alice.account }), 'ZeroAmount');
  });

  it('applies the tier whose [start, end) holds the staked amount', async () => {
    const { staking, alice, bob } = await deploy();
    expect(await staking.read.getDiscountPercentage([alice.account.address])).to.equal(0n);
    const expectations: [bigint, bigint, bigint][] = [
      [parseEther('999'), 0n, 0n], // below the first tier
      [parseEther('1'), 1n, 10n], // 1000: the start is inclusive
      [parseEther('8999.999999999999999999'), 1n, 10n], // one wei under 10000
      [1n, 2n, 25n], // 10000: the end of tier 1 is exclusive
      [parseEther('90000'), 3n, 50n], // 100000
    ];
    for (const [add, tier, percentage] of expectations) {
      await mined(staking.write.stake([add], { account: alice.account }));
      expect(await staking.read.getDiscountTier([alice.account.address])).to.deep.equal([tier, percentage]);
      expect(await staking.read.getDiscountPercentage([alice.account.address])).to.equal(percentage);
    }
    expect(await staking.read.getDiscountPercentage([bob.account.address])).to.equal(0n);
  });

  it('locks a stake for the stake period and refuses an early unstake', async () => {
    const { staking, ftx, alice } = await deploy();
    const receipt = await mined(staking.write.stake([parseEther('5000')], { account: alice.account }));
    const since = (await (await hre.viem.getPublicClient()).getBlock({ blockNumber: receipt.blockNumber }))
      .timestamp;
    await expectRevert(staking.write.unstake([parseEther('1')], { account: alice.account }), 'StakeLocked');
    await increaseTime(STAKE_PERIOD - 10n);
    await expectRevert(staking.write.unstake([parseEther('1')], { account: alice.account }), 'StakeLocked');
    await increaseTime(10n);
    const before = await ftx.read.balanceOf([alice.account.address]);
    const out = await mined(staking.write.unstake([parseEther('4000')], { account: alice.account }));
    expect(eventsNamed(staking.abi, out.logs, 'Unstaked')[0].args).to.deep.include({
      amount: parseEther('4000'),
      newStake: parseEther('1000'),
    });
    expect(await ftx.read.balanceOf([alice.account.address])).to.equal(before + parseEther('4000'));
    expect(await staking.read.stakes([alice.account.address])).to.deep.equal([parseEther('1000'), since]);
    expect(await staking.read.getDiscountPercentage([alice.account.address])).to.equal(10n);
  });

  it('restarts the lock when more is staked', async () => {
    const { staking, alice } = await deploy();
    await mined(staking.write.stake([parseEther('1000')], { account: alice.account }));
    await increaseTime(STAKE_PERIOD);
    await mined(staking.write.stake([parseEther('1000')], { account: alice.account }));
    await expectRevert(staking.write.unstake([parseEther('1')], { account: alice.account }), 'StakeLocked');
    await increaseTime(STAKE_PERIOD);
    await mined(staking.write.unstake([parseEther('2000')], { account: alice.account }));
  });

  it('unstakes everything when asked for more than the stake, and then has no stake', async () => {
    const { staking, ftx, alice } = await deploy();
    await mined(staking.write.stake([parseEther('1200')], { account: alice.account }));
    await increaseTime(STAKE_PERIOD);
    const before = await ftx.read.balanceOf([alice.account.address]);
    await mined(staking.write.unstake([maxUint256], { account: alice.account }));
    expect(await ftx.read.balanceOf([alice.account.address])).to.equal(before + parseEther('1200'));
    expect(await staking.read.stakes([alice.account.address])).to.deep.equal([0n, 0n]);
    expect(await staking.read.totalStaked()).to.equal(0n);
    await expectRevert(staking.write.unstake([1n], { account: alice.account }), 'NoStake');
    await expectRevert(staking.write.unstake([0n], { account: alice.account }), 'ZeroAmount');
  });
}

/** Unstaking when suspended, and setting tiers. */
function unstakingAndTierTests() {
  it('lets a suspended customer take back an unlocked stake', async () => {
    const { staking, kyc, serverAdmin, alice } = await deploy();
    await mined(staking.write.stake([parseEther('1000')], { account: alice.account }));
    await mined(
      kyc.write.setStatus([alice.account.address, Status.Suspended], { account: serverAdmin.account }),
    );
    await increaseTime(STAKE_PERIOD);
    await mined(staking.write.unstake([parseEther('1000')], { account: alice.account }));
  });

  it('lets only admins set tiers, and validates them', async () => {
    const { staking, humanAdmin, alice } = await deploy();
    expect(await staking.read.getDiscountTiers()).to.deep.equal(TIERS);
    expect(await staking.read.discountTierCount()).to.equal(3n);
    await expectRevert(staking.write.setDiscountTiers([[]], { account: alice.account }), 'NotAdmin');
    const bad = [
      [{ tier: 1n, start: 10n, end: 10n, percentage: 5n }], // empty range
      [{ tier: 1n, start: 0n, end: 10n, percentage: 101n }], // over 100%
      [{ tier: 0n, start: 0n, end: 10n, percentage: 5n }], // tier 0 is "none"
      [
        { tier: 1n, start: 0n, end: 10n, percentage: 5n },
        { tier: 2n, start: 9n, end: 20n, percentage: 6n }, // overlaps
      ],
    ];
    for (const tiers of bad) {
      await expectRevert(
        staking.write.setDiscountTiers([tiers], { account: humanAdmin.account }),
        'InvalidTier',
      );
    }
    const receipt = await mined(
      staking.write.setDiscountTiers([[TIERS[0]]], { account: humanAdmin.account }),
    );
    expect(eventsNamed(staking.abi, receipt.logs, 'DiscountTiersSet')).to.have.length(1);
    expect(await staking.read.getDiscountTiers()).to.deep.equal([TIERS[0]]);
  });
}

describe('FTXStaking', () => {
  stakingTests();
  unstakingAndTierTests();
});
