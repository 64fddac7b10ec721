// The EIP-7002 / EIP-7251 predeploys on a real chain 88 and the emulated end-of-block system call:
// fees as fake_exponential gives them, requests dequeued once each with their sender, across a restart.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  concat,
  createPublicClient,
  createWalletClient,
  hexToBigInt,
  http,
  numberToHex,
  parseEther,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { startDevnet, type Devnet } from '../devnet.ts';
import {
  CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS,
  processExecutionRequests,
  readExecutionRequests,
  SYSTEM_ADDRESS,
  WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS,
  type ExecutionRequests,
} from './executionRequests.ts';
import {
  CONSOLIDATION_REQUEST_PREDEPLOY_CODE,
  SYSTEM_CALLER_CODE,
  WITHDRAWAL_REQUEST_PREDEPLOY_CODE,
} from './systemContracts.ts';

const WALLET = privateKeyToAccount(`0x${'a7'.repeat(32)}`);
const OTHER = privateKeyToAccount(`0x${'b8'.repeat(32)}`);
const chain88 = {
  id: 88,
  name: 'payd devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1'] } },
} as const;

/** A distinct 48-byte pubkey per n. */
const pubkey = (n: number): Hex => `0x${n.toString(16).padStart(2, '0').repeat(48)}`;
const amountBytes = (gwei: bigint): Hex => numberToHex(gwei, { size: 8 });

let dataDir: string;
let devnet: Devnet;
let client: PublicClient;

async function start(): Promise<void> {
  devnet = await startDevnet({ dataDir, port: 0 });
  client = createPublicClient({ chain: chain88, transport: http(devnet.url) });
}

function walletOf(account = WALLET) {
  return createWalletClient({ account, chain: chain88, transport: http(devnet.url) });
}

/** The fee an empty eth_call to the predeploy quotes, in wei. */
async function fee(predeploy: Hex): Promise<bigint> {
  const { data } = await client.call({ to: predeploy, data: '0x' });
  return hexToBigInt(data!);
}

/** Sends a transaction; Hardhat mines a reverting one and then answers with an error. */
async function send(to: Hex, data: Hex, value: bigint, account = WALLET): Promise<'success' | 'reverted'> {
  const before = await client.getBlockNumber({ cacheTime: 0 });
  try {
    const hash = await walletOf(account).sendTransaction({ to, data, value, gas: 200_000n });
    return (await client.waitForTransactionReceipt({ hash })).status;
  } catch (error) {
    const details = (error as { details?: string }).details ?? '';
    if (!details.includes('reverted') || (await client.getBlockNumber({ cacheTime: 0 })) !== before + 1n)
      throw error;
    return 'reverted';
  }
}

const requestWithdrawal = (n: number, gwei: bigint, value = 1n) =>
  send(WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS, concat([pubkey(n), amountBytes(gwei)]), value);
const requestConsolidation = (source: number, target: number, value = 1n) =>
  send(CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS, concat([pubkey(source), pubkey(target)]), value);

/** fake_exponential of EIP-7002 / EIP-7251, written out for the test's own cross-check. */
function fakeExponential(factor: bigint, numerator: bigint, denominator: bigint): bigint {
  let output = 0n;
  let accum = factor * denominator;
  for (let i = 1n; accum > 0n; i++) {
    output += accum;
    accum = (accum * numerator) / (denominator * i);
  }
  return output / denominator;
}

const dequeued: ExecutionRequests = { withdrawals: [], consolidations: [] };
async function systemCall(): Promise<ExecutionRequests> {
  const result = await processExecutionRequests(client);
  dequeued.withdrawals.push(...result.withdrawals);
  dequeued.consolidations.push(...result.consolidations);
  return result;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'payd-requests-'));
  await start();
  await devnet.chain.fund(WALLET.address, parseEther('10'));
  await devnet.chain.fund(OTHER.address, parseEther('10'));
}, 60_000);

