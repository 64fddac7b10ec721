// The Prague predeploys through @payd/protocol on a real chain 88: live fee quotes, exits, partial
// withdrawals and consolidations from the customer's wallet, dequeued by the devnet's emulated
// end-of-block system call with the customer as source address.
import { processExecutionRequests } from '@payd/devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletClient, defineChain, http, parseEther, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { connectSigner, type SignerConnection } from './connection/connection.ts';
import {
  CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS,
  ExecutionRequestInputError,
  WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS,
} from './electra/requestPredeploys.ts';
import {
  readConsolidationRequestFee,
  readWithdrawalRequestFee,
  RequestFeeUnavailableError,
} from './reads/readRequestFees.ts';
import { readRequestLogs, readRequestQueuesEmpty } from './reads/readRequestLogs.ts';
import { startKycChain, type KycChain } from './testing/kycChain.ts';
import { requestConsolidation, requestExit, requestPartialWithdrawal } from './writes/executionRequests.ts';

let chain: KycChain;
let customer: SignerConnection;
const pubkey = (n: number): Hex => `0x${n.toString(16).padStart(2, '0').repeat(48)}`;

beforeAll(async () => {
  chain = await startKycChain();
  const account = privateKeyToAccount(generatePrivateKey());
  await chain.devnet.chain.fund(account.address, parseEther('10'));
  const walletClient = createWalletClient({
    account,
    chain: defineChain({
      id: 88,
      name: 'payd devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.url] } },
    }),
    transport: http(chain.url),
  });
  customer = await connectSigner({
    walletClient,
    publicClient: chain.publicClient,
    deployment: chain.deployment,
  });
}, 120_000);
afterAll(async () => {
  await chain?.close();
});

const systemCall = () => processExecutionRequests(chain.publicClient);
const nonce = () =>
  chain.publicClient.getTransactionCount({ address: customer.userAddress, blockTag: 'latest' });
async function sentValue(hash: Hex): Promise<bigint> {
  return (await chain.publicClient.getTransaction({ hash })).value;
}

