import { expect } from 'chai';
import hre from 'hardhat';
import { encodeFunctionData, getAddress, parseEther, type Hex } from 'viem';
import { expectRevert, mined, eventsNamed } from './helpers';

async function deploy() {
  const [a, b, c, d, e, outsider] = await hre.viem.getWalletClients();
  const owners = [a, b, c].map((w) => w.account.address);
  const wallet = await hre.viem.deployContract('MultiSigWallet', [owners, 2n]);
  const publicClient = await hre.viem.getPublicClient();
  return { wallet, a, b, c, d, e, outsider, owners, publicClient };
}

type Deployed = Awaited<ReturnType<typeof deploy>>;
type Signer = Deployed['a'];

/** Submits a transaction as `by` and returns its id. */
async function submit(wallet: Deployed['wallet'], by: Signer, destination: Hex, value: bigint, data: Hex) {
  const receipt = await mined(
    wallet.write.submitTransaction([destination, value, data], { account: by.account }),
  );
  return eventsNamed(wallet.abi, receipt.logs, 'Submission')[0].args.transactionId as bigint;
}

/** Submits a call of the wallet to itself (owner administration) as `by` and returns its id. */
function submitSelf(w: Deployed['wallet'], by: Signer, functionName: string, args: readonly unknown[]) {
  return submit(w, by, w.address, 0n, encodeFunctionData({ abi: w.abi, functionName, args } as never));
}

const same = (list: readonly string[]) => list.map((x) => getAddress(x)).sort();

/** Setup, confirmation, revocation and refusals. */
function confirmationTests() {
  it('starts with its owners and required confirmations, and refuses an invalid setup', async () => {
    const { wallet, owners, a } = await deploy();
    expect(same(await wallet.read.getOwners())).to.deep.equal(same(owners));
    expect(await wallet.read.required()).to.equal(2n);
    for (const [list, required] of [
      [owners, 0n],
      [owners, 4n],
      [[], 0n],
      [[a.account.address, a.account.address], 1n],
    ] as const) {
      await expectRevert(
        hre.viem.deployContract('MultiSigWallet', [list, required]),
        required === 1n ? 'AlreadyOwner' : 'InvalidRequirement',
      );
    }
  });

  it('runs a transaction once the required owners confirmed it', async () => {
    const { wallet, a, b, c, outsider, publicClient } = await deploy();
    const fund = await mined(a.sendTransaction({ to: wallet.address, value: parseEther('5') }));
    expect(eventsNamed(wallet.abi, fund.logs, 'Deposit')[0].args.value).to.equal(parseEther('5'));
    const before = await publicClient.getBalance({ address: outsider.account.address });

    const id = await submit(wallet, a, outsider.account.address, parseEther('1'), '0x');
    expect(await wallet.read.getTransaction([id])).to.deep.equal([
      getAddress(outsider.account.address),
      parseEther('1'),
      '0x',
      false,
      1n,
    ]);
    expect(await wallet.read.isConfirmed([id])).to.equal(false);
    expect(await publicClient.getBalance({ address: outsider.account.address })).to.equal(before);

    const receipt = await mined(wallet.write.confirmTransaction([id], { account: b.account }));
    expect(eventsNamed(wallet.abi, receipt.logs, 'Confirmation')).to.have.length(1);
    expect(eventsNamed(wallet.abi, receipt.logs, 'Execution')[0].args.transactionId).to.equal(id);
    expect(await publicClient.getBalance({ address: outsider.account.address })).to.equal(
      before + parseEther('1'),
    );
    expect((await wallet.read.transactions([id]))[3]).to.equal(true);
    expect(same(await wallet.read.getConfirmations([id]))).to.deep.equal(
      same([a.account.address, b.account.address]),
    );

    await expectRevert(wallet.write.confirmTransaction([id], { account: c.account }), 'AlreadyExecuted');
    await expectRevert(wallet.write.revokeConfirmation([id], { account: a.account }), 'AlreadyExecuted');
    await expectRevert(wallet.write.executeTransaction([id], { account: a.account }), 'AlreadyExecuted');
  });

  it('revokes a confirmation before execution', async () => {
    const { wallet, a, b, c, outsider } = await deploy();
    const id = await submit(wallet, a, outsider.account.address, 0n, '0x');
    const receipt = await mined(wallet.write.revokeConfirmation([id], { account: a.account }));
    expect(eventsNamed(wallet.abi, receipt.logs, 'Revocation')[0].args.transactionId).to.equal(id);
    expect(await wallet.read.getConfirmationCount([id])).to.equal(0n);
    await expectRevert(wallet.write.revokeConfirmation([id], { account: a.account }), 'NotConfirmed');
    await mined(wallet.write.confirmTransaction([id], { account: b.account }));
    expect((await wallet.read.getTransaction([id]))[3]).to.equal(false);
    await mined(wallet.write.confirmTransaction([id], { account: c.account }));
    expect((await wallet.read.getTransaction([id]))[3]).to.equal(true);
  });

  it('refuses outsiders, double confirmations and unknown transactions', async () => {
    const { wallet, a, outsider } = await deploy();
    await expectRevert(
      wallet.write.submitTransaction([outsider.account.address, 0n, '0x'], { account: outsider.account }),
      'NotOwner',
    );
    const id = await submit(wallet, a, outsider.account.address, 0n, '0x');
    await expectRevert(wallet.write.confirmTransaction([id], { account: outsider.account }), 'NotOwner');
    await expectRevert(wallet.write.confirmTransaction([id], { account: a.account }), 'AlreadyConfirmed');
    await expectRevert(
      wallet.write.confirmTransaction([id + 1n], { account: a.account }),
      'NoSuchTransaction',
    );
    await expectRevert(
      wallet.write.addOwner([outsider.account.address], { account: a.account }),
      'OnlyWallet',
    );
    await expectRevert(wallet.write.changeRequirement([1n], { account: a.account }), 'OnlyWallet');
    await expectRevert(wallet.write.lockOwners({ account: a.account }), 'OnlyWallet');
  });
}

