import { expect } from 'chai';
import hre from 'hardhat';
import { parseSignature } from 'viem';
import { DEC, ZERO, expectRevert, loadSystem, mined, openCache, resetSystem, increaseTime } from './fixture';

describe('PAYDToken', () => {
  before(resetSystem);

  it('is an ERC-20 whose mint, burn and pool moves only the protocol may call', async () => {
    const sys = await loadSystem();
    const [alice, bob] = [sys.wallets[5], sys.wallets[6]];
    await openCache(sys, alice, '10', 3000n);
    expect(await sys.payd.read.name()).to.equal('PAYD');
    expect(await sys.payd.read.decimals()).to.equal(18);
    const A = alice.account!.address;
    const B = bob.account!.address;
    await mined(sys.payd.write.approve([B, 100n * DEC], { account: alice.account! }));
    await mined(sys.payd.write.transferFrom([A, B, 60n * DEC], { account: bob.account! }));
    expect(await sys.payd.read.balanceOf([B])).to.equal(60n * DEC);
    expect(await sys.payd.read.allowance([A, B])).to.equal(40n * DEC);
    await expectRevert(
      sys.payd.write.transferFrom([A, B, 41n * DEC], { account: bob.account! }),
      'InsufficientAllowance',
    );
    await expectRevert(
      sys.payd.write.transfer([sys.payd.address, DEC], { account: alice.account! }),
      'InvalidRecipient',
    );
    await expectRevert(
      sys.payd.write.transfer([B, 10n ** 30n], { account: alice.account! }),
      'InsufficientBalance',
    );
    await expectRevert(sys.payd.write.mint([A, DEC]), 'CallerNotAllowed');
    await expectRevert(sys.payd.write.burn([A, DEC]), 'CallerNotAllowed');
    await expectRevert(sys.payd.write.sendToPool([A, B, DEC]), 'CallerNotAllowed');
    await expectRevert(sys.payd.write.returnFromPool([A, B, DEC]), 'CallerNotAllowed');
  });

  it('accepts an EIP-2612 permit once, and refuses expired or forged ones', async () => {
    const sys = await loadSystem();
    const [alice, bob] = [sys.wallets[5], sys.wallets[6]];
    const A = alice.account!.address;
    const B = bob.account!.address;
    const { timestamp } = await (await hre.viem.getPublicClient()).getBlock();
    const deadline = timestamp + 3600n;
    const sign = async (value: bigint, nonce: bigint, dl: bigint) =>
      parseSignature(
        await alice.signTypedData({
          account: alice.account!,
          domain: { name: 'PAYD', version: '1', chainId: 88, verifyingContract: sys.payd.address },
          types: {
            Permit: [
              { name: 'owner', type: 'address' },
              { name: 'spender', type: 'address' },
              { name: 'value', type: 'uint256' },
              { name: 'nonce', type: 'uint256' },
              { name: 'deadline', type: 'uint256' },
            ],
          },
          primaryType: 'Permit',
          message: { owner: A, spender: B, value, nonce, deadline: dl },
        }),
      );
    const s = await sign(500n, 0n, deadline);
    await mined(
      sys.payd.write.permit([A, B, 500n, deadline, Number(s.v), s.r, s.s], { account: bob.account! }),
    );
    expect(await sys.payd.read.allowance([A, B])).to.equal(500n);
    expect(await sys.payd.read.nonces([A])).to.equal(1n);
    await expectRevert(
      sys.payd.write.permit([A, B, 500n, deadline, Number(s.v), s.r, s.s], { account: bob.account! }),
      'InvalidSignature',
    );
    const forged = await sign(500n, 1n, deadline);
    await expectRevert(
      sys.payd.write.permit([A, B, 501n, deadline, Number(forged.v), forged.r, forged.s]),
      'InvalidSignature',
    );
    const old = await sign(1n, 1n, timestamp);
    await increaseTime(10);
    await expectRevert(
      sys.payd.write.permit([A, B, 1n, timestamp, Number(old.v), old.r, old.s]),
      'PermitExpired',
    );
  });
});

describe('Price feeds', () => {
  it('TestPriceFeed: anyone sets the price on chain 88', async () => {
    const sys = await loadSystem();
    await mined(sys.priceFeed.write.setPrice([1234n * DEC], { account: sys.wallets[7].account! }));
    expect(await sys.priceFeed.read.getPrice()).to.equal(1234n * DEC);
    expect(await sys.priceFeed.read.lastGoodPrice()).to.equal(1234n * DEC);
    await expectRevert(sys.priceFeed.write.setPrice([0n]), 'ZeroPrice');
  });

  it('PriceFeed: primary, fallback, last good price, and the status of each', async () => {
    const publicClient = await hre.viem.getPublicClient();
    const now = async () => (await publicClient.getBlock()).timestamp;
    const primary = await hre.viem.deployContract('MockAggregator', [8]);
    const fallback = await hre.viem.deployContract('MockAggregator', [18]);
    await mined(primary.write.pushRound([2000n * 10n ** 8n, await now()]));
    await mined(fallback.write.pushRound([2010n * DEC, await now()]));
    const [, serverAdmin, humanAdmin] = await hre.viem.getWalletClients();
    const feed = await hre.viem.deployContract('PriceFeed', [
      serverAdmin.account.address,
      humanAdmin.account.address,
      primary.address,
      fallback.address,
    ]);
    expect(await feed.read.lastGoodPrice()).to.equal(2000n * DEC);
    const fetch = async () => {
      const { result } = await feed.simulate.fetchPrice();
      await mined(feed.write.fetchPrice());
      return { price: result, status: await feed.read.status() };
    };
    expect(await fetch()).to.deep.equal({ price: 2000n * DEC, status: 0 });
    // more than 5% apart: primary used, status says they disagree
    await mined(fallback.write.pushRound([2200n * DEC, await now()]));
    expect(await fetch()).to.deep.equal({ price: 2000n * DEC, status: 3 });
    // primary jumps by more than 50% in one round: untrusted, fallback used
    await mined(primary.write.pushRound([900n * 10n ** 8n, await now()]));
    expect(await fetch()).to.deep.equal({ price: 2200n * DEC, status: 1 });
    // both stale (older than 4 hours): the last good price
    await increaseTime(4 * 3600 + 1);
    expect(await fetch()).to.deep.equal({ price: 2200n * DEC, status: 2 });
    // primary back and fresh
    await mined(primary.write.pushRound([950n * 10n ** 8n, await now()]));
    await mined(primary.write.setBroken([false]));
    expect((await fetch()).price).to.equal(950n * DEC);
    await mined(primary.write.setBroken([true]));
    await mined(fallback.write.setBroken([true]));
    expect(await fetch()).to.deep.equal({ price: 950n * DEC, status: 2 });
    expect(await feed.read.TIMEOUT()).to.equal(14_400n);
    await expectRevert(
      hre.viem.deployContract('PriceFeed', [
        serverAdmin.account.address,
        humanAdmin.account.address,
        ZERO,
        ZERO,
      ]),
      'ZeroAddress',
    );
  });
});
