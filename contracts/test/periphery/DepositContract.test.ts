import { expect } from 'chai';
import hre from 'hardhat';
import { parseEther, parseGwei, toFunctionSelector, type Hex } from 'viem';
import { expectRevert, mined, eventsNamed } from './helpers';
import { depositDataRoot, depositRoot, littleEndian64, loadDeposits, syntheticDeposit } from './depositData';

async function deploy() {
  const [sender] = await hre.viem.getWalletClients();
  const depositContract = await hre.viem.deployContract('DepositContract', []);
  return { depositContract, sender };
}

describe('DepositContract', () => {
  it('accepts the published devnet deposit and emits its DepositEvent', async () => {
    const { depositContract } = await deploy();
    const [d] = loadDeposits('published-devnet-20000089.json');
    expect(depositDataRoot(d)).to.equal(d.deposit_data_root);
    const receipt = await mined(
      depositContract.write.deposit([d.pubkey, d.withdrawal_credentials, d.signature, d.deposit_data_root], {
        value: d.value,
      }),
    );
    const [event] = eventsNamed(depositContract.abi, receipt.logs, 'DepositEvent');
    expect(event.args).to.deep.equal({
      pubkey: d.pubkey,
      withdrawal_credentials: d.withdrawal_credentials,
      amount: littleEndian64(32_000_000_000n),
      signature: d.signature,
      index: littleEndian64(0n),
    });
    expect(await depositContract.read.get_deposit_count()).to.equal(littleEndian64(1n));
    expect(await depositContract.read.get_deposit_root()).to.equal(depositRoot([d.deposit_data_root]));
    const publicClient = await hre.viem.getPublicClient();
    expect(await publicClient.getBalance({ address: depositContract.address })).to.equal(parseEther('32'));
  });

  it('rejects a deposit whose deposit_data_root does not match its fields', async () => {
    const { depositContract } = await deploy();
    const [d] = loadDeposits('published-devnet-20000089.json');
    const wrongRoot = `0x${d.deposit_data_root.slice(2, 64)}00` as Hex;
    await expectRevert(
      depositContract.write.deposit([d.pubkey, d.withdrawal_credentials, d.signature, wrongRoot], {
        value: d.value,
      }),
      'reconstructed DepositData does not match supplied deposit_data_root',
    );
    // The root commits to the amount: 31 ETH with the 32-ETH root is refused too.
    await expectRevert(
      depositContract.write.deposit([d.pubkey, d.withdrawal_credentials, d.signature, d.deposit_data_root], {
        value: parseEther('31'),
      }),
      'reconstructed DepositData does not match supplied deposit_data_root',
    );
    expect(await depositContract.read.get_deposit_count()).to.equal(littleEndian64(0n));
  });

  it('checks field lengths and the amount', async () => {
    const { depositContract } = await deploy();
    const d = syntheticDeposit(7);
    const call = (args: Partial<typeof d>) => {
      const x = { ...d, ...args };
      return depositContract.write.deposit(
        [x.pubkey, x.withdrawal_credentials, x.signature, x.deposit_data_root],
        {
          value: x.value,
        },
      );
    };
    await expectRevert(call({ pubkey: `0x${'07'.repeat(47)}` }), 'invalid pubkey length');
    await expectRevert(
      call({ withdrawal_credentials: `0x${'07'.repeat(33)}` }),
      'invalid withdrawal_credentials length',
    );
    await expectRevert(call({ signature: `0x${'07'.repeat(95)}` }), 'invalid signature length');
    await expectRevert(call({ value: parseEther('1') - parseGwei('1') }), 'deposit value too low');
    await expectRevert(call({ value: parseEther('32') + 1n }), 'deposit value not multiple of gwei');
    // 1 ETH (the minimum) with a matching root is accepted.
    const small = syntheticDeposit(8, parseEther('1'));
    await mined(
      depositContract.write.deposit(
        [small.pubkey, small.withdrawal_credentials, small.signature, small.deposit_data_root],
        { value: small.value },
      ),
    );
  });

  it('keeps the deposit root of the whole list across several deposits', async () => {
    const { depositContract } = await deploy();
    const deposits = [
      ...loadDeposits('published-holesky-01017000.json'),
      ...loadDeposits('published-mainnet-stakewise-lido.json'),
      syntheticDeposit(1),
    ];
    const roots: Hex[] = [];
    expect(await depositContract.read.get_deposit_root()).to.equal(depositRoot([]));
    for (const [i, d] of deposits.entries()) {
      const receipt = await mined(
        depositContract.write.deposit(
          [d.pubkey, d.withdrawal_credentials, d.signature, d.deposit_data_root],
          {
            value: d.value,
          },
        ),
      );
      expect(eventsNamed(depositContract.abi, receipt.logs, 'DepositEvent')[0].args.index).to.equal(
        littleEndian64(BigInt(i)),
      );
      roots.push(d.deposit_data_root);
      expect(await depositContract.read.get_deposit_root()).to.equal(depositRoot(roots));
    }
    expect(await depositContract.read.get_deposit_count()).to.equal(littleEndian64(BigInt(deposits.length)));
  });

  it('declares ERC-165 and the deposit contract interface', async () => {
    const { depositContract } = await deploy();
    const depositInterfaceId = [
      'deposit(bytes,bytes,bytes,bytes32)',
      'get_deposit_root()',
      'get_deposit_count()',
    ]
      .map((s) => BigInt(toFunctionSelector(s)))
      .reduce((a, b) => a ^ b);
    expect(depositInterfaceId).to.equal(0x85640907n);
    expect(await depositContract.read.supportsInterface(['0x01ffc9a7'])).to.equal(true);
    expect(await depositContract.read.supportsInterface(['0x85640907'])).to.equal(true);
    expect(await depositContract.read.supportsInterface(['0xffffffff'])).to.equal(false);
  });
});
