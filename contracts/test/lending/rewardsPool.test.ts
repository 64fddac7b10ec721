import { expect } from 'chai';
import { parseEther, type Address, type WalletClient } from 'viem';
import {
  DEC,
  ZERO,
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

/** Independent model of the pool: each liquidation shrinks every deposit by debt/total and shares the
 * collateral pro rata. Values are kept in wei x 1e20 so that its own rounding is negligible. */
class PoolModel {
  static readonly S = 10n ** 20n;
  deposits = new Map<Address, bigint>();
  gains = new Map<Address, bigint>();

  total(): bigint {
    let t = 0n;
    for (const v of this.deposits.values()) t += v;
    return t;
  }
  deposit(who: Address, amount: bigint) {
    this.deposits.set(who, (this.deposits.get(who) ?? 0n) + amount * PoolModel.S);
    this.gains.set(who, 0n);
  }
  withdraw(who: Address, amount: bigint) {
    this.deposits.set(who, (this.deposits.get(who) ?? 0n) - amount * PoolModel.S);
    this.gains.set(who, 0n);
  }
  liquidate(debt: bigint, coll: bigint) {
    const total = this.total();
    for (const [who, d] of this.deposits) {
      this.gains.set(who, (this.gains.get(who) ?? 0n) + (coll * d) / total);
      this.deposits.set(who, d - (debt * PoolModel.S * d) / total);
    }
  }
  depositOf(who: Address) {
    return (this.deposits.get(who) ?? 0n) / PoolModel.S;
  }
  gainOf(who: Address) {
    return this.gains.get(who) ?? 0n;
  }
}

/** |actual - expected| <= expected x 1e-9 */
function expectClose(actual: bigint, expected: bigint, label: string) {
  const diff = actual > expected ? actual - expected : expected - actual;
  expect(diff * 10n ** 9n <= expected, `${label}: ${actual} vs ${expected}`).to.equal(true);
}

async function provide(sys: System, w: WalletClient, amount: bigint) {
  return mined(sys.rewardsPool.write.provideToSP([amount, ZERO], { account: w.account! }));
}

/** Gains and deposits against the pro-rata model. */
function proRataTests() {
  it('pays collateral gains and shrinks deposits exactly as the pro-rata model, over several liquidations and depositors', async () => {
    const sys = await loadSystem();
    const [d1, d2, d3] = [sys.wallets[6], sys.wallets[4], sys.wallets[2]];
    const [a1, a2, a3] = [sys.wallets[5], sys.wallets[7], sys.wallets[8]];
    await openCache(sys, d1, '100', 30_000n);
    await openCache(sys, d2, '20', 10_000n);
    await openCache(sys, a1, '3.2', 5000n);
    await openCache(sys, a2, '3.1', 5000n);
    await openCache(sys, a3, '3.3', 5000n);
    await mined(sys.payd.write.transfer([d3.account!.address, 8000n * DEC], { account: d1.account! }));
    const model = new PoolModel();
    const [A1, A2, A3] = [a1, a2, a3].map((w) => w.account!.address);
    const [D1, D2, D3] = [d1, d2, d3].map((w) => w.account!.address);

    await provide(sys, d1, 8000n * DEC);
    model.deposit(D1, 8000n * DEC);
    await provide(sys, d2, 6000n * DEC);
    model.deposit(D2, 6000n * DEC);
    await provide(sys, d3, 4000n * DEC);
    model.deposit(D3, 4000n * DEC);
    await setPrice(sys, 1800n);

    const toPool = (coll: string) => parseEther(coll) - parseEther(coll) / 200n;
    const check = async () => {
      for (const who of [D1, D2, D3]) {
        expectClose(
          await sys.rewardsPool.read.getCompoundedPAYDDeposit([who]),
          model.depositOf(who),
          `deposit ${who}`,
        );
        expectClose(await sys.rewardsPool.read.getDepositorETHGain([who]), model.gainOf(who), `gain ${who}`);
      }
    };

    await mined(sys.cacheManager.write.liquidate([A2]));
    model.liquidate(5225n * DEC, toPool('3.1'));
    await check();

    // a top-up pays out the gain so far and restarts the snapshot
    const gain3 = await sys.rewardsPool.read.getDepositorETHGain([D3]);
    const before3 = await ethBalance(D3);
    const r = await provide(sys, d3, 2000n * DEC);
    expect(await ethBalance(D3)).to.equal(before3 + gain3 - gasCost(r));
    const [withdrawn] = eventsNamed(sys.rewardsPool.abi, r.logs, 'ETHGainWithdrawn');
    expect(withdrawn.ETH).to.equal(gain3);
    model.deposit(D3, 2000n * DEC);
    await check();

    await mined(sys.cacheManager.write.liquidate([A1]));
    model.liquidate(5225n * DEC, toPool('3.2'));
    await check();

    await mined(sys.cacheManager.write.liquidate([A3]));
    model.liquidate(5225n * DEC, toPool('3.3'));
    await check();

    await mined(sys.rewardsPool.write.withdrawFromSP([1000n * DEC], { account: d1.account! }));
    model.withdraw(D1, 1000n * DEC);
    await check();

    // the pool never owes more PAYD than it holds, nor more ETH
    let owed = 0n;
    let owedEth = 0n;
    for (const who of [D1, D2, D3]) {
      owed += await sys.rewardsPool.read.getCompoundedPAYDDeposit([who]);
      owedEth += await sys.rewardsPool.read.getDepositorETHGain([who]);
    }
    expect(owed <= (await sys.payd.read.balanceOf([sys.addrs.rewardsPool]))).to.equal(true);
    expect(owedEth <= (await sys.rewardsPool.read.getETH())).to.equal(true);

    // withdrawETHGain pays only the gain and keeps the deposit
    const gain2 = await sys.rewardsPool.read.getDepositorETHGain([D2]);
    const deposit2 = await sys.rewardsPool.read.getCompoundedPAYDDeposit([D2]);
    const before2 = await ethBalance(D2);
    const w = await mined(sys.rewardsPool.write.withdrawETHGain({ account: d2.account! }));
    expect(await ethBalance(D2)).to.equal(before2 + gain2 - gasCost(w));
    expect(await sys.rewardsPool.read.getCompoundedPAYDDeposit([D2])).to.equal(deposit2);
    expect(await sys.rewardsPool.read.getDepositorETHGain([D2])).to.equal(0n);

    // withdrawing everything returns the compounded deposit
    const paydBefore = await sys.payd.read.balanceOf([D2]);
    await mined(sys.rewardsPool.write.withdrawFromSP([10n ** 30n], { account: d2.account! }));
    expect(await sys.payd.read.balanceOf([D2])).to.equal(paydBefore + deposit2);
    expect(await sys.rewardsPool.read.deposits([D2])).to.deep.equal([0n, ZERO]);
  });
}

/** Epochs and scale, ETH rewards, front-end tags, refusals and the KYC gate. */
function epochsRewardsAndGateTests() {
  it('a liquidation that empties the pool starts a new epoch; near-total ones move the scale', async () => {
    const sys = await loadSystem();
    const [whale, a1, a2, a3] = [sys.wallets[6], sys.wallets[5], sys.wallets[7], sys.wallets[8]];
    const W = whale.account!.address;
    await openCache(sys, whale, '100', 30_000n);
    await openCache(sys, a1, '3.2', 5000n);
    await openCache(sys, a2, '3.1', 5000n);
    await openCache(sys, a3, '3.3', 5000n);
    // a pool 1/99999 larger than the debt keeps a 1e-5 fraction: twice over, P falls under 1e9
    const X = (5225n * DEC * 100_000n) / 99_999n;
    await mined(sys.rewardsPool.write.provideToSP([X, ZERO], { account: whale.account! }));
    await setPrice(sys, 1800n);
    await mined(sys.cacheManager.write.liquidate([a2.account!.address]));
    expect(await sys.rewardsPool.read.currentScale()).to.equal(0n);
    const left = await sys.rewardsPool.read.getCompoundedPAYDDeposit([W]);
    expectClose(left, X - 5225n * DEC, 'deposit after a 1e-5 remainder');
    await mined(sys.rewardsPool.write.provideToSP([X - left, ZERO], { account: whale.account! }));
    await mined(sys.cacheManager.write.liquidate([a1.account!.address]));
    expect(await sys.rewardsPool.read.currentScale()).to.equal(1n);
    const left2 = await sys.rewardsPool.read.getCompoundedPAYDDeposit([W]);
    expectClose(left2, X - 5225n * DEC, 'deposit after the scale change');
    expectClose(
      await sys.rewardsPool.read.getDepositorETHGain([W]),
      parseEther('3.2') - parseEther('3.2') / 200n,
      'gain across the scale change',
    );
    // top up to exactly a3's debt and liquidate it: the pool empties and a new epoch starts
    const total = await sys.rewardsPool.read.getTotalPAYDDeposits();
    await mined(sys.rewardsPool.write.provideToSP([5225n * DEC - total, ZERO], { account: whale.account! }));
    expect(await sys.rewardsPool.read.getTotalPAYDDeposits()).to.equal(5225n * DEC);
    await mined(sys.cacheManager.write.liquidate([a3.account!.address]));
    expect(await sys.rewardsPool.read.currentEpoch()).to.equal(1n);
    expect(await sys.rewardsPool.read.P()).to.equal(DEC);
    expect(await sys.rewardsPool.read.getCompoundedPAYDDeposit([W])).to.equal(0n);
    expectClose(
      await sys.rewardsPool.read.getDepositorETHGain([W]),
      parseEther('3.3') - parseEther('3.3') / 200n,
      'gain in the emptying liquidation',
    );
  });

  it('distributes ETH rewards from the rewards source pro rata, and only from it', async () => {
    const sys = await loadSystem();
    const [a, b] = [sys.wallets[6], sys.wallets[5]];
    await openCache(sys, a, '100', 30_000n);
    await openCache(sys, b, '10', 5000n);
    const source = sys.wallets[8].account!;
    await expectRevert(
      sys.rewardsPool.write.distributeETHRewards({ account: source, value: 1n }),
      'CallerNotAllowed',
    );
    await mined(
      sys.rewardsPool.write.setRewardsSource([source.address], { account: sys.wallets[1].account! }),
    );
    await expectRevert(
      sys.rewardsPool.write.distributeETHRewards({ account: source, value: 1n }),
      'NoDepositsToReward',
    );
    await mined(sys.rewardsPool.write.provideToSP([3000n * DEC, ZERO], { account: a.account! }));
    await mined(sys.rewardsPool.write.provideToSP([1000n * DEC, ZERO], { account: b.account! }));
    await mined(sys.rewardsPool.write.distributeETHRewards({ account: source, value: parseEther('4') }));
    expectClose(await sys.rewardsPool.read.getDepositorETHGain([a.account!.address]), parseEther('3'), 'a');
    expectClose(await sys.rewardsPool.read.getDepositorETHGain([b.account!.address]), parseEther('1'), 'b');
    expect(await sys.rewardsPool.read.totalRewardsDistributed()).to.equal(parseEther('4'));
  });

  it('keeps the front-end tag of the first deposit, refuses empty operations and withdrawals while a cache is under 115%', async () => {
    const sys = await loadSystem();
    const [a, b] = [sys.wallets[6], sys.wallets[5]];
    await openCache(sys, a, '100', 30_000n);
    await openCache(sys, b, '3.2', 5000n);
    const tag = sys.wallets[9].account!.address;
    await mined(sys.rewardsPool.write.provideToSP([1000n * DEC, tag], { account: a.account! }));
    await mined(sys.rewardsPool.write.provideToSP([1000n * DEC, ZERO], { account: a.account! }));
    const [, frontEndTag] = await sys.rewardsPool.read.deposits([a.account!.address]);
    expect(frontEndTag.toLowerCase()).to.equal(tag.toLowerCase());
    await expectRevert(
      sys.rewardsPool.write.provideToSP([0n, ZERO], { account: a.account! }),
      'AmountMustBeNonZero',
    );
    await expectRevert(sys.rewardsPool.write.withdrawFromSP([1n], { account: b.account! }), 'NoDeposit');
    await setPrice(sys, 1800n);
    await expectRevert(
      sys.rewardsPool.write.withdrawFromSP([1n], { account: a.account! }),
      'UndercollateralizedCaches',
    );
  });

  it('gates deposits and withdrawals by KYC', async () => {
    const sys = await loadSystem();
    const a = sys.wallets[6];
    await openCache(sys, a, '100', 30_000n);
    await mined(sys.kyc.write.setDenied(['canProvideToSP', true]));
    await expectRevert(sys.rewardsPool.write.provideToSP([DEC, ZERO], { account: a.account! }), 'KycDenied');
    await mined(sys.kyc.write.setDenied(['canProvideToSP', false]));
    await mined(sys.rewardsPool.write.provideToSP([DEC, ZERO], { account: a.account! }));
    await mined(sys.kyc.write.setDenied(['canWithdraw', true]));
    await expectRevert(sys.rewardsPool.write.withdrawFromSP([DEC], { account: a.account! }), 'KycDenied');
    await expectRevert(sys.rewardsPool.write.withdrawETHGain({ account: a.account! }), 'KycDenied');
    // only borrower operations may deposit on someone's behalf, only the cache manager may offset
    await expectRevert(sys.rewardsPool.write.provideToSPFor([a.account!.address, DEC]), 'CallerNotAllowed');
    await expectRevert(sys.rewardsPool.write.offset([DEC, 0n]), 'CallerNotAllowed');
  });
}

describe('RewardsPool', () => {
  before(resetSystem);
  proRataTests();
  epochsRewardsAndGateTests();
});
