import { expect } from 'chai';
import { getAddress, parseEther } from 'viem';
import {
  CCR,
  DEC,
  FEE_FLOOR,
  GAS_COMP,
  KYC,
  MAX_FEE,
  MCR,
  ZERO,
  entire,
  ethBalance,
  eventsNamed,
  expectRevert,
  gasCost,
  mineAt,
  loadSystem,
  mined,
  openCache,
  resetSystem,
  setPrice,
} from './fixture';

/** Spec constants and opening a cache, with the rules an opening must meet. */
function openingTests() {
  it('exposes the spec constants', async () => {
    const { borrowerOperations: bo } = await loadSystem();
    expect(await bo.read.MCR()).to.equal(MCR);
    expect(await bo.read.CCR()).to.equal(CCR);
    expect(await bo.read.MIN_NET_DEBT()).to.equal(2500n * DEC);
    expect(await bo.read.PAYD_GAS_COMPENSATION()).to.equal(200n * DEC);
    expect(await bo.read.BORROWING_FEE_FLOOR()).to.equal(FEE_FLOOR);
    expect(await bo.read.MAX_BORROWING_FEE()).to.equal(DEC / 20n);
  });

  it('opens a cache: debt = borrowed + 0.5% fee + 200 reserve, fee minted to the openCacheFee wallet', async () => {
    const sys = await loadSystem();
    const alice = sys.wallets[5];
    const receipt = await openCache(sys, alice, '10', 5000n);
    const who = alice.account!.address;
    expect(await entire(sys, who)).to.deep.equal({ debt: 5225n * DEC, coll: parseEther('10') });
    expect(await sys.payd.read.balanceOf([who])).to.equal(5000n * DEC);
    expect(await sys.payd.read.balanceOf([sys.treasury])).to.equal(25n * DEC);
    expect(await sys.payd.read.balanceOf([sys.addrs.gasPool])).to.equal(GAS_COMP);
    expect(await sys.activePool.read.getETH()).to.equal(parseEther('10'));
    expect(await sys.activePool.read.getPAYDDebt()).to.equal(5225n * DEC);
    expect(await sys.cacheManager.read.getCacheStatus([who])).to.equal(1n);
    const [updated] = eventsNamed(sys.borrowerOperations.abi, receipt.logs, 'CacheUpdated');
    expect(updated).to.deep.include({
      borrower: getAddress(who),
      debt: 5225n * DEC,
      coll: parseEther('10'),
      operation: 0,
    });
    const [fee] = eventsNamed(sys.borrowerOperations.abi, receipt.logs, 'PAYDBorrowingFeePaid');
    expect(fee).to.deep.include({ PAYDFee: 25n * DEC, wallet: getAddress(sys.treasury), charityAmount: 0n });
  });

  it('enforces the minimum net debt of 2500 (minimum debt 2700)', async () => {
    const sys = await loadSystem();
    const bo = sys.borrowerOperations;
    const account = sys.wallets[5].account!;
    // 2487 + 0.5% fee = 2499.435 < 2500
    await expectRevert(
      bo.write.openCache([MAX_FEE, 2487n * DEC, ZERO, ZERO], { account, value: parseEther('10') }),
      'NetDebtBelowMinimum',
    );
    // 2488 + 12.44 = 2500.44 >= 2500: debt 2700.44
    await mined(bo.write.openCache([MAX_FEE, 2488n * DEC, ZERO, ZERO], { account, value: parseEther('10') }));
    expect((await entire(sys, account.address)).debt).to.equal(270044n * 10n ** 16n);
  });

  it('refuses a cache under 115%, a second cache, and a max fee outside 0.5%..100%', async () => {
    const sys = await loadSystem();
    const bo = sys.borrowerOperations;
    const account = sys.wallets[5].account!;
    await openCache(sys, sys.wallets[6], '100', 5000n);
    // 3 ETH at 2000 = 6000 vs debt 5225 -> 114.8%
    await expectRevert(
      bo.write.openCache([MAX_FEE, 5000n * DEC, ZERO, ZERO], { account, value: parseEther('3') }),
      'ICRBelowMCR',
    );
    await expectRevert(
      bo.write.openCache([FEE_FLOOR - 1n, 5000n * DEC, ZERO, ZERO], { account, value: parseEther('10') }),
      'MaxFeePercentageOutOfRange',
    );
    await expectRevert(
      bo.write.openCache([DEC + 1n, 5000n * DEC, ZERO, ZERO], { account, value: parseEther('10') }),
      'MaxFeePercentageOutOfRange',
    );
    await openCache(sys, sys.wallets[5], '10', 5000n);
    await expectRevert(
      bo.write.openCache([MAX_FEE, 5000n * DEC, ZERO, ZERO], { account, value: parseEther('10') }),
      'CacheIsActive',
    );
  });

  it('accepts a cache at exactly 115%, opened or adjusted to it, and refuses one wei under', async () => {
    const sys = await loadSystem();
    const bo = sys.borrowerOperations;
    const [alice, bob] = [sys.wallets[5].account!, sys.wallets[7].account!];
    await openCache(sys, sys.wallets[6], '100', 5000n);
    // 3.004375 ETH x 2000 / 5225 PAYD (5000 + 25 fee + 200 reserve) = 1.15 exactly, with no rounding
    const exact = parseEther('3.004375');
    await expectRevert(
      bo.write.openCache([MAX_FEE, 5000n * DEC, ZERO, ZERO], { account: alice, value: exact - 1n }),
      'ICRBelowMCR',
    );
    await mined(bo.write.openCache([MAX_FEE, 5000n * DEC, ZERO, ZERO], { account: alice, value: exact }));
    expect(await sys.cacheManager.read.getCurrentICR([alice.address, 2000n * DEC])).to.equal(MCR);
    // withdrawing collateral down to exactly 115% is allowed, one wei more is not
    await openCache(sys, sys.wallets[7], '10', 5000n);
    const excess = parseEther('10') - exact;
    await expectRevert(bo.write.withdrawColl([excess + 1n, ZERO, ZERO], { account: bob }), 'ICRBelowMCR');
    await mined(bo.write.withdrawColl([excess, ZERO, ZERO], { account: bob }));
    expect(await sys.cacheManager.read.getCurrentICR([bob.address, 2000n * DEC])).to.equal(MCR);
  });

  it('refuses an opening that would push the system into recovery mode', async () => {
    const sys = await loadSystem();
    await openCache(sys, sys.wallets[6], '6', 5000n);
    // 10 ETH for 16280 debt is 122.8%, but the total ratio would be 32000 / 21505 = 148.8%
    const account = sys.wallets[5].account!;
    await expectRevert(
      sys.borrowerOperations.write.openCache([MAX_FEE, 16_000n * DEC, ZERO, ZERO], {
        account,
        value: parseEther('10'),
      }),
      'TCRBelowCCR',
    );
  });
}

