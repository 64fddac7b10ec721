import { expect } from 'chai';
import hre from 'hardhat';
import { parseEther } from 'viem';
import { expectRevert, mined, eventsNamed, latestTimestamp } from './helpers';

const SUPPLY = parseEther('1000000');

async function deploy() {
  const [holder, alice, bob] = await hre.viem.getWalletClients();
  const ftx = await hre.viem.deployContract('FTXToken', [holder.account.address, SUPPLY]);
  return { ftx, holder, alice, bob };
}

describe('FTXToken', () => {
  it('mints the fixed supply once to the initial holder', async () => {
    const { ftx, holder } = await deploy();
    expect(await ftx.read.totalSupply()).to.equal(SUPPLY);
    expect(await ftx.read.balanceOf([holder.account.address])).to.equal(SUPPLY);
    expect(await ftx.read.symbol()).to.equal('FTX');
    expect(await ftx.read.decimals()).to.equal(18);
  });

  it('transfers, and refuses more than the balance', async () => {
    const { ftx, holder, alice, bob } = await deploy();
    const receipt = await mined(
      ftx.write.transfer([alice.account.address, 100n], { account: holder.account }),
    );
    expect(eventsNamed(ftx.abi, receipt.logs, 'Transfer')[0].args.value).to.equal(100n);
    expect(await ftx.read.balanceOf([alice.account.address])).to.equal(100n);
    await expectRevert(
      ftx.write.transfer([bob.account.address, 101n], { account: alice.account }),
      'InsufficientBalance',
    );
    await expectRevert(
      ftx.write.transfer(['0x0000000000000000000000000000000000000000', 1n], { account: alice.account }),
      'InvalidReceiver',
    );
  });

  it('spends an allowance with transferFrom', async () => {
    const { ftx, holder, alice, bob } = await deploy();
    await mined(ftx.write.approve([alice.account.address, 50n], { account: holder.account }));
    expect(await ftx.read.allowance([holder.account.address, alice.account.address])).to.equal(50n);
    await mined(
      ftx.write.transferFrom([holder.account.address, bob.account.address, 30n], { account: alice.account }),
    );
    expect(await ftx.read.balanceOf([bob.account.address])).to.equal(30n);
    expect(await ftx.read.allowance([holder.account.address, alice.account.address])).to.equal(20n);
    await expectRevert(
      ftx.write.transferFrom([holder.account.address, bob.account.address, 21n], { account: alice.account }),
      'InsufficientAllowance',
    );
  });

  it('accepts an EIP-2612 permit once, and refuses a replay or an expired one', async () => {
    const { ftx, holder, alice } = await deploy();
    const deadline = (await latestTimestamp()) + 3600n;
    const sign = (nonce: bigint, until: bigint) =>
      holder.signTypedData({
        domain: { name: 'payd FTX', version: '1', chainId: 88, verifyingContract: ftx.address },
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
        message: {
          owner: holder.account.address,
          spender: alice.account.address,
          value: 77n,
          nonce,
          deadline: until,
        },
      });
    const signature = await sign(0n, deadline);
    const r = `0x${signature.slice(2, 66)}` as const;
    const s = `0x${signature.slice(66, 130)}` as const;
    const v = parseInt(signature.slice(130, 132), 16);
    await mined(
      ftx.write.permit([holder.account.address, alice.account.address, 77n, deadline, v, r, s], {
        account: alice.account,
      }),
    );
    expect(await ftx.read.allowance([holder.account.address, alice.account.address])).to.equal(77n);
    expect(await ftx.read.nonces([holder.account.address])).to.equal(1n);
    await expectRevert(
      ftx.write.permit([holder.account.address, alice.account.address, 77n, deadline, v, r, s], {
        account: alice.account,
      }),
      'InvalidSignature',
    );
    const past = (await latestTimestamp()) - 1n;
    const old = await sign(1n, past);
    await expectRevert(
      ftx.write.permit(
        [
          holder.account.address,
          alice.account.address,
          77n,
          past,
          parseInt(old.slice(130, 132), 16),
          `0x${old.slice(2, 66)}`,
          `0x${old.slice(66, 130)}`,
        ],
        { account: alice.account },
      ),
      'PermitExpired',
    );
  });
});