describe('EIP-7002 and EIP-7251 requests from the wallet', { timeout: 60_000 }, () => {
  it('quotes 1 wei on empty queues and sends 2 (the 50 % buffer, rounded up)', async () => {
    expect(await readWithdrawalRequestFee(customer)).toEqual({ fee: 1n, value: 2n });
    expect(await readConsolidationRequestFee(customer)).toEqual({ fee: 1n, value: 2n });
  });

  it('refuses bad inputs and a value below the fee before the wallet is asked', async () => {
    const before = await nonce();
    await expect(requestExit(customer, '0x1234')).rejects.toThrow(
      new ExecutionRequestInputError('Validator public key must be 48 bytes (96 hex characters)'),
    );
    await expect(requestPartialWithdrawal(customer, pubkey(1), 0n)).rejects.toThrow(
      ExecutionRequestInputError,
    );
    await expect(requestPartialWithdrawal(customer, pubkey(1), 2n ** 64n)).rejects.toThrow(
      'Amount must be between 0 and 18446744073709551615 gwei (uint64)',
    );
    await expect(requestConsolidation(customer, pubkey(1), pubkey(2), { value: 0n })).rejects.toThrow(
      'The fee is now 1 wei, more than the 0 wei offered: quote the fee again',
    );
    expect(await nonce()).toBe(before);
  });

  it('reverts on chain a request paying less than the fee', async () => {
    const before = await nonce();
    const hash = customer.walletClient.sendTransaction({
      to: WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS,
      data: `${pubkey(1)}${'00'.repeat(8)}`,
      value: 0n,
      gas: 200_000n,
      account: customer.account,
      chain: customer.walletClient.chain,
    });
    await expect(hash).rejects.toThrow();
    // Mined and reverted (Hardhat answers a reverted transaction with an error).
    expect(await nonce()).toBe(before + 1);
  });

  it('queues an exit, a partial withdrawal, a consolidation and a switch to 0x02 that the system call dequeues', async () => {
    const exit = await requestExit(customer, pubkey(1));
    const partial = await requestPartialWithdrawal(customer, pubkey(2), 20_000_000_000n);
    const merge = await requestConsolidation(customer, pubkey(3), pubkey(4));
    const source = customer.userAddress.toLowerCase();
    expect(await exit.waitForSuccess()).toEqual({
      sourceAddress: source,
      validatorPubkey: pubkey(1),
      amountGwei: 0n,
    });
    expect(await partial.waitForSuccess()).toEqual({
      sourceAddress: source,
      validatorPubkey: pubkey(2),
      amountGwei: 20_000_000_000n,
    });
    expect(await merge.waitForSuccess()).toEqual({
      sourceAddress: source,
      sourcePubkey: pubkey(3),
      targetPubkey: pubkey(4),
    });
    expect(await sentValue(exit.hash)).toBe(2n);
    const dequeued = await systemCall();
    expect(dequeued.withdrawals.map(({ blockNumber: _, ...w }) => w)).toEqual([
      { sourceAddress: source, validatorPubkey: pubkey(1), amount: 0n },
      { sourceAddress: source, validatorPubkey: pubkey(2), amount: 20_000_000_000n },
    ]);
    expect(dequeued.consolidations.map(({ blockNumber: _, ...c }) => c)).toEqual([
      { sourceAddress: source, sourcePubkey: pubkey(3), targetPubkey: pubkey(4) },
    ]);
    const upgrade = await requestConsolidation(customer, pubkey(5), pubkey(5), { value: 1n });
    expect(await sentValue(upgrade.hash)).toBe(1n);
    await upgrade.waitForSuccess();
    expect((await systemCall()).consolidations).toMatchObject([
      { sourcePubkey: pubkey(5), targetPubkey: pubkey(5) },
    ]);
  });

  it('raises the withdrawal fee to 2 wei after 20 requests in one block (excess 18)', async () => {
    const sent = [];
    for (let n = 10; n < 30; n++) sent.push(await requestExit(customer, pubkey(n)));
    await Promise.all(sent.map((tx) => tx.waitForSuccess()));
    expect((await systemCall()).withdrawals).toHaveLength(16);
    // fake_exponential(1, 18, 17) = (17 + 18 + 9 + 3) // 17 = 2; the buffered value: ceil(2 × 1.5) = 3.
    expect(await readWithdrawalRequestFee(customer)).toEqual({ fee: 2n, value: 3n });
    await expect(requestExit(customer, pubkey(40), { value: 1n })).rejects.toThrow(
      'The fee is now 2 wei, more than the 1 wei offered: quote the fee again',
    );
    const tx = await requestExit(customer, pubkey(40));
    expect(await sentValue(tx.hash)).toBe(3n);
  });

  it('raises the consolidation fee to 2 wei after 14 requests in one block (excess 13)', async () => {
    const sent = [];
    for (let n = 0; n < 14; n++)
      sent.push(await requestConsolidation(customer, pubkey(100 + n), pubkey(200 + n)));
    await Promise.all(sent.map((tx) => tx.waitForSuccess()));
    expect((await systemCall()).consolidations).toHaveLength(2);
    // fake_exponential(1, 13, 17) = (17 + 13 + 4 + 1) // 17 = 2.
    expect(await readConsolidationRequestFee(customer)).toEqual({ fee: 2n, value: 3n });
    expect(await chain.publicClient.getCode({ address: CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS })).toMatch(
      /^0x3373/,
    );
  });
});

