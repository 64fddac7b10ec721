import { expect } from 'chai';
import { parseEther } from 'viem';
import {
  DEC,
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
} from './fixture';

/** At 2000: C 3 ETH / 4220 debt (142%), B 3 ETH / 3215 (187%), A 5 ETH / 5225 (191%), whale 100 ETH / 30150. */
async function setup() {
  const sys = await loadSystem();
  const [whale, a, b, c] = [sys.wallets[6], sys.wallets[5], sys.wallets[7], sys.wallets[8]];
  await openCache(sys, whale, '100', 30_000n);
  await openCache(sys, c, '3', 4000n);
  await openCache(sys, b, '3', 3000n);
  await openCache(sys, a, '5', 5000n);
  const [W, A, B, C] = [whale, a, b, c].map((w) => w.account!.address);
  return { sys, whale, W, A, B, C };
}

/** Which caches a redemption takes, in what order, and how it ends. */
function orderAndTruncationTests() {
  it('redeems across several caches, lowest ratio first, with a partial last one placed by its hints', async () => {
    const { sys, whale, W, A, B, C } = await setup();
    const cm = sys.cacheManager;
    const amount = 8035n * DEC; // C's 4020 + B's 3015 + 1000 of A's 5025
    const price = 2000n * DEC;
    const [first, partialNICR, truncated] = await sys.hintHelpers.read.getRedemptionHints([
      amount,
      price,
      0n,
    ]);
    expect(first.toLowerCase()).to.equal(C.toLowerCase());
    expect(truncated).to.equal(amount);
    expect(partialNICR).to.equal((parseEther('4.5') * 10n ** 20n) / (4225n * DEC));
    const [upper, lower] = await sys.sortedCaches.read.findInsertPosition([partialNICR, ZERO, ZERO]);
    const supply = await cm.read.getEntireSystemDebt();
    const ethBefore = await ethBalance(W);
    const treasuryBefore = await ethBalance(sys.treasury);
    const r = await mined(
      cm.write.redeemCollateral([amount, 0n, first, upper, lower, partialNICR, 0n], {
        account: whale.account!,
      }),
    );
    const drawn = (amount * DEC) / price;
    const baseRate = (drawn * price) / supply / 2n;
    expect(await cm.read.baseRate()).to.equal(baseRate);
    const fee = ((5n * 10n ** 15n + baseRate) * drawn) / DEC;
    expect(await ethBalance(W)).to.equal(ethBefore + drawn - fee - gasCost(r));
    expect(await ethBalance(sys.treasury)).to.equal(treasuryBefore + fee);
    const [ev] = eventsNamed(cm.abi, r.logs, 'Redemption');
    expect(ev).to.deep.equal({
      attemptedPAYDAmount: amount,
      actualPAYDAmount: amount,
      ETHSent: drawn,
      ETHFee: fee,
    });
    // C and B closed by redemption with their surplus claimable; A partially redeemed
    expect(await cm.read.getCacheStatus([C])).to.equal(4n);
    expect(await cm.read.getCacheStatus([B])).to.equal(4n);
    expect(await sys.collSurplusPool.read.getCollateral([C])).to.equal(parseEther('3') - parseEther('2.01'));
    expect(await sys.collSurplusPool.read.getCollateral([B])).to.equal(
      parseEther('3') - parseEther('1.5075'),
    );
    expect(await entire(sys, A)).to.deep.equal({ debt: 4225n * DEC, coll: parseEther('4.5') });
    expect(await sys.sortedCaches.read.getSize()).to.equal(2n);
    expect((await sys.sortedCaches.read.getLast()).toLowerCase()).to.equal(A.toLowerCase());
    // PAYD burned: the redeemer's and both closed caches' reserves
    expect(await sys.payd.read.balanceOf([W])).to.equal(30_000n * DEC - amount);
    expect(await sys.payd.read.balanceOf([sys.addrs.gasPool])).to.equal(400n * DEC);
    expect(await cm.read.getEntireSystemDebt()).to.equal(supply - amount - 400n * DEC);
    // the owner of a redeemed cache claims its surplus
    const c = sys.wallets[8];
    const before = await ethBalance(C);
    const claim = await mined(sys.borrowerOperations.write.claimCollateral({ account: c.account! }));
    expect(await ethBalance(C)).to.equal(before + parseEther('0.99') - gasCost(claim));
    // claimed once: nothing is left, and the closed record shows no collateral
    expect(await sys.collSurplusPool.read.getCollateral([C])).to.equal(0n);
    await expectRevert(
      sys.borrowerOperations.write.claimCollateral({ account: c.account! }),
      'NoCollateralToClaim',
    );
    expect((await cm.read.Caches([C])).slice(0, 4)).to.deep.equal([0n, 0n, 0n, 4]);
    expect(await sys.collSurplusPool.read.getETH()).to.equal(parseEther('3') - parseEther('1.5075'));
  });

  it('truncates an amount that would leave a cache under the minimum net debt; a stale partial hint ends the redemption', async () => {
    const { sys, whale, A } = await setup();
    const cm = sys.cacheManager;
    const price = 2000n * DEC;
    // A would keep 2400 net debt: the hints leave A out
    const [first, partialNICR, truncated] = await sys.hintHelpers.read.getRedemptionHints([
      9660n * DEC,
      price,
      0n,
    ]);
    expect(truncated).to.equal(7035n * DEC);
    expect(partialNICR).to.equal(0n);
    // redeeming the untruncated amount with a stale partial hint redeems C and B only
    const r = await mined(
      cm.write.redeemCollateral([9660n * DEC, 0n, first, ZERO, ZERO, 12345n, 0n], {
        account: whale.account!,
      }),
    );
    const [ev] = eventsNamed(cm.abi, r.logs, 'Redemption');
    expect(ev.attemptedPAYDAmount).to.equal(9660n * DEC);
    expect(ev.actualPAYDAmount).to.equal(7035n * DEC);
    expect(await entire(sys, A)).to.deep.equal({ debt: 5225n * DEC, coll: parseEther('5') });
    // nothing redeemable at all
    await expectRevert(
      cm.write.redeemCollateral([100n * DEC, 0n, ZERO, ZERO, ZERO, 0n, 0n], { account: whale.account! }),
      'redeemPAYD: amount too low to redeem (try at least 2500)',
    );
    await expectRevert(
      cm.write.redeemCollateral([0n, 0n, ZERO, ZERO, ZERO, 0n, 0n], { account: whale.account! }),
      'AmountMustBeNonZero',
    );
  });
}

