// The lending core wired to the real KYC manager and FTX staking, as scripts/deploy.ts wires them.
import { expect } from 'chai';
import hre from 'hardhat';
import { parseEther, type Address } from 'viem';
import { deployArtifact, deployLending } from '../../scripts/deployLending';
import { deployPeriphery } from '../../scripts/deployPeriphery';
import { expectRevert, mined, Status } from './helpers';

const DEC = 10n ** 18n;
const ZERO: Address = '0x0000000000000000000000000000000000000000';

async function deploySystem() {
  const [deployer, serverAdmin, , treasury, , alice, bob] = await hre.viem.getWalletClients();
  const publicClient = await hre.viem.getPublicClient();
  const clients = { walletClient: deployer, publicClient };
  const periphery = await deployPeriphery({ ...clients, serverAdmin: serverAdmin.account.address });
  const priceFeed = await deployArtifact(clients, 'TestPriceFeed', [2000n * DEC]);
  const lending = await deployLending(clients, {
    serverAdmin: periphery.serverAdmin,
    humanAdmin: periphery.humanAdmin,
    treasury: treasury.account.address,
    kycManager: periphery.kycManager,
    ftxStaking: periphery.ftxStaking,
    priceFeed,
    bootstrapPeriod: 0n,
  });
  const at = hre.viem.getContractAt;
  return {
    kyc: await at('KycManager', periphery.kycManager),
    ftx: await at('FTXToken', periphery.ftxToken),
    staking: await at('FTXStaking', periphery.ftxStaking),
    borrowerOperations: await at('BorrowerOperations', lending.borrowerOperations),
    cacheManager: await at('CacheManager', lending.cacheManager),
    periphery,
    serverAdmin,
    alice,
    bob,
  };
}

describe('lending core with the periphery contracts', () => {
  it('opens a cache only for an approved customer, with the FTX tier discount on the fee', async () => {
    const { kyc, ftx, staking, borrowerOperations, cacheManager, periphery, serverAdmin, alice } =
      await deploySystem();
    const open = (borrow: bigint) =>
      borrowerOperations.write.openCache([DEC, borrow, ZERO, ZERO], {
        account: alice.account,
        value: parseEther('10'),
      });
    await expectRevert(open(10_000n * DEC), 'KycDenied');

    await mined(
      kyc.write.setStatus([alice.account.address, Status.Approved], { account: serverAdmin.account }),
    );
    await mined(ftx.write.transfer([alice.account.address, 10_000n * DEC]));
    await mined(ftx.write.approve([periphery.ftxStaking, 10_000n * DEC], { account: alice.account }));
    await mined(staking.write.stake([10_000n * DEC], { account: alice.account }));
    expect(await staking.read.getDiscountPercentage([alice.account.address])).to.equal(25n);

    await mined(open(10_000n * DEC));
    // fee 0.5% of 10,000 = 50, less the 25% tier-2 discount = 37.5; plus the 200 PAYD reserve
    const [debt] = await cacheManager.read.getEntireDebtAndColl([alice.account.address]);
    expect(debt).to.equal(10_237n * DEC + DEC / 2n);
  });

  it('refuses borrower operations while the KYC manager is paused or the customer is suspended', async () => {
    const { kyc, borrowerOperations, serverAdmin, alice, bob } = await deploySystem();
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
    await mined(kyc.write.pause({ account: serverAdmin.account }));
    const open = (who: typeof alice) =>
      borrowerOperations.write.openCache([DEC, 3000n * DEC, ZERO, ZERO], {
        account: who.account,
        value: parseEther('10'),
      });
    await expectRevert(open(alice), 'KycDenied');
    await mined(kyc.write.unpause({ account: serverAdmin.account }));
    await mined(
      kyc.write.setStatus([bob.account.address, Status.Suspended], { account: serverAdmin.account }),
    );
    await expectRevert(open(bob), 'KycDenied');
    await mined(open(alice));
  });
});
