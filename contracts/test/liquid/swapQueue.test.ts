// The validator pool's swap queue: queueing FETH, first-in first-out fills, cancels, claims,
// re-entrancy and the fill cap.
import { expect } from 'chai';
import hre from 'hardhat';
import { decodeErrorResult, type Address } from 'viem';
import { ethBalance, expectRevert, gasCost, mined } from '../lending/fixture';
import { ETH32, KYC, loadLiquid, resetLiquid } from './fixture';
import { E, norm, eventsNamed, expectAccounting, stake, exit } from './liquidTestKit';

describe('ValidatorPool swap queue: queueing and order', () => {
  after(resetLiquid);

  it('depositFETH queues FETH behind the others (no approval) and fills from free ETH', async () => {
    const s = await loadLiquid();
    const [alice, bob] = s.users;
    await stake(s, alice, 2);
    const r = await mined(s.pool.write.depositFETH([E(10)], { account: alice.account }));
    expect(eventsNamed(s.pool.abi, r.logs, 'SwapQueued')[0]).to.deep.equal({
      entryId: 1n,
      depositor: alice.account.address,
      amount: E(10),
    });
    expect(await s.feth.read.balanceOf([s.addrs.validatorPool])).to.equal(E(10));
    expect(await s.feth.read.balanceOf([alice.account.address])).to.equal(E(54));
    expect(await s.pool.read.entryOf([alice.account.address])).to.equal(1n);
    expect(norm(await s.pool.read.queueEntry([1n]))).to.deep.equal([alice.account.address, E(10)]);
    expect(await s.pool.read.fethSwapDeposit([alice.account.address])).to.equal(E(10));
    expect(await s.pool.read.unfilledFETHInQueue()).to.equal(E(10));
    expect([
      await s.pool.read.queueHead(),
      await s.pool.read.queueNext(),
      await s.pool.read.queueLength(),
    ]).to.deep.equal([1n, 2n, 1n]);
    expect(await s.pool.read.queuePosition([alice.account.address])).to.deep.equal([1n, 0n]);
    // an exit's 32 ETH fills alice's 10 FETH and leaves 22 free; bob's later 30 takes the 22
    await exit(s, [1n]);
    expect(await s.pool.read.ethSwapClaim([alice.account.address])).to.equal(E(10));
    expect(await s.pool.read.entryOf([alice.account.address])).to.equal(0n);
    expect(await s.pool.read.freeETH()).to.equal(E(22));
    await mined(s.feth.write.transfer([bob.account.address, E(30)], { account: alice.account }));
    const r2 = await mined(s.pool.write.depositFETH([E(30)], { account: bob.account }));
    expect(eventsNamed(s.pool.abi, r2.logs, 'SwapFilled')[0]).to.deep.equal({
      entryId: 2n,
      depositor: bob.account.address,
      amount: E(22),
      remaining: E(8),
    });
    expect(await s.pool.read.freeETH()).to.equal(0n);
    expect(await s.pool.read.fethSwapDeposit([bob.account.address])).to.equal(E(8));
    expect(await s.pool.read.ethSwapClaim([bob.account.address])).to.equal(E(22));
    expect(await s.pool.read.claimableETH()).to.equal(E(32));
    const a = await expectAccounting(s);
    expect(a.supply).to.equal(E(32));
  });

  it('depositFETH refuses without KYC, zero, more than the balance, and a second open entry', async () => {
    const s = await loadLiquid();
    const [alice, bob] = s.users;
    await stake(s, alice, 1);
    const q = (amount: bigint, who = alice) => s.pool.write.depositFETH([amount], { account: who.account });
    await mined(s.kyc.write.setDenied(['canDepositFETH', true]));
    await expectRevert(q(E(1)), 'canDepositFETH');
    await mined(s.kyc.write.setDenied(['canDepositFETH', false]));
    await expectRevert(q(0n), 'ZeroAmount');
    await expectRevert(q(E(33)), `InsufficientFETH(${ETH32}, ${E(33)})`);
    await expectRevert(q(E(1), bob), `InsufficientFETH(0, ${E(1)})`);
    await mined(q(E(1)));
    await expectRevert(q(E(1)), 'AlreadyQueued(1)');
  });

  it('fills strictly first in, first out, with partial fills of the head only', async () => {
    const s = await loadLiquid();
    const [alice, bob, carol] = s.users;
    await stake(s, alice, 3);
    await mined(s.feth.write.transfer([bob.account.address, E(30)], { account: alice.account }));
    await mined(s.feth.write.transfer([carol.account.address, E(5)], { account: alice.account }));
    await mined(s.pool.write.depositFETH([E(20)], { account: alice.account }));
    await mined(s.pool.write.depositFETH([E(30)], { account: bob.account }));
    await mined(s.pool.write.depositFETH([E(5)], { account: carol.account }));
    expect(await s.pool.read.queuePosition([carol.account.address])).to.deep.equal([3n, E(50)]);
    const r = await exit(s, [1n]);
    expect(eventsNamed(s.pool.abi, r.logs, 'SwapFilled')).to.deep.equal([
      { entryId: 1n, depositor: alice.account.address, amount: E(20), remaining: 0n },
      { entryId: 2n, depositor: bob.account.address, amount: E(12), remaining: E(18) },
    ]);
    expect(await s.pool.read.queueHead()).to.equal(2n);
    expect(await s.pool.read.queueLength()).to.equal(2n);
    expect(await s.pool.read.queuePosition([bob.account.address])).to.deep.equal([1n, 0n]);
    expect(await s.pool.read.queuePosition([carol.account.address])).to.deep.equal([2n, E(18)]);
    expect(await s.pool.read.ethSwapClaim([carol.account.address])).to.equal(0n);
    const r2 = await exit(s, [2n]);
    expect(eventsNamed(s.pool.abi, r2.logs, 'SwapFilled')).to.deep.equal([
      { entryId: 2n, depositor: bob.account.address, amount: E(18), remaining: 0n },
      { entryId: 3n, depositor: carol.account.address, amount: E(5), remaining: 0n },
    ]);
    expect(await s.pool.read.freeETH()).to.equal(E(9));
    expect([
      await s.pool.read.queueHead(),
      await s.pool.read.queueNext(),
      await s.pool.read.queueLength(),
    ]).to.deep.equal([4n, 4n, 0n]);
    expect(await s.pool.read.unfilledFETHInQueue()).to.equal(0n);
    expect(await s.feth.read.balanceOf([s.addrs.validatorPool])).to.equal(0n);
    await expectAccounting(s);
  });
});