/** Failed calls, owner changes, the owner lock and listing transactions. */
function executionAndOwnerTests() {
  it('reports a failed call and lets the owners run it again later', async () => {
    const { wallet, a, b } = await deploy();
    const [deployer] = await hre.viem.getWalletClients();
    // The wallet is the human admin of a KYC manager only after the owner hands it over.
    const kyc = await hre.viem.deployContract('KycManager', [
      deployer.account.address,
      deployer.account.address,
    ]);
    const id = await submit(
      wallet,
      a,
      kyc.address,
      0n,
      encodeFunctionData({ abi: kyc.abi, functionName: 'pause' }),
    );
    const failed = await mined(wallet.write.confirmTransaction([id], { account: b.account }));
    expect(eventsNamed(wallet.abi, failed.logs, 'ExecutionFailure')[0].args.transactionId).to.equal(id);
    expect((await wallet.read.getTransaction([id]))[3]).to.equal(false);
    await mined(kyc.write.transferAdmin([deployer.account.address, wallet.address]));
    const retried = await mined(wallet.write.executeTransaction([id], { account: b.account }));
    expect(eventsNamed(wallet.abi, retried.logs, 'Execution')).to.have.length(1);
    expect(await kyc.read.paused()).to.equal(true);
  });

  it('adds, removes and replaces owners and changes the requirement through its own transactions', async () => {
    const { wallet, a, b, c, d, e } = await deploy();
    const run = async (functionName: string, args: readonly unknown[], signers: Signer[] = [b]) => {
      const id = await submitSelf(wallet, a, functionName, args);
      let receipt;
      for (const s of signers)
        receipt = await mined(wallet.write.confirmTransaction([id], { account: s.account }));
      return receipt!;
    };
    let receipt = await run('addOwner', [d.account.address]);
    expect(eventsNamed(wallet.abi, receipt.logs, 'OwnerAddition')).to.have.length(1);
    expect(await wallet.read.isOwner([d.account.address])).to.equal(true);
    expect(await wallet.read.getOwners()).to.have.length(4);

    receipt = await run('changeRequirement', [3n]);
    expect(eventsNamed(wallet.abi, receipt.logs, 'RequirementChange')[0].args.required).to.equal(3n);
    expect(await wallet.read.required()).to.equal(3n);

    receipt = await run('replaceOwner', [c.account.address, e.account.address], [b, d]);
    expect(eventsNamed(wallet.abi, receipt.logs, 'OwnerRemoval')).to.have.length(1);
    expect(await wallet.read.isOwner([c.account.address])).to.equal(false);
    expect(await wallet.read.isOwner([e.account.address])).to.equal(true);

    // A duplicate owner or an impossible requirement is refused: the call fails, nothing changes.
    receipt = await run('addOwner', [b.account.address], [b, d]);
    expect(eventsNamed(wallet.abi, receipt.logs, 'ExecutionFailure')).to.have.length(1);
    receipt = await run('changeRequirement', [5n], [b, d]);
    expect(eventsNamed(wallet.abi, receipt.logs, 'ExecutionFailure')).to.have.length(1);

    receipt = await run('removeOwner', [d.account.address], [b, e]);
    expect(eventsNamed(wallet.abi, receipt.logs, 'OwnerRemoval')[0].args.owner).to.equal(
      getAddress(d.account.address),
    );
    expect(await wallet.read.required()).to.equal(3n);
    receipt = await run('removeOwner', [e.account.address], [b, e]);
    // With two owners left, the requirement follows them down.
    expect(await wallet.read.required()).to.equal(2n);
    expect(same(await wallet.read.getOwners())).to.deep.equal(same([a.account.address, b.account.address]));
  });

  it('locks the owner set for good', async () => {
    const { wallet, a, b, d } = await deploy();
    const lockId = await submitSelf(wallet, a, 'lockOwners', []);
    const locked = await mined(wallet.write.confirmTransaction([lockId], { account: b.account }));
    expect(eventsNamed(wallet.abi, locked.logs, 'OwnersLocked')).to.have.length(1);
    expect(await wallet.read.ownersLocked()).to.equal(true);
    for (const [fn, args] of [
      ['addOwner', [d.account.address]],
      ['removeOwner', [b.account.address]],
      ['replaceOwner', [b.account.address, d.account.address]],
    ] as const) {
      const id = await submitSelf(wallet, a, fn, args);
      const receipt = await mined(wallet.write.confirmTransaction([id], { account: b.account }));
      expect(eventsNamed(wallet.abi, receipt.logs, 'ExecutionFailure'), fn).to.have.length(1);
    }
    expect(await wallet.read.getOwners()).to.have.length(3);
    const id = await submitSelf(wallet, a, 'changeRequirement', [3n]);
    await mined(wallet.write.confirmTransaction([id], { account: b.account }));
    expect(await wallet.read.required()).to.equal(3n);
  });

  it('lists transactions by state', async () => {
    const { wallet, a, b, outsider } = await deploy();
    const first = await submit(wallet, a, outsider.account.address, 0n, '0x');
    const second = await submit(wallet, a, outsider.account.address, 0n, '0x');
    await mined(wallet.write.confirmTransaction([second], { account: b.account }));
    expect(await wallet.read.transactionCount()).to.equal(2n);
    expect(await wallet.read.getTransactionCount([true, false])).to.equal(1n);
    expect(await wallet.read.getTransactionCount([false, true])).to.equal(1n);
    expect(await wallet.read.getTransactionCount([true, true])).to.equal(2n);
    expect(await wallet.read.getTransactionIds([0n, 10n, true, false])).to.deep.equal([first]);
    expect(await wallet.read.getTransactionIds([0n, 10n, false, true])).to.deep.equal([second]);
    expect(await wallet.read.getTransactionIds([1n, 1n, true, true])).to.deep.equal([]);
  });
}

describe('MultiSigWallet', () => {
  confirmationTests();
  executionAndOwnerTests();
});
