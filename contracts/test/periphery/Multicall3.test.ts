import { expect } from 'chai';
import hre from 'hardhat';
import { encodeFunctionData, decodeFunctionResult, parseEther, type Hex } from 'viem';
import { expectCallRevert, expectRevert, mined } from './helpers';

async function deploy() {
  const [holder, alice] = await hre.viem.getWalletClients();
  const multicall = await hre.viem.deployContract('Multicall3', []);
  const ftx = await hre.viem.deployContract('FTXToken', [holder.account.address, parseEther('1000')]);
  const publicClient = await hre.viem.getPublicClient();
  return { multicall, ftx, holder, alice, publicClient };
}

describe('Multicall3', () => {
  it("serves viem's multicall, with allowed failures", async () => {
    const { multicall, ftx, holder, publicClient } = await deploy();
    const results = await publicClient.multicall({
      multicallAddress: multicall.address,
      contracts: [
        { address: ftx.address, abi: ftx.abi, functionName: 'balanceOf', args: [holder.account.address] },
        { address: ftx.address, abi: ftx.abi, functionName: 'symbol' },
        // a call that reverts: the token refuses a transfer from the multicall contract's empty balance
        { address: ftx.address, abi: ftx.abi, functionName: 'transfer', args: [holder.account.address, 1n] },
        {
          address: multicall.address,
          abi: multicall.abi,
          functionName: 'getEthBalance',
          args: [holder.account.address],
        },
      ],
    });
    expect(results[0]).to.deep.equal({ status: 'success', result: parseEther('1000') });
    expect(results[1]).to.deep.equal({ status: 'success', result: 'FTX' });
    expect(results[2].status).to.equal('failure');
    expect(results[3].result).to.equal(await publicClient.getBalance({ address: holder.account.address }));
  });

  it('aggregate returns the block number and every result, and reverts when a call fails', async () => {
    const { multicall, ftx, holder } = await deploy();
    const balanceCall = {
      target: ftx.address,
      callData: encodeFunctionData({
        abi: ftx.abi,
        functionName: 'balanceOf',
        args: [holder.account.address],
      }),
    };
    const failing = {
      target: ftx.address,
      callData: encodeFunctionData({
        abi: ftx.abi,
        functionName: 'transfer',
        args: [holder.account.address, 1n],
      }),
    };
    // the aggregate functions are payable, so they are called through simulate (eth_call)
    const {
      result: [blockNumber, data],
    } = await multicall.simulate.aggregate([[balanceCall, balanceCall]]);
    expect(blockNumber).to.equal(await multicall.read.getBlockNumber());
    expect(decodeFunctionResult({ abi: ftx.abi, functionName: 'balanceOf', data: data[1] })).to.equal(
      parseEther('1000'),
    );
    const fails = (functionName: string, args: readonly unknown[]) =>
      expectCallRevert(multicall.address, multicall.abi, functionName, args, 'CallFailed');
    await fails('aggregate', [[balanceCall, failing]]);

    const { result: tried } = await multicall.simulate.tryAggregate([false, [balanceCall, failing]]);
    expect(tried.map((r) => r.success)).to.deep.equal([true, false]);
    await fails('tryAggregate', [true, [balanceCall, failing]]);

    const {
      result: [n, hash, results],
    } = await multicall.simulate.blockAndAggregate([[balanceCall]]);
    expect(n).to.equal(await multicall.read.getBlockNumber());
    expect(hash).to.match(/^0x[0-9a-f]{64}$/);
    expect(results[0].success).to.equal(true);
    await fails('blockAndAggregate', [[failing]]);
    const {
      result: [, , triedResults],
    } = await multicall.simulate.tryBlockAndAggregate([false, [failing]]);
    expect(triedResults[0].success).to.equal(false);
    await fails('aggregate3', [[{ target: ftx.address, allowFailure: false, callData: failing.callData }]]);
  });

  it('aggregate3Value forwards each value and refuses a mismatched total', async () => {
    const { multicall, alice, holder, publicClient } = await deploy();
    const before = await publicClient.getBalance({ address: alice.account.address });
    const pay = (value: bigint) => ({
      target: alice.account.address,
      allowFailure: false,
      value,
      callData: '0x' as Hex,
    });
    await mined(
      multicall.write.aggregate3Value([[pay(parseEther('1')), pay(parseEther('2'))]], {
        value: parseEther('3'),
        account: holder.account,
      }),
    );
    expect(await publicClient.getBalance({ address: alice.account.address })).to.equal(
      before + parseEther('3'),
    );
    await expectRevert(
      multicall.write.aggregate3Value([[pay(parseEther('1'))]], {
        value: parseEther('2'),
        account: holder.account,
      }),
      'ValueMismatch',
    );
    expect(await publicClient.getBalance({ address: multicall.address })).to.equal(0n);
  });

  it('reads the block and chain properties', async () => {
    const { multicall, publicClient } = await deploy();
    const block = await publicClient.getBlock();
    expect(await multicall.read.getChainId()).to.equal(88n);
    expect(await multicall.read.getCurrentBlockTimestamp()).to.be.a('bigint');
    expect(await multicall.read.getCurrentBlockGasLimit()).to.equal(block.gasLimit);
    expect(await multicall.read.getBlockHash([block.number - 1n])).to.equal(block.parentHash);
    const current = await multicall.read.getBlockNumber();
    expect(await multicall.read.getLastBlockHash()).to.equal(
      await multicall.read.getBlockHash([current - 1n]),
    );
    expect(await multicall.read.getBasefee()).to.be.a('bigint');
    expect(await multicall.read.getCurrentBlockCoinbase()).to.match(/^0x[0-9a-fA-F]{40}$/);
    expect(await multicall.read.getCurrentBlockDifficulty()).to.be.a('bigint');
  });
});
