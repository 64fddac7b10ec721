import { describe, expect, it } from 'vitest';
import { loadConfig, apiBaseOf } from './config.ts';

const good = {
  frontendTag: '0x0000000000000000000000000000000000000000',
  testnetOnly: false,
  chainId: 88,
  chains: { '88': { rpcUrl: 'http://localhost:8545', apiBasename: '' } },
  buildId: 'b1',
  captcha: { provider: 'altcha' },
};
const serve = (body: unknown, status = 200) =>
  (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('config file', () => {
  it('type-checks the file and applies defaults', async () => {
    const c = await loadConfig(serve(good));
    expect(c.storeRefreshInterval).toBe(120);
    expect(apiBaseOf(c)).toBe('');
  });
  it('names the fields that are wrong', async () => {
    await expect(loadConfig(serve({ ...good, chainId: 'x', testnetOnly: 1 }))).rejects.toThrow(
      /chainId.*testnetOnly|testnetOnly.*chainId/,
    );
  });
  it('says when the file cannot be loaded', async () => {
    await expect(loadConfig(serve({}, 404))).rejects.toThrow('The configuration could not be loaded (404)');
  });
});
