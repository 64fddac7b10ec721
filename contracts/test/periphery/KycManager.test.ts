import { expect } from 'chai';
import hre from 'hardhat';
import { expectRevert, mined, eventsNamed, Status } from './helpers';

const CHECKS = [
  'canOpen',
  'canAdjust',
  'canRedeem',
  'canProvideToSP',
  'canWithdraw',
  'canStakeFTX',
  'canDepositFETH',
  'canClaimColl',
  'canLiquidate',
] as const;

async function deploy() {
  const [owner, serverAdmin, humanAdmin, alice, bob, stranger] = await hre.viem.getWalletClients();
  const kyc = await hre.viem.deployContract('KycManager', [
    serverAdmin.account.address,
    humanAdmin.account.address,
  ]);
  return { kyc, owner, serverAdmin, humanAdmin, alice, bob, stranger };
}

describe('KycManager', () => {
  it('gates every permission check on the Approved status', async () => {
    const { kyc, serverAdmin, alice } = await deploy();
    const a = alice.account.address;
    for (const [name, status] of Object.entries(Status)) {
      await mined(kyc.write.setStatus([a, status], { account: serverAdmin.account }));
      for (const check of CHECKS) {
        expect(await kyc.read[check]([a]), `${check} when ${name}`).to.equal(name === 'Approved');
      }
    }
  });

  it('denies every permission check while paused and restores them on unpause', async () => {
    const { kyc, serverAdmin, humanAdmin, alice } = await deploy();
    const a = alice.account.address;
    await mined(kyc.write.setStatus([a, Status.Approved], { account: serverAdmin.account }));
    await mined(kyc.write.pause({ account: humanAdmin.account }));
    expect(await kyc.read.paused()).to.equal(true);
    for (const check of CHECKS) expect(await kyc.read[check]([a]), check).to.equal(false);
    await expectRevert(kyc.write.pause({ account: serverAdmin.account }), 'AlreadyPaused');
    await mined(kyc.write.unpause({ account: serverAdmin.account }));
    for (const check of CHECKS) expect(await kyc.read[check]([a]), check).to.equal(true);
    await expectRevert(kyc.write.unpause({ account: serverAdmin.account }), 'NotPaused');
  });

  it('records the time of a status change and emits the change', async () => {
    const { kyc, serverAdmin, alice } = await deploy();
    const a = alice.account.address;
    expect(await kyc.read.customers([a])).to.deep.equal([0n, Status.None]);
    const receipt = await mined(kyc.write.setStatus([a, Status.Pending], { account: serverAdmin.account }));
    const block = await (await hre.viem.getPublicClient()).getBlock({ blockNumber: receipt.blockNumber });
    expect(await kyc.read.customers([a])).to.deep.equal([block.timestamp, Status.Pending]);
    expect(await kyc.read.statusOf([a])).to.equal(Status.Pending);
    const [event] = eventsNamed(kyc.abi, receipt.logs, 'CustomerStatusChanged');
    expect(event.args).to.deep.include({
      previousStatus: Status.None,
      status: Status.Pending,
      updated: block.timestamp,
    });
    expect((event.args.account as string).toLowerCase()).to.equal(a.toLowerCase());
  });

  it('sets statuses in a batch and refuses mismatched lists', async () => {
    const { kyc, serverAdmin, alice, bob } = await deploy();
    const accounts = [alice.account.address, bob.account.address];
    const receipt = await mined(
      kyc.write.setStatuses([accounts, [Status.Approved, Status.Suspended]], {
        account: serverAdmin.account,
      }),
    );
    expect(eventsNamed(kyc.abi, receipt.logs, 'CustomerStatusChanged')).to.have.length(2);
    expect(await kyc.read.canOpen([alice.account.address])).to.equal(true);
    expect(await kyc.read.statusOf([bob.account.address])).to.equal(Status.Suspended);
    await expectRevert(
      kyc.write.setStatuses([accounts, [Status.Approved]], { account: serverAdmin.account }),
      'LengthMismatch',
    );
  });

  it('lets only admins set statuses and pause', async () => {
    const { kyc, stranger, alice } = await deploy();
    await expectRevert(
      kyc.write.setStatus([alice.account.address, Status.Approved], { account: stranger.account }),
      'NotAdmin',
    );
    await expectRevert(
      kyc.write.setStatuses([[alice.account.address], [Status.Approved]], { account: stranger.account }),
      'NotAdmin',
    );
    await expectRevert(kyc.write.pause({ account: stranger.account }), 'NotAdmin');
    await expectRevert(
      kyc.write.setStatus([alice.account.address, Status.Approved], { account: alice.account }),
      'NotAdmin',
    );
  });

  it('closes an account by an admin or by its holder, once', async () => {
    const { kyc, serverAdmin, alice, bob, stranger } = await deploy();
    await mined(
      kyc.write.setStatuses(
        [
          [alice.account.address, bob.account.address],
          [Status.Approved, Status.Approved],
        ],
        {
          account: serverAdmin.account,
        },
      ),
    );
    await expectRevert(
      kyc.write.closeAccount([alice.account.address], { account: stranger.account }),
      'NotAdmin',
    );
    await mined(kyc.write.closeAccount([alice.account.address], { account: serverAdmin.account }));
    expect(await kyc.read.statusOf([alice.account.address])).to.equal(Status.Closed);
    expect(await kyc.read.canOpen([alice.account.address])).to.equal(false);
    await expectRevert(
      kyc.write.closeAccount([alice.account.address], { account: serverAdmin.account }),
      'AccountClosed',
    );
    await mined(kyc.write.closeAccount([bob.account.address], { account: bob.account }));
    expect(await kyc.read.statusOf([bob.account.address])).to.equal(Status.Closed);
  });
});

describe('AdminControlled (through KycManager)', () => {
  it('transferAdmin changes both admins together, only by the owner', async () => {
    const { kyc, owner, serverAdmin, alice, bob } = await deploy();
    await expectRevert(
      kyc.write.transferAdmin([alice.account.address, bob.account.address], { account: serverAdmin.account }),
      'NotOwner',
    );
    await expectRevert(
      kyc.write.transferAdmin([alice.account.address, '0x0000000000000000000000000000000000000000'], {
        account: owner.account,
      }),
      'ZeroAddress',
    );
    const receipt = await mined(
      kyc.write.transferAdmin([alice.account.address, bob.account.address], { account: owner.account }),
    );
    expect(eventsNamed(kyc.abi, receipt.logs, 'AdminTransferred')).to.have.length(1);
    expect((await kyc.read.serverAdmin()).toLowerCase()).to.equal(alice.account.address);
    expect((await kyc.read.humanAdmin()).toLowerCase()).to.equal(bob.account.address);
    await expectRevert(kyc.write.pause({ account: serverAdmin.account }), 'NotAdmin');
    await mined(kyc.write.pause({ account: alice.account }));
  });

  it('transfers and renounces ownership', async () => {
    const { kyc, owner, alice } = await deploy();
    await mined(kyc.write.transferOwnership([alice.account.address], { account: owner.account }));
    expect((await kyc.read.owner()).toLowerCase()).to.equal(alice.account.address);
    await expectRevert(kyc.write.renounceOwnership({ account: owner.account }), 'NotOwner');
    await mined(kyc.write.renounceOwnership({ account: alice.account }));
    expect(await kyc.read.owner()).to.equal('0x0000000000000000000000000000000000000000');
  });
});