/** Adjusting a cache (also together with the rewards pool) and closing it. */
function adjustingAndClosingTests() {
  it('adjusts: add and withdraw collateral, borrow more (topupCacheFee), repay', async () => {
    const sys = await loadSystem();
    const bo = sys.borrowerOperations;
    const alice = sys.wallets[5];
    const account = alice.account!;
    const who = account.address;
    await openCache(sys, sys.wallets[6], '100', 5000n);
    await openCache(sys, alice, '10', 5000n);
    const topup = sys.wallets[7].account!.address;
    await mined(
      sys.settings.write.setFeeWallet(['topupCacheFee', topup], { account: sys.wallets[1].account! }),
    );

    await mined(bo.write.addColl([ZERO, ZERO], { account, value: parseEther('2') }));
    expect((await entire(sys, who)).coll).to.equal(parseEther('12'));

    const before = await ethBalance(who);
    const r = await mined(bo.write.withdrawColl([parseEther('1'), ZERO, ZERO], { account }));
    expect(await ethBalance(who)).to.equal(before + parseEther('1') - gasCost(r));
    expect((await entire(sys, who)).coll).to.equal(parseEther('11'));

    await mined(bo.write.withdrawPAYD([MAX_FEE, 1000n * DEC, ZERO, ZERO], { account }));
    expect((await entire(sys, who)).debt).to.equal(5225n * DEC + 1005n * DEC);
    expect(await sys.payd.read.balanceOf([topup])).to.equal(5n * DEC);
    expect(await sys.payd.read.balanceOf([who])).to.equal(6000n * DEC);

    await mined(bo.write.repayPAYD([500n * DEC, ZERO, ZERO], { account }));
    expect((await entire(sys, who)).debt).to.equal(5730n * DEC);
    expect(await sys.payd.read.balanceOf([who])).to.equal(5500n * DEC);

    // collateral in and a borrowing in one adjustment (the pool, fee wallet and borrower get theirs), then back
    const [poolColl, poolDebt] = await sys.activePool.read.getETHAndPAYDDebt();
    await mined(
      bo.write.adjustCache([MAX_FEE, 0n, 1000n * DEC, true, ZERO, ZERO], { account, value: parseEther('1') }),
    );
    expect(await entire(sys, who)).to.deep.equal({ debt: 6735n * DEC, coll: parseEther('12') });
    expect(await sys.activePool.read.getETHAndPAYDDebt()).to.deep.equal([
      poolColl + parseEther('1'),
      poolDebt + 1005n * DEC,
    ]);
    expect(await sys.payd.read.balanceOf([topup])).to.equal(10n * DEC);
    expect(await sys.payd.read.balanceOf([who])).to.equal(6500n * DEC);
    await mined(
      bo.write.adjustCache([MAX_FEE, parseEther('1'), 1005n * DEC, false, ZERO, ZERO], { account }),
    );
    expect(await entire(sys, who)).to.deep.equal({ debt: 5730n * DEC, coll: parseEther('11') });
    expect(await sys.activePool.read.getETHAndPAYDDebt()).to.deep.equal([poolColl, poolDebt]);

    // adjustCache with both a collateral deposit and a withdrawal is refused, as is no change at all
    await expectRevert(
      bo.write.adjustCache([MAX_FEE, 1n, 0n, false, ZERO, ZERO], { account, value: 1n }),
      'CannotWithdrawAndAddColl',
    );
    await expectRevert(bo.write.adjustCache([MAX_FEE, 0n, 0n, false, ZERO, ZERO], { account }), 'NoChange');
    // repaying under the minimum net debt is refused
    await expectRevert(bo.write.repayPAYD([3100n * DEC, ZERO, ZERO], { account }), 'NetDebtBelowMinimum');
    // withdrawing collateral under 115% is refused
    await expectRevert(bo.write.withdrawColl([parseEther('7.8'), ZERO, ZERO], { account }), 'ICRBelowMCR');
    await expectRevert(
      bo.write.withdrawColl([parseEther('12'), ZERO, ZERO], { account }),
      'CollWithdrawalExceedsColl',
    );
  });

  it('adjustCacheAndSp and openCacheAndProvideToSp move PAYD between the cache and the rewards pool', async () => {
    const sys = await loadSystem();
    const bo = sys.borrowerOperations;
    const account = sys.wallets[5].account!;
    await openCache(sys, sys.wallets[6], '100', 5000n);
    await mined(
      bo.write.openCacheAndProvideToSp([MAX_FEE, 4000n * DEC, ZERO, ZERO, 3000n * DEC], {
        account,
        value: parseEther('10'),
      }),
    );
    expect(await sys.rewardsPool.read.getCompoundedPAYDDeposit([account.address])).to.equal(3000n * DEC);
    expect(await sys.payd.read.balanceOf([account.address])).to.equal(1000n * DEC);
    // take 2000 back out of the pool and repay 2500 with it
    await mined(
      bo.write.adjustCacheAndSp([MAX_FEE, 0n, 1500n * DEC, false, ZERO, ZERO, 2000n * DEC, false], {
        account,
      }),
    );
    expect(await sys.rewardsPool.read.getCompoundedPAYDDeposit([account.address])).to.equal(1000n * DEC);
    expect((await entire(sys, account.address)).debt).to.equal(4220n * DEC - 1500n * DEC);
    // borrow 1000 and put it in the pool
    await mined(
      bo.write.adjustCacheAndSp([MAX_FEE, 0n, 1000n * DEC, true, ZERO, ZERO, 1000n * DEC, true], { account }),
    );
    expect(await sys.rewardsPool.read.getCompoundedPAYDDeposit([account.address])).to.equal(2000n * DEC);
  });

  it('closes a cache: burns the debt and the reserve, returns the collateral', async () => {
    const sys = await loadSystem();
    const bo = sys.borrowerOperations;
    const alice = sys.wallets[5];
    const account = alice.account!;
    await openCache(sys, sys.wallets[6], '100', 5000n);
    await openCache(sys, alice, '10', 5000n);
    // alice needs 5025 to close; she holds 5000: top up with 25 from wallet 6
    await expectRevert(bo.write.closeCache({ account }), 'InsufficientPAYDBalance');
    await mined(sys.payd.write.transfer([account.address, 25n * DEC], { account: sys.wallets[6].account! }));
    const before = await ethBalance(account.address);
    const r = await mined(bo.write.closeCache({ account }));
    expect(await ethBalance(account.address)).to.equal(before + parseEther('10') - gasCost(r));
    expect(await sys.payd.read.balanceOf([account.address])).to.equal(0n);
    expect(await sys.cacheManager.read.getCacheStatus([account.address])).to.equal(2n);
    expect(await sys.sortedCaches.read.getSize()).to.equal(1n);
    expect(await sys.activePool.read.getPAYDDebt()).to.equal(5225n * DEC);
    expect(await sys.payd.read.balanceOf([sys.addrs.gasPool])).to.equal(GAS_COMP);
    // the last cache cannot be closed
    await mined(
      sys.payd.write.transfer([sys.wallets[6].account!.address, 50n * DEC], {
        account: sys.wallets[3].account!,
      }),
    );
    await expectRevert(bo.write.closeCache({ account: sys.wallets[6].account! }), 'OnlyOneCacheInSystem');
  });
}