describe('ValidatorPool swap queue: cancel and claim', () => {
  after(resetLiquid);

  it('cancelFETHDeposit returns the unfilled FETH; the head skips cancelled entries', async () => {
    const s = await loadLiquid();
    const [alice, bob, carol] = s.users;
    await stake(s, alice, 3);
    await expectRevert(s.pool.write.cancelFETHDeposit({ account: alice.account }), 'NothingQueued');
    for (const [w, n] of [
      [bob, 30],
      [carol, 10],
    ] as const) {
      await mined(s.feth.write.transfer([w.account.address, E(n)], { account: alice.account }));
    }
    await mined(s.pool.write.depositFETH([E(20)], { account: alice.account }));
    await mined(s.pool.write.depositFETH([E(30)], { account: bob.account }));
    await mined(s.pool.write.depositFETH([E(10)], { account: carol.account }));
    // bob, in the middle, cancels
    const r = await mined(s.pool.write.cancelFETHDeposit({ account: bob.account }));
    expect(eventsNamed(s.pool.abi, r.logs, 'SwapCancelled')[0]).to.deep.equal({
      entryId: 2n,
      depositor: bob.account.address,
      fethReturned: E(30),
    });
    expect(await s.feth.read.balanceOf([bob.account.address])).to.equal(E(30));
    expect(await s.pool.read.queueLength()).to.equal(2n);
    expect(await s.pool.read.queueEntry([2n])).to.deep.equal([
      '0x0000000000000000000000000000000000000000',
      0n,
    ]);
    expect(await s.pool.read.queuePosition([carol.account.address])).to.deep.equal([2n, E(20)]);
    // the head (alice) cancels: the head moves past bob's cancelled entry to carol
    await mined(s.pool.write.cancelFETHDeposit({ account: alice.account }));
    expect(await s.pool.read.queueHead()).to.equal(3n);
    expect(await s.pool.read.queuePosition([carol.account.address])).to.deep.equal([1n, 0n]);
    // carol is partly filled (10 of 32 ETH... all of hers), then bob queues again at the back
    await mined(s.pool.write.depositFETH([E(30)], { account: bob.account }));
    const x = await exit(s, [1n]);
    expect(eventsNamed(s.pool.abi, x.logs, 'SwapFilled').map((e) => [e.entryId, e.amount])).to.deep.equal([
      [3n, E(10)],
      [4n, E(22)],
    ]);
    // bob cancels the unfilled rest of his partly filled entry and keeps the filled part
    await mined(s.pool.write.cancelFETHDeposit({ account: bob.account }));
    expect(await s.feth.read.balanceOf([bob.account.address])).to.equal(E(8));
    expect(await s.pool.read.ethSwapClaim([bob.account.address])).to.equal(E(22));
    expect([
      await s.pool.read.queueHead(),
      await s.pool.read.queueNext(),
      await s.pool.read.queueLength(),
    ]).to.deep.equal([5n, 5n, 0n]);
    await expectRevert(s.pool.write.cancelFETHDeposit({ account: bob.account }), 'NothingQueued');
    await mined(s.pool.write.claimETH({ account: bob.account }));
    await expectAccounting(s);
  });

  it('claimETH pays the filled ETH less the swap fee, needs canWithdraw, and refuses when nothing is filled', async () => {
    const s = await loadLiquid();
    const [alice, , , feeWallet] = s.users;
    await stake(s, alice, 2);
    await expectRevert(s.pool.write.claimETH({ account: alice.account }), 'NothingToClaim');
    await mined(s.pool.write.depositFETH([E(40)], { account: alice.account }));
    await exit(s, [1n, 2n]);
    await mined(s.kyc.write.setDenied(['canWithdraw', true]));
    await expectRevert(s.pool.write.claimETH({ account: alice.account }), 'canWithdraw');
    await mined(s.kyc.write.setDenied(['canWithdraw', false]));
    await mined(s.pool.write.setFeeRates([E('0.1'), E('0.1'), E('0.01')], { account: s.humanAdmin.account }));
    await mined(
      s.settings.write.setFeeWallet(['fethSwapFee', feeWallet.account.address], {
        account: s.serverAdmin.account,
      }),
    );
    const before = await ethBalance(alice.account.address);
    const feeBefore = await ethBalance(feeWallet.account.address);
    const r = await mined(s.pool.write.claimETH({ account: alice.account }));
    expect(eventsNamed(s.pool.abi, r.logs, 'ETHClaimed')[0]).to.deep.equal({
      depositor: alice.account.address,
      amount: E('39.6'),
      fee: E('0.4'),
    });
    expect((await ethBalance(alice.account.address)) - before + gasCost(r)).to.equal(E('39.6'));
    expect((await ethBalance(feeWallet.account.address)) - feeBefore).to.equal(E('0.4'));
    expect(await s.pool.read.ethSwapClaim([alice.account.address])).to.equal(0n);
    expect(await s.pool.read.claimableETH()).to.equal(0n);
    await expectRevert(s.pool.write.claimETH({ account: alice.account }), 'NothingToClaim');
    const a = await expectAccounting(s);
    expect(a.free).to.equal(E(24));
  });

  it('claimETH cannot be re-entered; a refusing receiver reverts the claim', async () => {
    const s = await loadLiquid();
    const actor = await hre.viem.deployContract('PoolActor', [s.addrs.validatorPool]);
    await mined(s.kyc.write.setStatus([actor.address, KYC.Approved]));
    await stake(s, s.users[0], 2);
    await mined(s.feth.write.transfer([actor.address, E(10)], { account: s.users[0].account }));
    await mined(actor.write.depositFETH([E(10)]));
    await mined(s.pool.write.depositFETH([E(5)], { account: s.users[0].account }));
    await exit(s, [1n]);
    await mined(actor.write.setMode([1])); // refuse
    await expectRevert(actor.write.claimETH(), 'ETHTransferFailed');
    const reentryError = async () =>
      decodeErrorResult({ abi: s.pool.abi, data: await actor.read.reentryError() }).errorName;
    for (const mode of [2, 3, 4]) {
      // re-entering claimETH, cancelFETHDeposit or processQueue from the receiver is refused
      await mined(actor.write.setMode([mode]));
      const id = await hre.network.provider.request({ method: 'evm_snapshot', params: [] });
      await mined(actor.write.claimETH());
      expect(await reentryError()).to.equal('Reentrancy');
      expect(await actor.read.received()).to.equal(E(10));
      await expectAccounting(s);
      await hre.network.provider.request({ method: 'evm_revert', params: [id] });
    }
    await mined(actor.write.setMode([0]));
    await mined(actor.write.claimETH());
    expect(await actor.read.received()).to.equal(E(10));
    await expectRevert(actor.write.claimETH(), 'NothingToClaim');
  });
});

