// The issue 13 journey on the contracts alone: 2 validators for 64 FETH, 40 FETH queued, 2 exits,
// the balances arrive, 40 ETH claimed; a second person's later entry is filled after the first.
import { expect } from 'chai';
import { parseEther } from 'viem';
import { ethBalance, eventsNamed, gasCost, mined } from '../lending/fixture';
import {
  ETH32,
  VS,
  accounting,
  addValidators,
  credit,
  depositValidators,
  loadLiquid,
  resetLiquid,
} from './fixture';

describe('liquid staking journey', () => {
  after(resetLiquid);

  it('deposit 2 validators, queue 40 FETH, exit 2, settle, claim 40 ETH; a later entry fills after', async () => {
    const s = await loadLiquid();
    const [alice, bob] = s.users;
    await addValidators(s, 0, 3);
    expect(await s.pool.read.availableValidators()).to.equal(3n);
    const receipt = await depositValidators(s, alice, 2);
    const [dep] = eventsNamed(s.pool.abi, receipt.logs, 'ValidatorsDeposited');
    expect(dep).to.deep.include({ count: 2n, firstId: 1n, fethMinted: 2n * ETH32 });
    expect(eventsNamed(s.depositContract.abi, receipt.logs, 'DepositEvent')).to.have.length(2);
    expect(await s.feth.read.balanceOf([alice.account.address])).to.equal(parseEther('64'));
    expect(await s.pool.read.totalStakedETH()).to.equal(parseEther('64'));
    expect(await s.pool.read.availableValidators()).to.equal(1n);

    await mined(s.feth.write.transfer([bob.account.address, parseEther('20')], { account: alice.account }));
    await mined(s.pool.write.depositFETH([parseEther('40')], { account: alice.account }));
    await mined(s.pool.write.depositFETH([parseEther('20')], { account: bob.account }));
    expect(await s.pool.read.queuePosition([bob.account.address])).to.deep.equal([2n, parseEther('40')]);

    await mined(s.pool.write.markExiting([[1n, 2n]], { account: s.serverAdmin.account }));
    expect(await s.pool.read.deactivatedETHInProgress()).to.equal(parseEther('64'));
    await credit(s.addrs.validatorPool, parseEther('64'));
    const settle = await mined(s.pool.write.settleExits([[1n, 2n]], { account: s.serverAdmin.account }));
    const fills = eventsNamed(s.pool.abi, settle.logs, 'SwapFilled');
    expect(fills.map((f) => f.entryId)).to.deep.equal([1n, 2n]);
    expect(await s.pool.read.validatorStatus([1n])).to.equal(VS.Exited);
    expect(await s.pool.read.freeETH()).to.equal(parseEther('4'));

    const before = await ethBalance(alice.account.address);
    const claim = await mined(s.pool.write.claimETH({ account: alice.account }));
    expect((await ethBalance(alice.account.address)) - before + gasCost(claim)).to.equal(parseEther('40'));
    expect(await s.pool.read.ethSwapClaim([bob.account.address])).to.equal(parseEther('20'));
    const a = await accounting(s);
    expect(a.supply).to.equal(a.free + a.staked + a.inTransit);
    expect(a.balance).to.equal(a.free + a.claimable + a.pending + a.unaccounted);
  });
});