/** The owners array as caches close and open: ids stay put, freed ids are reused. */
function ownersArrayTests() {
  it('keeps every open cache at its id; pops the highest, frees another and reuses it', async () => {
    const sys = await loadSystem();
    const cm = sys.cacheManager;
    const [a, b, c, d, e] = [5, 6, 7, 8, 9].map((i) => sys.wallets[i]);
    for (const w of [a, b, c]) await openCache(sys, w, '10', 5000n);
    const addr = (w: typeof a) => w.account!.address.toLowerCase();
    const owners = async () => {
      const n = await cm.read.getCacheIdCount();
      const list: string[] = [];
      for (let i = 0n; i < n; i++) list.push((await cm.read.getCacheFromCacheOwnersArray([i])).toLowerCase());
      return list;
    };
    const index = async (w: typeof a) => (await cm.read.Caches([w.account!.address]))[4];
    const fund = (w: typeof a) =>
      mined(sys.payd.write.transfer([w.account!.address, 25n * DEC], { account: sys.wallets[3].account! }));
    // the highest id closes: only popped
    await fund(c);
    await mined(sys.borrowerOperations.write.closeCache({ account: c.account! }));
    expect(await owners()).to.deep.equal([a, b].map(addr));
    expect([await index(a), await index(b), await index(c)]).to.deep.equal([0n, 1n, 2n]);
    // another id closes: freed, the others keep theirs
    await fund(a);
    await mined(sys.borrowerOperations.write.closeCache({ account: a.account! }));
    expect(await owners()).to.deep.equal([ZERO, addr(b)]);
    expect(await index(b)).to.equal(1n);
    expect(await cm.read.getCacheOwnersCount()).to.equal(1n);
    expect(await sys.sortedCaches.read.getSize()).to.equal(1n);
    await expectRevert(cm.read.getCacheFromCacheOwnersArray([2n]), 'panic code 0x32');
    // the next open takes the freed id, the one after a new id
    await openCache(sys, d, '10', 5000n);
    await openCache(sys, e, '10', 5000n);
    expect(await owners()).to.deep.equal([d, b, e].map(addr));
    expect([await index(d), await index(e)]).to.deep.equal([0n, 2n]);
    expect(await cm.read.getCacheOwnersCount()).to.equal(3n);
  });
}

