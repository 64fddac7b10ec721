// A fill that reverts (string, panic, custom error, out of gas) never blocks the entries behind it.
import { expect } from 'chai';
import { decodeErrorResult, type Hex } from 'viem';
import { expectRevert, mined } from '../lending/fixture';
import { Failure, loadLiquid, resetLiquid } from './fixture';
import { E, eventsNamed, expectAccounting, stake, exit } from './liquidTestKit';

describe('ValidatorPool swap failures (FaultyFETHToken)', () => {
  after(resetLiquid);

  const cases = [
    { failure: Failure.ErrorString, event: 'SwapFailed', arg: 'reason', value: 'FaultyFETH: burn refused' },
    { failure: Failure.Panic, event: 'SwapFailedPanic', arg: 'code', value: 0x12n },
    { failure: Failure.CustomError, event: 'SwapFailedData', arg: 'data', value: 'BurnRefused' },
    { failure: Failure.OutOfGas, event: 'SwapFailedData', arg: 'data', value: '0x' },
  ] as const;

  for (const c of cases) {
    it(`${c.event} (${Object.keys(Failure)[c.failure]}): the entry leaves the queue, later entries are filled, its FETH is refundable`, async () => {
      const s = await loadLiquid('FaultyFETHToken');
      const [alice, bob, carol] = s.users;
      await stake(s, alice, 2);
      await mined(s.feth.write.transfer([bob.account.address, E(7)], { account: alice.account }));
      await mined(s.feth.write.transfer([carol.account.address, E(5)], { account: alice.account }));
      await mined(s.faulty.write.setFailure([E(7), c.failure]));
      await mined(s.pool.write.depositFETH([E(3)], { account: alice.account }));
      await mined(s.pool.write.depositFETH([E(7)], { account: bob.account }));
      await mined(s.pool.write.depositFETH([E(5)], { account: carol.account }));
      const r = await exit(s, [1n]);
      const failed = eventsNamed(s.pool.abi, r.logs, c.event);
      expect(failed).to.have.length(1);
      expect(failed[0]).to.deep.include({ entryId: 2n, depositor: bob.account.address });
      const got = failed[0][c.arg];
      if (c.value === 'BurnRefused') {
        expect(decodeErrorResult({ abi: s.faulty.abi, data: got as Hex }).errorName).to.equal('BurnRefused');
      } else {
        expect(got).to.equal(c.value);
      }
      expect(eventsNamed(s.pool.abi, r.logs, 'SwapFilled').map((e) => e.entryId)).to.deep.equal([1n, 3n]);
      expect(await s.pool.read.entryFailed([2n])).to.equal(true);
      expect(await s.pool.read.queueLength()).to.equal(0n);
      expect(await s.pool.read.unfilledFETHInQueue()).to.equal(0n);
      expect(await s.pool.read.fethSwapDeposit([bob.account.address])).to.equal(E(7));
      expect(await s.pool.read.queuePosition([bob.account.address])).to.deep.equal([0n, 0n]);
      expect(await s.pool.read.freeETH()).to.equal(E(24));
      await expectRevert(s.pool.write.depositFETH([E(1)], { account: bob.account }), 'AlreadyQueued(2)');
      await expectAccounting(s);
      // bob takes his FETH back and may queue again
      await mined(s.faulty.write.setFailure([E(7), Failure.None]));
      const c2 = await mined(s.pool.write.cancelFETHDeposit({ account: bob.account }));
      expect(eventsNamed(s.pool.abi, c2.logs, 'SwapCancelled')[0]).to.deep.include({
        entryId: 2n,
        fethReturned: E(7),
      });
      expect(await s.feth.read.balanceOf([bob.account.address])).to.equal(E(7));
      const again = await mined(s.pool.write.depositFETH([E(7)], { account: bob.account }));
      expect(eventsNamed(s.pool.abi, again.logs, 'SwapFilled')[0]).to.deep.include({
        entryId: 4n,
        amount: E(7),
      });
      await expectAccounting(s);
    });
  }

  it('a failure on a partial fill keeps the whole unfilled amount refundable', async () => {
    const s = await loadLiquid('FaultyFETHToken');
    const [alice, bob] = s.users;
    await stake(s, alice, 2);
    await mined(s.pool.write.depositFETH([E(40)], { account: alice.account }));
    await mined(s.faulty.write.setFailure([E(32), Failure.ErrorString]));
    const r = await exit(s, [1n]);
    expect(eventsNamed(s.pool.abi, r.logs, 'SwapFailed')[0]).to.deep.include({ entryId: 1n });
    expect(await s.pool.read.fethSwapDeposit([alice.account.address])).to.equal(E(40));
    // the free ETH waits for the next entry
    await mined(s.feth.write.transfer([bob.account.address, E(10)], { account: alice.account }));
    await mined(s.pool.write.depositFETH([E(10)], { account: bob.account }));
    expect(await s.pool.read.ethSwapClaim([bob.account.address])).to.equal(E(10));
    await mined(s.pool.write.cancelFETHDeposit({ account: alice.account }));
    expect(await s.feth.read.balanceOf([alice.account.address])).to.equal(E(54));
    await expectAccounting(s);
  });
});