afterAll(async () => {
  await devnet?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the Prague system contracts on chain 88', () => {
  it('carries the EIPs’ runtime code at the mainnet addresses and runs Prague', async () => {
    expect(await client.getCode({ address: WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS })).toBe(
      WITHDRAWAL_REQUEST_PREDEPLOY_CODE,
    );
    expect(await client.getCode({ address: CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS })).toBe(
      CONSOLIDATION_REQUEST_PREDEPLOY_CODE,
    );
    expect(await client.getCode({ address: SYSTEM_ADDRESS })).toBe(SYSTEM_CALLER_CODE);
    // Prague blocks carry EIP-7685's requests hash.
    const block = (await client.request({ method: 'eth_getBlockByNumber', params: ['latest', false] })) as {
      requestsHash?: Hex;
    };
    expect(block.requestsHash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('quotes 1 wei on empty queues and reverts a request paying less', async () => {
    expect(await fee(WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS)).toBe(1n);
    expect(await fee(CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS)).toBe(1n);
    expect(await requestWithdrawal(1, 0n, 0n)).toBe('reverted');
    expect(await requestConsolidation(1, 2, 0n)).toBe('reverted');
    // Nothing queued, so the system call has nothing to do and mines nothing.
    const before = await client.getBlockNumber({ cacheTime: 0 });
    expect(await systemCall()).toEqual({ withdrawals: [], consolidations: [] });
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(before);
  });

  it('lets nobody but SYSTEM_ADDRESS itself run the system caller', async () => {
    await requestWithdrawal(9, 0n);
    expect(await send(SYSTEM_ADDRESS, '0x', 0n, OTHER)).toBe('reverted');
    const result = await systemCall();
    expect(result.withdrawals.map((w) => w.validatorPubkey)).toEqual([pubkey(9)]);
  });

  it('dequeues each request with its sender, pubkey and amount in the system call’s block', async () => {
    const amount = 0x0102030405060708n; // its little-endian encoding in the queue must come back right
    expect(await requestWithdrawal(1, amount)).toBe('success');
    expect(await requestWithdrawal(2, 0n)).toBe('success');
    expect(await requestConsolidation(3, 4)).toBe('success');
    const result = await systemCall();
    const blockNumber = await client.getBlockNumber({ cacheTime: 0 });
    const source = WALLET.address.toLowerCase();
    expect(result).toEqual({
      withdrawals: [
        { sourceAddress: source, validatorPubkey: pubkey(1), amount, blockNumber },
        { sourceAddress: source, validatorPubkey: pubkey(2), amount: 0n, blockNumber },
      ],
      consolidations: [
        { sourceAddress: source, sourcePubkey: pubkey(3), targetPubkey: pubkey(4), blockNumber },
      ],
    });
    expect(await readExecutionRequests(client, { fromBlock: blockNumber, toBlock: blockNumber })).toEqual(
      result,
    );
    // Two withdrawals and one consolidation are the targets: the fees stay at 1 wei.
    expect(await fee(WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS)).toBe(1n);
    expect(await fee(CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS)).toBe(1n);
    expect(await systemCall()).toEqual({ withdrawals: [], consolidations: [] });
  });

  it('raises the withdrawal fee past the target of 2 as fake_exponential says and dequeues 16 a block', async () => {
    for (let n = 10; n < 30; n++) expect(await requestWithdrawal(n, BigInt(n))).toBe('success');
    const first = await systemCall();
    expect(first.withdrawals.map((w) => w.validatorPubkey)).toEqual(
      Array.from({ length: 16 }, (_, i) => pubkey(10 + i)),
    );
    // excess = 0 + 20 - 2 = 18; fake_exponential(1, 18, 17): 17 + 18 + 9 + 3 = 47, // 17 = 2 wei.
    expect(fakeExponential(1n, 18n, 17n)).toBe(2n);
    expect(await fee(WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS)).toBe(2n);
    expect(await requestWithdrawal(40, 1n, 1n)).toBe('reverted');
  });

  it('raises the consolidation fee past the target of 1 and dequeues 2 a block', async () => {
    for (let n = 0; n < 14; n++) expect(await requestConsolidation(100 + n, 200 + n)).toBe('success');
    const first = await systemCall();
    expect(first.consolidations.map((c) => c.sourcePubkey)).toEqual([pubkey(100), pubkey(101)]);
    // excess = 0 + 14 - 1 = 13; fake_exponential(1, 13, 17): 17 + 13 + 4 + 1 = 35, // 17 = 2 wei.
    expect(fakeExponential(1n, 13n, 17n)).toBe(2n);
    expect(await fee(CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS)).toBe(2n);
    expect(await requestConsolidation(150, 151, 1n)).toBe('reverted');
  });

  it('comes back identical after a restart and dequeues nothing twice', async () => {
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const before = await readExecutionRequests(client, { fromBlock: 0n, toBlock: 'latest' });
    expect(before).toEqual(dequeued);
    await devnet.close();
    await start();
    expect(devnet.chain.replay.mismatchedBlocks).toBe(0);
    expect(await readExecutionRequests(client, { fromBlock: 0n, toBlock: head })).toEqual(before);
    expect(await client.getCode({ address: WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS })).toBe(
      WITHDRAWAL_REQUEST_PREDEPLOY_CODE,
    );
    // Drain what is still queued: 4 withdrawals, 12 consolidations (2 a call).
    while ((await systemCall()).consolidations.length > 0);
    const all = await readExecutionRequests(client, { fromBlock: 0n, toBlock: 'latest' });
    expect(all).toEqual(dequeued);
    const withdrawals = all.withdrawals.map((w) => w.validatorPubkey);
    expect(new Set(withdrawals).size).toBe(withdrawals.length);
    expect(withdrawals).toEqual([9, 1, 2, ...Array.from({ length: 20 }, (_, i) => 10 + i)].map(pubkey));
    const sources = all.consolidations.map((c) => c.sourcePubkey);
    expect(sources).toEqual([3, ...Array.from({ length: 14 }, (_, i) => 100 + i)].map(pubkey));
  }, 60_000);
});

describe('system calls racing requests', () => {
  it('loses nothing and returns nothing twice while requests land during system calls', async () => {
    const from = (await client.getBlockNumber({ cacheTime: 0 })) + 1n;
    const racing = async (account: typeof WALLET, first: number) => {
      for (let n = first; n < first + 12; n++)
        await send(WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS, concat([pubkey(n), amountBytes(0n)]), 10n, account);
    };
    const calls = async () => {
      for (let i = 0; i < 12; i++) await systemCall();
    };
    await Promise.all([racing(WALLET, 50), racing(OTHER, 70), calls(), calls()]);
    while ((await systemCall()).withdrawals.length > 0);
    const seen = (await readExecutionRequests(client, { fromBlock: from, toBlock: 'latest' })).withdrawals;
    const sent = [
      ...Array.from({ length: 12 }, (_, i) => 50 + i),
      ...Array.from({ length: 12 }, (_, i) => 70 + i),
    ];
    expect(seen.map((w) => w.validatorPubkey).sort()).toEqual(sent.map(pubkey).sort());
    const other = seen.filter((w) => w.sourceAddress === OTHER.address.toLowerCase());
    expect(other.map((w) => w.validatorPubkey)).toEqual(Array.from({ length: 12 }, (_, i) => pubkey(70 + i)));
  }, 60_000);
});

describe('a journal recorded before chain 88 ran Prague', () => {
  it('replays under Cancun, gets the system contracts at its end, and then replays exactly', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payd-cancun-'));
    try {
      mkdirSync(join(dir, 'chain'));
      const genesisTimestamp = Math.floor(Date.now() / 1000) - 60;
      writeFileSync(join(dir, 'chain', 'genesis.json'), JSON.stringify({ chainId: 88, genesisTimestamp }));
      for (let round = 0; round < 2; round++) {
        const old = await startDevnet({ dataDir: dir, port: 0 });
        try {
          expect(old.chain.replay.mismatchedBlocks).toBe(0);
          const latest = (await old.chain.request({
            method: 'eth_getBlockByNumber',
            params: ['latest', false],
          })) as { requestsHash?: Hex };
          expect(latest.requestsHash).toBeUndefined();
          const code = await old.chain.request({
            method: 'eth_getCode',
            params: [WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS, 'latest'],
          });
          expect(code).toBe(WITHDRAWAL_REQUEST_PREDEPLOY_CODE);
          if (round === 0) await old.chain.fund(WALLET.address, 1n);
        } finally {
          await old.close();
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
