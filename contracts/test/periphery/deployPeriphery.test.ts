import { expect } from 'chai';
import hre from 'hardhat';
import { getAddress, parseEther, type Address } from 'viem';
import {
  CANONICAL_MULTICALL3,
  deployPeriphery,
  DEFAULT_DISCOUNT_TIERS,
  DEFAULT_FTX_SUPPLY,
} from '../../scripts/deployPeriphery';
import { mined, Status } from './helpers';
import { loadDeposits } from './depositData';

async function clients() {
  const [deployer, serverAdmin, , , alice] = await hre.viem.getWalletClients();
  const publicClient = await hre.viem.getPublicClient();
  return { walletClient: deployer, publicClient, deployer, serverAdmin, alice };
}

describe('deployPeriphery', () => {
  it('deploys and wires every periphery contract on chain 88', async () => {
    const { walletClient, publicClient, deployer, serverAdmin, alice } = await clients();
    const a = await deployPeriphery({ walletClient, publicClient, serverAdmin: serverAdmin.account.address });
    for (const [name, address] of Object.entries(a)) {
      if (name === 'serverAdmin') continue;
      expect(await publicClient.getCode({ address }), name).to.match(/^0x[0-9a-f]{2,}/);
    }
    expect(a.humanAdmin).to.equal(a.multiSigWallet);

    const wallet = await hre.viem.getContractAt('MultiSigWallet', a.multiSigWallet);
    const accounts = (await walletClient.getAddresses()).slice(0, 3).map((x) => getAddress(x));
    expect((await wallet.read.getOwners()).map((x) => getAddress(x))).to.deep.equal(accounts);
    expect(await wallet.read.required()).to.equal(2n);

    const kyc = await hre.viem.getContractAt('KycManager', a.kycManager);
    expect(getAddress(await kyc.read.serverAdmin())).to.equal(getAddress(serverAdmin.account.address));
    expect(getAddress(await kyc.read.humanAdmin())).to.equal(getAddress(a.multiSigWallet));
    expect(getAddress(await kyc.read.owner())).to.equal(getAddress(deployer.account.address));

    const ftx = await hre.viem.getContractAt('FTXToken', a.ftxToken);
    expect(await ftx.read.balanceOf([deployer.account.address])).to.equal(DEFAULT_FTX_SUPPLY);
    const staking = await hre.viem.getContractAt('FTXStaking', a.ftxStaking);
    expect(await staking.read.getDiscountTiers()).to.deep.equal(DEFAULT_DISCOUNT_TIERS);
    expect(getAddress(await staking.read.kycManager())).to.equal(getAddress(a.kycManager));
    expect(getAddress(await staking.read.ftx())).to.equal(getAddress(a.ftxToken));

    // The server admin approves a customer, who then stakes FTX and gets the tier-1 discount.
    await mined(
      kyc.write.setStatus([alice.account.address, Status.Approved], { account: serverAdmin.account }),
    );
    await mined(ftx.write.transfer([alice.account.address, parseEther('2000')]));
    await mined(ftx.write.approve([a.ftxStaking, parseEther('2000')], { account: alice.account }));
    await mined(staking.write.stake([parseEther('2000')], { account: alice.account }));
    expect(await staking.read.getDiscountPercentage([alice.account.address])).to.equal(10n);

    // The multiple-deposit contract forwards to the deployed beacon deposit contract.
    const multiple = await hre.viem.getContractAt('MultipleDeposit', a.multipleDeposit);
    expect(getAddress(await multiple.read.depositContract())).to.equal(getAddress(a.depositContract));
    const [d] = loadDeposits('published-devnet-20000089.json');
    await mined(multiple.write.depositMultiple([[{ ...d, amount: d.value }]], { value: parseEther('32') }));
    expect(await publicClient.getBalance({ address: a.depositContract })).to.equal(parseEther('32'));
  });

  it('uses the real deposit contract given for another chain, and needs one', async () => {
    const { walletClient, publicClient, serverAdmin } = await clients();
    const base = { walletClient, publicClient, serverAdmin: serverAdmin.account.address, chainId: 1 };
    let error: unknown;
    try {
      await deployPeriphery(base);
    } catch (e) {
      error = e;
    }
    expect((error as Error).message).to.equal('The beacon deposit contract address is required on chain 1');
    const real: Address = '0x00000000219ab540356cBB839Cbe05303d7705Fa';
    const a = await deployPeriphery({
      ...base,
      depositContract: real,
      humanAdmin: serverAdmin.account.address,
      multicall3: CANONICAL_MULTICALL3,
    });
    expect(a.depositContract).to.equal(real);
    expect(a.multicall3).to.equal(CANONICAL_MULTICALL3);
    const multiple = await hre.viem.getContractAt('MultipleDeposit', a.multipleDeposit);
    expect(getAddress(await multiple.read.depositContract())).to.equal(real);
    expect(a.humanAdmin).to.equal(serverAdmin.account.address);
  });
});
