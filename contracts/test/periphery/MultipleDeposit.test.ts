import { expect } from 'chai';
import hre from 'hardhat';
import { decodeErrorResult, parseAbi, parseEther, type Hex } from 'viem';
import { expectRevert, mined, eventsNamed, revertData } from './helpers';
import { loadDeposits, littleEndian64, syntheticDeposit, type DepositDataArgs } from './depositData';

async function deploy() {
  const [sender] = await hre.viem.getWalletClients();
  const depositContract = await hre.viem.deployContract('DepositContract', []);
  const multipleDeposit = await hre.viem.deployContract('MultipleDeposit', [depositContract.address]);
  return { depositContract, multipleDeposit, sender };
}

const entry = ({ pubkey, withdrawal_credentials, signature, deposit_data_root }: DepositDataArgs) => ({
  pubkey,
  withdrawal_credentials,
  signature,
  deposit_data_root,
});

describe('MultipleDeposit', () => {
  it('forwards N deposits with N x 32 ETH and emits one event per batch', async () => {
    const { depositContract, multipleDeposit, sender } = await deploy();
    const deposits = [
      ...loadDeposits('published-devnet-20000089.json'),
      ...loadDeposits('published-mainnet-stakewise-lido.json'),
    ];
    const receipt = await mined(
      multipleDeposit.write.depositMultiple([deposits.map(entry)], { value: parseEther('96') }),
    );
    const forwarded = eventsNamed(depositContract.abi, receipt.logs, 'DepositEvent');
    expect(forwarded.map((e) => e.args.pubkey)).to.deep.equal(deposits.map((d) => d.pubkey));
    expect(forwarded.map((e) => e.args.index)).to.deep.equal([0n, 1n, 2n].map(littleEndian64));
    const [batch] = eventsNamed(multipleDeposit.abi, receipt.logs, 'MultipleDeposited');
    expect(batch.args).to.deep.include({ count: 3n, amount: parseEther('96') });
    expect((batch.args.sender as string).toLowerCase()).to.equal(sender.account.address.toLowerCase());
    const publicClient = await hre.viem.getPublicClient();
    expect(await publicClient.getBalance({ address: depositContract.address })).to.equal(parseEther('96'));
    expect(await publicClient.getBalance({ address: multipleDeposit.address })).to.equal(0n);
  });

  it('refuses anything but exactly N x 32 ETH, and an empty batch', async () => {
    const { multipleDeposit } = await deploy();
    const deposits = [syntheticDeposit(1), syntheticDeposit(2)].map(entry);
    await expectRevert(
      multipleDeposit.write.depositMultiple([deposits], { value: parseEther('63') }),
      'WrongValue',
    );
    await expectRevert(
      multipleDeposit.write.depositMultiple([deposits], { value: parseEther('96') }),
      'WrongValue',
    );
    await expectRevert(multipleDeposit.write.depositMultiple([[]], { value: 0n }), 'NoDeposits');
  });

  it('reverts the whole batch when one entry is invalid, naming it', async () => {
    const { depositContract, multipleDeposit } = await deploy();
    const deposits = [syntheticDeposit(1), syntheticDeposit(2), syntheticDeposit(3)].map(entry);
    deposits[2] = { ...deposits[2], deposit_data_root: deposits[1].deposit_data_root };
    const data = await revertData(
      multipleDeposit.address,
      multipleDeposit.abi,
      'depositMultiple',
      [deposits],
      parseEther('96'),
    );
    const decoded = decodeErrorResult({ abi: multipleDeposit.abi, data });
    expect(decoded.errorName).to.equal('DepositFailed');
    const [index, reason] = decoded.args as readonly [bigint, Hex];
    expect(index).to.equal(2n);
    const inner = decodeErrorResult({ abi: parseAbi(['error Error(string)']), data: reason });
    expect(inner.args[0]).to.include('does not match supplied deposit_data_root');
    await expectRevert(
      multipleDeposit.write.depositMultiple([deposits], { value: parseEther('96') }),
      'DepositFailed(2,',
    );
    expect(await depositContract.read.get_deposit_count()).to.equal(littleEndian64(0n));
  });
});