describe('a predeploy that cannot quote', { timeout: 60_000 }, () => {
  it('says so when the predeploy does not quote a fee yet (excess inhibitor) or is not there', async () => {
    const set = (method: string, params: unknown[]) =>
      chain.publicClient.request({ method: method as never, params: params as never });
    const slot0: Hex = `0x${'0'.repeat(64)}`;
    const before = await chain.publicClient.getStorageAt({
      address: WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS,
      slot: slot0,
    });
    await set('hardhat_setStorageAt', [WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS, slot0, `0x${'f'.repeat(64)}`]);
    await expect(readWithdrawalRequestFee(customer)).rejects.toThrow(
      new RequestFeeUnavailableError('The withdrawal request contract does not quote a fee yet'),
    );
    await expect(requestExit(customer, pubkey(1))).rejects.toThrow(RequestFeeUnavailableError);
    await set('hardhat_setStorageAt', [WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS, slot0, before]);
    const code = await chain.publicClient.getCode({ address: CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS });
    await set('hardhat_setCode', [CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS, '0x']);
    await expect(readConsolidationRequestFee(customer)).rejects.toThrow(
      'The consolidation request contract is not deployed on chain 88',
    );
    await set('hardhat_setCode', [CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS, code]);
    expect(await readWithdrawalRequestFee(customer)).toMatchObject({ fee: 2n });
  });
});

describe('requests read back from the chain', { timeout: 60_000 }, () => {
  it('reads back each request from the predeploy logs, with its block, time, transaction and log index', async () => {
    // What earlier tests left queued is handed over first (at most 2 consolidations a system call).
    for (let i = 0; i < 10 && !(await readRequestQueuesEmpty(chain.publicClient)).consolidation; i++)
      await systemCall();
    const from = (await chain.publicClient.getBlockNumber()) + 1n;
    expect(await readRequestQueuesEmpty(chain.publicClient)).toEqual({
      withdrawal: true,
      consolidation: true,
    });
    const exit = await requestExit(customer, pubkey(6));
    const partial = await requestPartialWithdrawal(customer, pubkey(7), 1_500_000_000n);
    const merge = await requestConsolidation(customer, pubkey(7), pubkey(8));
    for (const r of [exit, partial, merge]) await r.waitForSuccess();
    // Taken by the predeploys, not yet handed to the beacon chain by a system call.
    expect(await readRequestQueuesEmpty(chain.publicClient)).toEqual({
      withdrawal: false,
      consolidation: false,
    });
    const to = await chain.publicClient.getBlockNumber();
    const logged = await readRequestLogs(chain.publicClient, { fromBlock: from, toBlock: to });
    const source = customer.userAddress.toLowerCase();
    expect(logged.map(({ blockNumber: _b, blockTime: _t, logIndex: _l, ...r }) => r)).toEqual([
      {
        predeploy: 'withdrawal',
        sourceAddress: source,
        validatorPubkey: pubkey(6),
        amountGwei: 0n,
        transactionHash: exit.hash,
      },
      {
        predeploy: 'withdrawal',
        sourceAddress: source,
        validatorPubkey: pubkey(7),
        amountGwei: 1_500_000_000n,
        transactionHash: partial.hash,
      },
      {
        predeploy: 'consolidation',
        sourceAddress: source,
        validatorPubkey: pubkey(7),
        targetPubkey: pubkey(8),
        amountGwei: 0n,
        transactionHash: merge.hash,
      },
    ]);
    for (const r of logged) {
      const receipt = await chain.publicClient.getTransactionReceipt({ hash: r.transactionHash });
      expect(r.blockNumber).toBe(receipt.blockNumber);
      expect(receipt.logs.map((l) => l.logIndex)).toContain(r.logIndex);
      const block = await chain.publicClient.getBlock({ blockNumber: r.blockNumber });
      expect(r.blockTime.getTime()).toBe(Number(block.timestamp) * 1000);
    }
    await systemCall();
    expect(await readRequestQueuesEmpty(chain.publicClient)).toEqual({
      withdrawal: true,
      consolidation: true,
    });
    // The system call's own log is not a request.
    const after = await chain.publicClient.getBlockNumber();
    expect(await readRequestLogs(chain.publicClient, { fromBlock: to + 1n, toBlock: after })).toEqual([]);
  });
});