/** What a redemption skips and its limits, its fee, and the most caches it touches. */
function limitsAndFeeTests() {
  it('skips caches under 115%, honours maxIterations, minEthAmt and the PAYD balance', async () => {
    const { sys, whale, B, C } = await setup();
    const cm = sys.cacheManager;
    await setPrice(sys, 1600n); // C at 113.7%
    const price = 1600n * DEC;
    const [first] = await sys.hintHelpers.read.getRedemptionHints([3015n * DEC, price, 0n]);
    expect(first.toLowerCase()).to.equal(B.toLowerCase());
    // a wrong first hint falls back to walking from the tail, still skipping C
    await mined(
      cm.write.redeemCollateral([3015n * DEC, 0n, C, ZERO, ZERO, 0n, 1n], { account: whale.account! }),
    );
    expect(await cm.read.getCacheStatus([B])).to.equal(4n);
    expect(await cm.read.getCacheStatus([C])).to.equal(1n);
    // maxIterations 1 stops after A although more was asked
    const r = await mined(
      cm.write.redeemCollateral([20_000n * DEC, 0n, ZERO, ZERO, ZERO, 0n, 1n], { account: whale.account! }),
    );
    expect(eventsNamed(cm.abi, r.logs, 'Redemption')[0].actualPAYDAmount).to.equal(5025n * DEC);
    expect(await cm.read.MAX_REDEMPTION_ITERATIONS()).to.equal(70n);
    await setPrice(sys, 2000n);
    const [f, nicr] = await sys.hintHelpers.read.getRedemptionHints([1000n * DEC, 2000n * DEC, 0n]);
    // 0.5 ETH drawn less the fee is under the 0.5 ETH asked for
    await expectRevert(
      cm.write.redeemCollateral([1000n * DEC, parseEther('0.5'), f, ZERO, ZERO, nicr, 0n], {
        account: whale.account!,
      }),
      'ETHReceivedBelowMinimum',
    );
    await expectRevert(
      cm.write.redeemCollateral([1000n * DEC, 0n, ZERO, ZERO, ZERO, 0n, 0n], {
        account: sys.wallets[9].account!,
      }),
      'InsufficientPAYDBalance',
    );
  });

  it('redeems from a cache at exactly 115%: the hints and the walk from the tail start there', async () => {
    const sys = await loadSystem();
    const cm = sys.cacheManager;
    const whale = sys.wallets[6];
    await openCache(sys, whale, '100', 30_000n);
    // D: 10 ETH / 5225, then collateral withdrawn to 3.004375 ETH: 1.15 exactly at 2000
    const d = sys.wallets[5];
    const D = d.account!.address;
    await openCache(sys, d, '10', 5000n);
    await mined(
      sys.borrowerOperations.write.withdrawColl([parseEther('10') - parseEther('3.004375'), ZERO, ZERO], {
        account: d.account!,
      }),
    );
    expect(await cm.read.getCurrentICR([D, 2000n * DEC])).to.equal(MCR);
    const [first, nicr] = await sys.hintHelpers.read.getRedemptionHints([10n * DEC, 2000n * DEC, 0n]);
    expect(first.toLowerCase()).to.equal(D.toLowerCase());
    // no first hint: the walk from the tail starts at D
    await mined(
      cm.write.redeemCollateral([10n * DEC, 0n, ZERO, ZERO, ZERO, nicr, 0n], { account: whale.account! }),
    );
    expect((await entire(sys, D)).debt).to.equal(5215n * DEC);
  });

  it('applies the FTX discount to the redemption fee, splits the charity share and needs canRedeem', async () => {
    const { sys, whale, W } = await setup();
    const cm = sys.cacheManager;
    const admin = sys.wallets[1].account!;
    const charity = sys.wallets[9].account!.address;
    await mined(sys.settings.write.setFeeWallet(['charityWalletFETH', charity], { account: admin }));
    await mined(sys.settings.write.setCharityShares([DEC / 4n, 0n], { account: admin }));
    await mined(sys.ftx.write.setDiscount([W, 50n]));
    const supply = await cm.read.getEntireSystemDebt();
    const charityBefore = await ethBalance(charity);
    const r = await mined(
      cm.write.redeemCollateral([4020n * DEC, 0n, ZERO, ZERO, ZERO, 0n, 0n], { account: whale.account! }),
    );
    const drawn = parseEther('2.01');
    const baseRate = (drawn * 2000n * DEC) / supply / 2n;
    const fullFee = ((5n * 10n ** 15n + baseRate) * drawn) / DEC;
    const fee = (fullFee * 50n) / 100n;
    expect(eventsNamed(cm.abi, r.logs, 'Redemption')[0].ETHFee).to.equal(fee);
    expect(await ethBalance(charity)).to.equal(charityBefore + fee / 4n);
    await mined(sys.kyc.write.setDenied(['canRedeem', true]));
    await expectRevert(
      cm.write.redeemCollateral([1000n * DEC, 0n, ZERO, ZERO, ZERO, 0n, 0n], { account: whale.account! }),
      'KycDenied',
    );
  });
  it('touches at most 70 caches in one redemption', async () => {
    const sys = await loadSystem();
    const whale = sys.wallets[6];
    await openCache(sys, whale, '400', 190_000n);
    // 71 minimum caches owned by fresh accounts funded and approved here
    const hre = (await import('hardhat')).default;
    const testClient = await hre.viem.getTestClient();
    const owners: `0x${string}`[] = [];
    for (let i = 0; i < 71; i++) {
      const owner = `0x${(0xca000 + i).toString(16).padStart(40, '0')}` as `0x${string}`;
      owners.push(owner);
      await testClient.setBalance({ address: owner, value: parseEther('10') });
      await testClient.impersonateAccount({ address: owner });
      await mined(sys.kyc.write.setStatus([owner, 2]));
      await mined(
        sys.borrowerOperations.write.openCache([DEC, 2500n * DEC, ZERO, ZERO], {
          account: owner,
          value: parseEther(String(3 + i / 100)),
        }),
      );
    }
    const r = await mined(
      sys.cacheManager.write.redeemCollateral([180_000n * DEC, 0n, ZERO, ZERO, ZERO, 0n, 500n], {
        account: whale.account!,
      }),
    );
    const closed = eventsNamed(sys.cacheManager.abi, r.logs, 'CacheUpdated').filter((e) => e.operation === 3);
    expect(closed.length).to.equal(70);
    expect(eventsNamed(sys.cacheManager.abi, r.logs, 'Redemption')[0].actualPAYDAmount).to.equal(
      70n * 25_125n * 10n ** 17n,
    );
    expect(await sys.cacheManager.read.getCacheStatus([owners[70]])).to.equal(1n);
  });
}

