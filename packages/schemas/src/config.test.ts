import { describe, expect, it } from 'vitest';
import { versionFile, webConfig } from './config.ts';
import { webWalletConfig } from './web/walletConfig.ts';

const good = {
  frontendTag: '0x0000000000000000000000000000000000000000',
  testnetOnly: false,
  chainId: 88,
  chains: { '88': { rpcUrl: 'http://localhost:8545' } },
  buildId: 'b1',
  captcha: { provider: 'altcha' },
};
const wrongPaths = (raw: unknown) => {
  const r = webConfig.safeParse(raw);
  return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
};

describe('web config file', () => {
  it('applies the defaults and keeps only the known keys', () => {
    expect(webConfig.parse({ ...good, extra: 1 })).toEqual({
      ...good,
      chains: { '88': { rpcUrl: 'http://localhost:8545', wsUrl: '', apiBasename: '' } },
      captcha: { provider: 'altcha', siteKey: '' },
      infuraApiKey: '',
      devWS: '',
      devRPC: '',
      account: '',
      storeRefreshInterval: 120,
      beaconUrl: '',
      prdAllowKycOnly: false,
    });
  });
  it('keeps the values given, the dev block included', () => {
    const dev = { faucetUrl: 'f', timeUrl: 't', mailboxUrl: 'm' };
    const c = webConfig.parse({ ...good, storeRefreshInterval: 0, prdAllowKycOnly: true, dev });
    expect(c).toMatchObject({ storeRefreshInterval: 0, prdAllowKycOnly: true, dev });
  });
  it('names every wrong field by its path', () => {
    expect(
      wrongPaths({
        ...good,
        frontendTag: '0x12',
        chainId: 0,
        testnetOnly: 'no',
        storeRefreshInterval: 1.5,
        chains: { '88': { rpcUrl: '' }, '1': 'x' },
        captcha: { provider: 'hcaptcha' },
        dev: { faucetUrl: 'f' },
      }),
    ).toEqual([
      'frontendTag',
      'testnetOnly',
      'chainId',
      'storeRefreshInterval',
      'chains.1', // integer-like keys come first in a JavaScript object
      'chains.88.rpcUrl',
      'captcha.provider',
      'dev.timeUrl',
      'dev.mailboxUrl',
    ]);
    expect(wrongPaths({ ...good, buildId: undefined })).toEqual(['buildId']);
    expect(wrongPaths(null)).toEqual(['']);
    expect(() => webConfig.parse({ ...good, chainId: 'x' })).toThrow('chainId');
  });
});

describe('wallet settings and version file', () => {
  it('reads the contract addresses, {} when absent', () => {
    const ftxToken = '0x' + 'ab'.repeat(20);
    expect(webWalletConfig.parse({ contracts: { ftxToken } })).toEqual({ contracts: { ftxToken } });
    expect(webWalletConfig.parse({})).toEqual({ contracts: {} });
    expect(webWalletConfig.safeParse({ contracts: { multipleDeposit: 'x' } }).success).toBe(false);
  });
  it('reads the build id', () => {
    expect(versionFile.parse({ buildId: 'b2' })).toEqual({ buildId: 'b2' });
    expect(versionFile.safeParse({ buildId: 2 }).success).toBe(false);
  });
});
