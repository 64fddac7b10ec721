import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, createWalletClient, http, parseEther, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { WebSocket } from 'ws';
import { startDevnet, type Devnet } from './devnet.ts';
import { DirectoryLockedError } from '@payd/dir-lock';

// A contract whose runtime code returns 42 for any call.
const RUNTIME = '602a60005260206000f3';
const INIT_CODE = `0x600a600c600039600a6000f3${RUNTIME}` as Hex;
// A dev wallet key that starts with nothing (not one of Hardhat's funded accounts).
const WALLET = privateKeyToAccount(`0x${'ab'.repeat(32)}`);

const chain88 = {
  id: 88,
  name: 'payd devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1'] } },
} as const;

async function post(
  url: string,
  body: unknown,
): Promise<{ status: number; json: unknown; headers: Headers }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json(), headers: res.headers };
}

// The chain under test: started by the describe's beforeAll, restarted by the replay test.
let dataDir: string;
let devnet: Devnet;

/** The journal lock, JSON-RPC over HTTP and websocket, refusals and the faucet. */
function rpcTests() {
  it('lets one chain at a time use a journal', async () => {
    const second = await startDevnet({ dataDir, port: 0 }).catch((error: unknown) => error);
    expect(second).toBeInstanceOf(DirectoryLockedError);
    expect((second as Error).message).toContain(`the chain 88 journal ${join(dataDir, 'chain')} is in use`);
  });

  it('answers single and batch JSON-RPC calls with CORS open to browsers', async () => {
    const single = await post(devnet.url, { jsonrpc: '2.0', id: 1, method: 'eth_chainId' });
    expect(single.json).toEqual({ jsonrpc: '2.0', id: 1, result: '0x58' });
    expect(single.headers.get('access-control-allow-origin')).toBe('*');
    const batch = await post(devnet.url, [
      { jsonrpc: '2.0', id: 'a', method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 'b', method: 'no_such_method' },
    ]);
    expect(batch.json).toMatchObject([
      { id: 'a', result: '0x58' },
      { id: 'b', error: { code: expect.any(Number) as unknown } },
    ]);
  });

  it('serves JSON-RPC over a websocket with newHeads subscriptions', async () => {
    const ws = new WebSocket(devnet.url.replace('http', 'ws'));
    const messages: {
      id?: number;
      result?: unknown;
      method?: string;
      params?: { result: { number: string } };
    }[] = [];
    const next = (match: (m: (typeof messages)[number]) => boolean) =>
      new Promise<(typeof messages)[number]>((resolve) => {
        const seen = messages.find(match);
        if (seen) return resolve(seen);
        ws.on('message', (data) => {
          const m = JSON.parse(String(data)) as (typeof messages)[number];
          if (match(m)) resolve(m);
        });
      });
    ws.on('message', (data) => messages.push(JSON.parse(String(data)) as (typeof messages)[number]));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }));
    const subscribed = await next((m) => m.id === 1);
    expect(subscribed.result).toMatch(/^0x/);

    await post(`${devnet.url}/dev/time`, { seconds: 60 });
    const head = await next((m) => m.method === 'eth_subscription');
    expect(Number(head.params!.result.number)).toBeGreaterThan(0);
    ws.close();
  });

  it('refuses calls that would rewrite the journaled history', async () => {
    const reply = await post(devnet.url, { jsonrpc: '2.0', id: 1, method: 'evm_snapshot' });
    expect(reply.json).toMatchObject({
      error: { message: expect.stringContaining('not available') as unknown },
    });
  });

  it('faucet gives a dev wallet 100 ETH and rejects a malformed address', async () => {
    const funded = await post(`${devnet.url}/faucet`, { address: WALLET.address });
    expect(funded.status).toBe(200);
    expect(funded.json).toMatchObject({ balance: parseEther('100').toString() });
    const client = createPublicClient({ chain: chain88, transport: http(devnet.url) });
    expect(await client.getBalance({ address: WALLET.address })).toBe(parseEther('100'));

    const bad = await post(`${devnet.url}/faucet`, { address: '0x1234' });
    expect(bad.status).toBe(400);
  });
}

/** The chain clock, and a restart replaying the journal. */
function clockAndRestartTests() {
  it('advances the chain clock and mines a block at the new time', async () => {
    const before = (await (await fetch(`${devnet.url}/dev/time`)).json()) as {
      now: number;
      blockTimestamp: number;
    };
    const advanced = await post(`${devnet.url}/dev/time`, { seconds: 2 * 86400 });
    expect(advanced.status).toBe(200);
    const after = advanced.json as { now: number; blockTimestamp: number };
    expect(after.blockTimestamp).toBeGreaterThanOrEqual(before.blockTimestamp + 2 * 86400);
    expect((await post(`${devnet.url}/dev/time`, { seconds: -5 })).status).toBe(400);
  });

  it('a restart replays the journal: balances, nonces, code, block hashes and the clock come back', async () => {
    const publicClient = createPublicClient({ chain: chain88, transport: http(devnet.url) });
    const wallet = createWalletClient({ account: WALLET, chain: chain88, transport: http(devnet.url) });
    const deployHash = await wallet.sendTransaction({ data: INIT_CODE });
    const deployed = await publicClient.getTransactionReceipt({ hash: deployHash });
    const contract = deployed.contractAddress!;
    await wallet.sendTransaction({
      to: '0x000000000000000000000000000000000000dEaD',
      value: parseEther('1.5'),
    });
    // A transaction that reverts still takes its block and spends gas.
    await wallet
      .sendTransaction({ to: contract, data: '0x', gas: 21_000n + 1n, value: 0n })
      .catch(() => undefined);
    await post(`${devnet.url}/dev/time`, { seconds: 3600 });

    const snapshot = async (url: string) => {
      const client = createPublicClient({ chain: chain88, transport: http(url) });
      const latest = await client.getBlock({ blockTag: 'latest' });
      const deployBlock = await client.getBlock({ blockNumber: deployed.blockNumber });
      return {
        balance: await client.getBalance({ address: WALLET.address }),
        dead: await client.getBalance({ address: '0x000000000000000000000000000000000000dEaD' }),
        nonce: await client.getTransactionCount({ address: WALLET.address }),
        code: await client.getCode({ address: contract }),
        latest: { number: latest.number, hash: latest.hash, timestamp: latest.timestamp },
        deployBlock: { hash: deployBlock.hash, timestamp: deployBlock.timestamp },
      };
    };
    const before = await snapshot(devnet.url);
    const clockBefore = (await (await fetch(`${devnet.url}/dev/time`)).json()) as { now: number };
    expect(before.code).toBe(`0x${RUNTIME}`);
    expect(before.nonce).toBe(3);

    await devnet.close();
    devnet = await startDevnet({ dataDir, port: 0 });

    expect(devnet.chain.replay.mismatchedBlocks).toBe(0);
    const after = await snapshot(devnet.url);
    expect(after).toEqual(before);
    const clockAfter = (await (await fetch(`${devnet.url}/dev/time`)).json()) as { now: number };
    expect(clockAfter.now).toBeGreaterThanOrEqual(clockBefore.now);
  });
}

// Generous limits: the machines running the suite are often busy, and a restart replays a chain.
describe('devnet chain 88', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'payd-devnet-'));
    devnet = await startDevnet({ dataDir, port: 0 });
  }, 60_000);
  afterAll(async () => {
    await devnet?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  rpcTests();
  clockAndRestartTests();
});