describe('ValidatorPool swap queue: processQueue', () => {
  after(resetLiquid);

  it('processQueue continues where the automatic fills (200 entries) stopped', async () => {
    const s = await loadLiquid();
    const [alice] = s.users;
    await stake(s, alice, 7); // 224 FETH
    const testClient = await hre.viem.getTestClient();
    const holders: Address[] = [];
    for (let i = 0; i < 201; i++) {
      const who = `0x${(0xfe7000 + i).toString(16).padStart(40, '0')}` as Address;
      holders.push(who);
      await testClient.setBalance({ address: who, value: E(1) });
      await testClient.impersonateAccount({ address: who });
      await s.kyc.write.setStatus([who, KYC.Approved]);
      await s.feth.write.transfer([who, E(1)], { account: alice.account });
      await s.pool.write.depositFETH([E(1)], { account: who });
    }
    expect(await s.pool.read.queueLength()).to.equal(201n);
    await expectRevert(s.pool.write.processQueue([0n]), 'ZeroCount');
    const r = await exit(s, [1n, 2n, 3n, 4n, 5n, 6n, 7n]);
    expect(eventsNamed(s.pool.abi, r.logs, 'SwapFilled')).to.have.length(200);
    expect(await s.pool.read.queueLength()).to.equal(1n);
    expect(await s.pool.read.freeETH()).to.equal(E(24));
    // too little gas for one more fill: refused as a whole rather than skipping the entry
    await expectRevert(s.pool.write.processQueue([5n], { gas: 200_000n }), 'NotEnoughGasToFill');
    const r2 = await mined(s.pool.write.processQueue([5n], { account: s.users[5].account }));
    expect(eventsNamed(s.pool.abi, r2.logs, 'SwapFilled')[0]).to.deep.include({
      entryId: 201n,
      amount: E(1),
    });
    expect(await s.pool.read.ethSwapClaim([holders[200]])).to.equal(E(1));
    expect(await s.pool.read.queueLength()).to.equal(0n);
    await expectAccounting(s);
  });
});