/** A redeemed cache's surplus, kept in its closed record until claimed. */
function surplusTests() {
  it("keeps a redeemed cache's unclaimed surplus claimable when its owner opens a new cache", async () => {
    const { sys, whale, B, C } = await setup();
    const cm = sys.cacheManager;
    const price = 2000n * DEC;
    const amount = 7035n * DEC; // C's 4020 and B's 3015: both closed
    const [first] = await sys.hintHelpers.read.getRedemptionHints([amount, price, 0n]);
    await mined(
      cm.write.redeemCollateral([amount, 0n, first, ZERO, ZERO, 0n, 0n], { account: whale.account! }),
    );
    const surplusB = parseEther('3') - parseEther('1.5075');
    expect(await cm.read.getRedemptionSurplus([B])).to.equal(surplusB);
    expect((await cm.read.Caches([B])).slice(0, 4)).to.deep.equal([0n, 0n, 0n, 4]);
    expect(await cm.read.getCacheColl([B])).to.equal(0n);
    expect((await cm.read.getEntireDebtAndColl([B])).slice(0, 2)).to.deep.equal([0n, 0n]);
    // B opens again without claiming: the surplus moves to the pool's own account, the new cache
    // holds only its new collateral
    const b = sys.wallets[7];
    await openCache(sys, b, '4', 3000n);
    expect(await cm.read.getCacheStatus([B])).to.equal(1n);
    expect(await cm.read.getRedemptionSurplus([B])).to.equal(0n);
    expect(await sys.collSurplusPool.read.getCollateral([B])).to.equal(surplusB);
    expect((await entire(sys, B)).coll).to.equal(parseEther('4'));
    const before = await ethBalance(B);
    const claim = await mined(sys.borrowerOperations.write.claimCollateral({ account: b.account! }));
    expect(await ethBalance(B)).to.equal(before + surplusB - gasCost(claim));
    expect((await entire(sys, B)).coll).to.equal(parseEther('4'));
    // C's surplus is still in its record, and the pool holds exactly C's ETH now
    expect(await sys.collSurplusPool.read.getCollateral([C])).to.equal(parseEther('0.99'));
    expect(await sys.collSurplusPool.read.getETH()).to.equal(parseEther('0.99'));
  });
}

describe('CacheManager redemption', () => {
  before(resetSystem);
  orderAndTruncationTests();
  limitsAndFeeTests();
  surplusTests();
});