/** The borrowing rate and recovery mode. */
function borrowingRateTests() {
  it('borrowing rate: base rate decays per whole minute with a 12-hour half-life, capped at 5%', async () => {
    const sys = await loadSystem();
    const cm = sys.cacheManager;
    expect(await cm.read.MINUTE_DECAY_FACTOR()).to.equal(999037758833783388n);
    // Create a base rate with a redemption: 3 caches, redeem 10% of the supply
    await openCache(sys, sys.wallets[5], '10', 5000n);
    await openCache(sys, sys.wallets[6], '20', 5000n);
    const supply = await cm.read.getEntireSystemDebt();
    const account = sys.wallets[6].account!;
    const redeem = 500n * DEC;
    const hints = await sys.hintHelpers.read.getRedemptionHints([redeem, 2000n * DEC, 0n]);
    // place every block at an exact time, and read at that block, so that wall-clock time never leaks in
    const t0 = (await cm.read.lastFeeOperationTime()) + 600n;
    await mineAt(t0, () =>
      cm.write.redeemCollateral([redeem, 0n, hints[0], ZERO, ZERO, hints[1], 0n], { account }),
    );
    expect(await cm.read.lastFeeOperationTime()).to.equal(t0);
    const baseRate = await cm.read.baseRate();
    // fraction redeemed / beta: (ETHDrawn * price / supply) / 2
    const ethDrawn = (redeem * DEC) / (2000n * DEC);
    expect(baseRate).to.equal((ethDrawn * 2000n * DEC) / supply / 2n);
    const rateAt = async (t: bigint) => {
      const blockNumber = await mineAt(t);
      return cm.read.getBorrowingRateWithDecay({ blockNumber });
    };
    // 59 seconds: no decay yet; 60 seconds: one minute of decay; 119 seconds: still one minute
    expect(await rateAt(t0 + 59n)).to.equal(FEE_FLOOR + baseRate);
    const oneMinute = (baseRate * 999037758833783388n) / DEC;
    expect(await rateAt(t0 + 60n)).to.equal(FEE_FLOOR + oneMinute);
    expect(await rateAt(t0 + 119n)).to.equal(FEE_FLOOR + oneMinute);
    // after 12 hours the base rate has halved (to within rounding)
    const decayed = (await rateAt(t0 + 12n * 3600n)) - FEE_FLOOR;
    expect(decayed * 2n - baseRate < baseRate / 10n ** 12n + 2n).to.equal(true);
    // the fee charged matches the decayed rate and maxFeePercentage below it is refused
    const rate = await cm.read.getBorrowingRateWithDecay();
    await expectRevert(
      sys.borrowerOperations.write.withdrawPAYD([rate - 1n, 1000n * DEC, ZERO, ZERO], { account }),
      'FeeExceedsMaximum',
    );
  });

  it('borrowing rate is capped at 5%', async () => {
    const sys = await loadSystem();
    const cm = sys.cacheManager;
    await openCache(sys, sys.wallets[5], '100', 5000n);
    await openCache(sys, sys.wallets[6], '3', 2500n);
    await openCache(sys, sys.wallets[7], '3', 2500n);
    // redeem a third of the supply: base rate ~ 1/6 > 4.5%
    const account = sys.wallets[5].account!;
    const amount = 4000n * DEC;
    const h = await sys.hintHelpers.read.getRedemptionHints([amount, 2000n * DEC, 0n]);
    await mined(cm.write.redeemCollateral([h[2], 0n, h[0], ZERO, ZERO, h[1], 0n], { account }));
    expect((await cm.read.baseRate()) > DEC / 20n).to.equal(true);
    expect(await cm.read.getBorrowingRateWithDecay()).to.equal(DEC / 20n);
    await mined(sys.borrowerOperations.write.withdrawPAYD([MAX_FEE, 1000n * DEC, ZERO, ZERO], { account }));
    expect((await entire(sys, account.address)).debt).to.equal(5225n * DEC + 1050n * DEC);
  });

  it('recovery mode: no borrowing fee, opening needs 155%, no collateral withdrawal, no closing', async () => {
    const sys = await loadSystem();
    const bo = sys.borrowerOperations;
    await openCache(sys, sys.wallets[6], '5', 5000n); // 191% at 2000
    await openCache(sys, sys.wallets[5], '4', 5000n); // 153%
    // TCR = 18000 / 10450 = 172%; at 1800: 16200/10450 = 155.0%; at 1700: 146%
    await setPrice(sys, 1700n);
    expect(await sys.cacheManager.read.checkRecoveryMode([1700n * DEC])).to.equal(true);
    const account = sys.wallets[7].account!;
    // 2700 debt at 1700: 154% with 2.4588 ETH -> refused; 2.47 ETH -> 155.5% accepted, no fee
    await expectRevert(
      bo.write.openCache([0n, 2500n * DEC, ZERO, ZERO], { account, value: parseEther('2.4588') }),
      'ICRBelowCCR',
    );
    await mined(bo.write.openCache([0n, 2500n * DEC, ZERO, ZERO], { account, value: parseEther('2.47') }));
    expect((await entire(sys, account.address)).debt).to.equal(2700n * DEC);
    const s6 = sys.wallets[6].account!;
    await expectRevert(
      bo.write.withdrawColl([1n, ZERO, ZERO], { account: s6 }),
      'RecoveryModeCollWithdrawal',
    );
    await expectRevert(bo.write.closeCache({ account: s6 }), 'OperationNotPermittedInRecoveryMode');
    // borrowing that leaves the cache under 155% is refused; adding collateral is fine
    await expectRevert(
      bo.write.withdrawPAYD([MAX_FEE, 1000n * DEC, ZERO, ZERO], { account: s6 }),
      'ICRBelowCCR',
    );
    await mined(bo.write.addColl([ZERO, ZERO], { account: s6, value: parseEther('0.2') }));
    // borrowing alone lowers the cache's ratio (and the total ratio): refused in recovery mode
    await expectRevert(
      bo.write.withdrawPAYD([MAX_FEE, 100n * DEC, ZERO, ZERO], { account: s6 }),
      'RecoveryModeICRDecrease',
    );
    // borrowing with enough new collateral raises it: allowed, without a fee
    await mined(
      bo.write.adjustCache([0n, 0n, 100n * DEC, true, ZERO, ZERO], { account: s6, value: parseEther('0.5') }),
    );
    expect((await entire(sys, s6.address)).debt).to.equal(5325n * DEC);
  });
}

