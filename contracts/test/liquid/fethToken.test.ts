// FETHToken: the ERC-20 whose supply only the validator pool changes.
import { expect } from 'chai';
import { type Address } from 'viem';
import { expectRevert, mined } from '../lending/fixture';
import { ETH32, loadLiquid, resetLiquid } from './fixture';
import { E, lower, stake } from './liquidTestKit';

describe('FETHToken', () => {
  after(resetLiquid);

  it('is "payd Staked ETH" / FETH with 18 decimals and the pool as its only minter', async () => {
    const s = await loadLiquid();
    expect(await s.feth.read.name()).to.equal('payd Staked ETH');
    expect(await s.feth.read.symbol()).to.equal('FETH');
    expect(await s.feth.read.decimals()).to.equal(18);
    expect(lower(await s.feth.read.pool())).to.equal(lower(s.addrs.validatorPool));
    const user = s.users[0];
    const a = user.account.address;
    for (const call of [
      s.feth.write.mint([a, 1n], { account: user.account }),
      s.feth.write.burn([a, 0n], { account: user.account }),
      s.feth.write.moveToPool([a, 0n], { account: user.account }),
      s.feth.write.returnFromPool([a, 0n], { account: s.deployer.account }),
    ]) {
      await expectRevert(call, 'CallerNotAllowed');
    }
  });

  it('transfers, approves and refuses bad recipients, balances and allowances', async () => {
    const s = await loadLiquid();
    const [alice, bob, carol] = s.users;
    await stake(s, alice, 1);
    await mined(s.feth.write.transfer([bob.account.address, E(2)], { account: alice.account }));
    expect(await s.feth.read.balanceOf([bob.account.address])).to.equal(E(2));
    for (const to of [
      '0x0000000000000000000000000000000000000000',
      s.addrs.fethToken,
      s.addrs.validatorPool,
    ] as Address[]) {
      await expectRevert(s.feth.write.transfer([to, 1n], { account: alice.account }), 'InvalidRecipient');
    }
    await expectRevert(
      s.feth.write.transfer([carol.account.address, E(3)], { account: bob.account }),
      'InsufficientBalance',
    );
    await mined(s.feth.write.approve([carol.account.address, E(1)], { account: bob.account }));
    await expectRevert(
      s.feth.write.transferFrom([bob.account.address, carol.account.address, E(2)], {
        account: carol.account,
      }),
      'InsufficientAllowance',
    );
    await mined(
      s.feth.write.transferFrom([bob.account.address, carol.account.address, E(1)], {
        account: carol.account,
      }),
    );
    expect(await s.feth.read.allowance([bob.account.address, carol.account.address])).to.equal(0n);
    await mined(s.feth.write.approve([carol.account.address, 2n ** 256n - 1n], { account: bob.account }));
    await mined(
      s.feth.write.transferFrom([bob.account.address, carol.account.address, E(1)], {
        account: carol.account,
      }),
    );
    expect(await s.feth.read.allowance([bob.account.address, carol.account.address])).to.equal(
      2n ** 256n - 1n,
    );
    expect(await s.feth.read.balanceOf([carol.account.address])).to.equal(E(2));
    expect(await s.feth.read.totalSupply()).to.equal(ETH32);
  });
});
