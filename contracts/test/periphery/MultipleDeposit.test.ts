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

const entry = ({ pubkey, withdrawal_credentials, signature, deposit_data_root, value }: DepositDataArgs) => ({
  pubkey,
  withdrawal_credentials,
  signature,
  deposit_data_root,
  amount: value,
});
const ETH = 10n ** 18n;

describe('MultipleDeposit', () => {
  it('forwards N deposits of 32 ETH and emits one event per batch', async () => {
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

  it('forwards mixed amounts in one transaction: 0x01 and 0x02 validators, top-ups of 1 and 31 ETH', async () => {
    const { depositContract, multipleDeposit } = await deploy();
    const deposits = [
      ...loadDeposits('published-holesky-01017000.json'), // 32, 32, then 1 and 31 ETH to one pubkey
      ...loadDeposits('published-goerli-charon-0x02.json'), // 0x02, 32 ETH
      syntheticDeposit(7, 64n * ETH, '02'),
      syntheticDeposit(8, 2048n * ETH, '02'),
      syntheticDeposit(9, 1_000_000_001n * 10n ** 9n, '02'), // 1.000000001 ETH: whole gwei is enough
    ];
    const total = deposits.reduce((sum, d) => sum + d.value, 0n);
    expect(total).to.equal(parseEther('2241.000000001'));
    const receipt = await mined(
      multipleDeposit.write.depositMultiple([deposits.map(entry)], { value: total }),
    );
    const forwarded = eventsNamed(depositContract.abi, receipt.logs, 'DepositEvent');
    expect(forwarded.map((e) => e.args.amount)).to.deep.equal(
      deposits.map((d) => littleEndian64(d.value / 10n ** 9n)),
    );
    expect(forwarded.map((e) => (e.args.withdrawal_credentials as string).slice(0, 4))).to.deep.equal([
      '0x01',
      '0x01',
      '0x01',
      '0x01',
      '0x02',
      '0x02',
      '0x02',
      '0x02',
    ]);
    const [batch] = eventsNamed(multipleDeposit.abi, receipt.logs, 'MultipleDeposited');
    expect(batch.args).to.deep.include({ count: 8n, amount: total });
    const publicClient = await hre.viem.getPublicClient();
    expect(await publicClient.getBalance({ address: depositContract.address })).to.equal(total);
    expect(await publicClient.getBalance({ address: multipleDeposit.address })).to.equal(0n);
  });
});

describe('MultipleDeposit refusals', () => {
  it('refuses a value other than the sum of the amounts, and an empty batch', async () => {
    const { multipleDeposit } = await deploy();
    const deposits = [syntheticDeposit(1), syntheticDeposit(2, 64n * ETH, '02')].map(entry);
    await expectRevert(
      multipleDeposit.write.depositMultiple([deposits], { value: parseEther('64') }),
      `WrongValue(${96n * ETH}, ${64n * ETH})`,
    );
    await expectRevert(
      multipleDeposit.write.depositMultiple([deposits], { value: parseEther('97') }),
      `WrongValue(${96n * ETH}, ${97n * ETH})`,
    );
    await expectRevert(multipleDeposit.write.depositMultiple([[]], { value: 0n }), 'NoDeposits');
  });

  it('refuses amounts below 1 ETH, above 2048 ETH or not whole gwei, naming the entry', async () => {
    const { multipleDeposit } = await deploy();
    const low = [syntheticDeposit(1), syntheticDeposit(2, ETH - 10n ** 9n)].map(entry);
    await expectRevert(
      multipleDeposit.write.depositMultiple([low], { value: 33n * ETH - 10n ** 9n }),
      `AmountOutOfRange(1, ${ETH - 10n ** 9n}, ${ETH}, ${2048n * ETH})`,
    );
    const high = [syntheticDeposit(3, 2049n * ETH, '02')].map(entry);
    await expectRevert(
      multipleDeposit.write.depositMultiple([high], { value: 2049n * ETH }),
      `AmountOutOfRange(0, ${2049n * ETH}`,
    );
    const dust = [{ ...entry(syntheticDeposit(4)), amount: 32n * ETH + 1n }];
    await expectRevert(
      multipleDeposit.write.depositMultiple([dust], { value: 32n * ETH + 1n }),
      `AmountNotWholeGwei(0, ${32n * ETH + 1n})`,
    );
  });

  it('lets the deposit contract refuse an amount the deposit data was not signed for', async () => {
    const { depositContract, multipleDeposit } = await deploy();
    // the root binds the amount: 64 ETH sent with deposit data of 32 ETH is refused by the root check
    const deposits = [{ ...entry(syntheticDeposit(5)), amount: 64n * ETH }];
    await expectRevert(
      multipleDeposit.write.depositMultiple([deposits], { value: 64n * ETH }),
      'DepositFailed(0,',
    );
    expect(await depositContract.read.get_deposit_count()).to.equal(littleEndian64(0n));
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
