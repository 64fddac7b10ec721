import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_CLIENT_ACTIONS, createProtocolReadClient } from './readClient.ts';
import type { ProtocolDeployment } from './deployment.ts';

const SRC = join(import.meta.dirname, '..');

/** Every non-test source file of the package. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The methods the sources call on a public client (`publicClient.x(` or `client.x(`). */
function calledMethods(): Set<string> {
  const names = new Set<string>();
  for (const file of sources(SRC))
    for (const m of readFileSync(file, 'utf8').matchAll(/\b(?:publicClient|client)\??\.(\w+)\(/g))
      names.add(m[1]!);
  return names;
}

describe('createProtocolReadClient', () => {
  it('carries every action the package calls on a public client', () => {
    const called = [...calledMethods()].filter((n) => n !== 'request' && n !== 'extend');
    expect(called.length).toBeGreaterThan(5);
    const missing = called.filter((n) => !(n in READ_CLIENT_ACTIONS));
    expect(missing).toEqual([]);
  });

  describe('over HTTP', () => {
    let server: Server;
    let url = '';
    const methods: string[] = [];
    beforeAll(async () => {
      server = createServer((req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => {
          const { id, method } = JSON.parse(body) as { id: number; method: string };
          methods.push(method);
          const result = method === 'eth_chainId' ? '0x58' : '0x2a';
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ jsonrpc: '2.0', id, result }));
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const address = server.address();
      url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it('asks the node through its transport and reports each request', async () => {
      const deployment = { chainId: 88, addresses: {} } as unknown as ProtocolDeployment;
      const seen: string[] = [];
      const client = createProtocolReadClient({
        deployment,
        rpcUrl: url,
        onFetchRequest: (r) => seen.push(r.url),
      });
      expect(await client.getChainId()).toBe(88);
      expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(42n);
      expect(methods).toEqual(['eth_chainId', 'eth_blockNumber']);
      expect(seen).toHaveLength(2);
      // what the full client carries and the read client does not
      expect('verifyMessage' in client).toBe(false);
    });
  });
});