/** The FTX discount on the borrowing fee, and the KYC gate. */
function discountAndKycTests() {
  it('applies the FTX discount to the borrowing fee and splits the charity share', async () => {
    const sys = await loadSystem();
    const charity = sys.wallets[8].account!.address;
    const admin = sys.wallets[1].account!;
    await mined(sys.settings.write.setFeeWallet(['charityWalletPAYD', charity], { account: admin }));
    await mined(sys.settings.write.setCharityShares([0n, DEC / 10n], { account: admin }));
    await mined(sys.ftx.write.setDiscount([sys.wallets[5].account!.address, 40n]));
    await openCache(sys, sys.wallets[5], '10', 10_000n);
    // fee 50 less 40% = 30; 10% of it (3) to charity, 27 to the treasury
    expect((await entire(sys, sys.wallets[5].account!.address)).debt).to.equal(10_230n * DEC);
    expect(await sys.payd.read.balanceOf([charity])).to.equal(3n * DEC);
    expect(await sys.payd.read.balanceOf([sys.treasury])).to.equal(27n * DEC);
    await expectRevert(sys.settings.write.setCharityShares([0n, DEC], { account: admin }), 'ShareTooHigh');
    await expectRevert(
      sys.settings.write.setFeeWallet(['nope', charity], { account: admin }),
      'UnknownWallet',
    );
    await expectRevert(
      sys.settings.write.setFeeWallet(['openCacheFee', charity], { account: sys.wallets[9].account! }),
      'NotAdmin',
    );
  });

  it('gates every borrower operation by its KYC permission', async () => {
    const sys = await loadSystem();
    const bo = sys.borrowerOperations;
    const alice = sys.wallets[5];
    const account = alice.account!;
    await openCache(sys, sys.wallets[6], '100', 5000n);
    await mined(sys.kyc.write.setDenied(['canOpen', true]));
    await expectRevert(
      bo.write.openCache([MAX_FEE, 3000n * DEC, ZERO, ZERO], { account, value: parseEther('10') }),
      'KycDenied',
    );
    await mined(sys.kyc.write.setDenied(['canOpen', false]));
    await mined(sys.kyc.write.setDenied(['canProvideToSP', true]));
    await expectRevert(
      bo.write.openCacheAndProvideToSp([MAX_FEE, 3000n * DEC, ZERO, ZERO, DEC], {
        account,
        value: parseEther('10'),
      }),
      'KycDenied',
    );
    await mined(sys.kyc.write.setDenied(['canProvideToSP', false]));
    await openCache(sys, alice, '10', 3000n);
    await mined(sys.kyc.write.setDenied(['canWithdraw', true]));
    await expectRevert(
      bo.write.adjustCacheAndSp([MAX_FEE, 0n, 0n, false, ZERO, ZERO, DEC, false], { account }),
      'KycDenied',
    );
    await mined(sys.kyc.write.setDenied(['canWithdraw', false]));
    await mined(sys.kyc.write.setDenied(['canAdjust', true]));
    await expectRevert(bo.write.addColl([ZERO, ZERO], { account, value: 1n }), 'KycDenied');
    await expectRevert(bo.write.withdrawColl([1n, ZERO, ZERO], { account }), 'KycDenied');
    await expectRevert(bo.write.withdrawPAYD([MAX_FEE, DEC, ZERO, ZERO], { account }), 'KycDenied');
    await expectRevert(bo.write.repayPAYD([DEC, ZERO, ZERO], { account }), 'KycDenied');
    await expectRevert(bo.write.adjustCache([MAX_FEE, 0n, DEC, false, ZERO, ZERO], { account }), 'KycDenied');
    await expectRevert(bo.write.closeCache({ account }), 'KycDenied');
    await mined(sys.kyc.write.setDenied(['canAdjust', false]));
    await mined(sys.kyc.write.setDenied(['canClaimColl', true]));
    await expectRevert(bo.write.claimCollateral({ account }), 'KycDenied');
    await mined(sys.kyc.write.setDenied(['canClaimColl', false]));
    await expectRevert(bo.write.claimCollateral({ account }), 'NoCollateralToClaim');
    // a suspended customer can do nothing
    await mined(sys.kyc.write.setStatus([account.address, KYC.Suspended]));
    await expectRevert(bo.write.repayPAYD([DEC, ZERO, ZERO], { account }), 'KycDenied');
  });
}

describe('BorrowerOperations', () => {
  before(resetSystem);
  openingTests();
  adjustingAndClosingTests();
  ownersArrayTests();
  borrowingRateTests();
  discountAndKycTests();
});
