import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from './config.ts';

const secret = 'x'.repeat(40);

describe('configuration', () => {
  it('switches to production with DATABASE_URL and then needs secrets and SMTP', () => {
    const prod = {
      DATABASE_URL: 'postgres://db/payd',
      TOKEN_SECRET: secret,
      DATA_KEY: 'k',
      SMTP_URL: 'smtp://mail:587',
    };
    expect(loadConfig(prod)).toMatchObject({
      mode: 'production',
      trustProxy: false,
      smtpUrl: 'smtp://mail:587',
    });
    expect(() => loadConfig({ ...prod, TOKEN_SECRET: '' })).toThrow(/TOKEN_SECRET/);
    expect(() => loadConfig({ ...prod, DATA_KEY: '' })).toThrow(/DATA_KEY/);
    expect(() => loadConfig({ ...prod, SMTP_URL: '' })).toThrow(/SMTP_URL/);
  });

  it('keeps the 5-minute recent sign-in, shortened only on the embedded dev stack', () => {
    const prod = {
      DATABASE_URL: 'postgres://db/payd',
      TOKEN_SECRET: secret,
      DATA_KEY: 'k',
      SMTP_URL: 'smtp://m',
    };
    expect(loadConfig(prod).recentSignInMs).toBe(300_000);
    expect(() => loadConfig({ ...prod, PAYD_DEV_RECENT_SIGN_IN_SECONDS: '60' })).toThrow(
      /embedded dev stack only/,
    );
    const dev = { TOKEN_SECRET: secret, DATA_KEY: 'k' };
    expect(loadConfig(dev).recentSignInMs).toBe(300_000);
    expect(loadConfig({ ...dev, PAYD_DEV_RECENT_SIGN_IN_SECONDS: '60' }).recentSignInMs).toBe(60_000);
    expect(() => loadConfig({ ...dev, PAYD_DEV_RECENT_SIGN_IN_SECONDS: '2' })).toThrow(/at least 10/);
  });

  it('defaults the embedded mode from the environment', () => {
    const c = loadConfig({
      TOKEN_SECRET: secret,
      DATA_KEY: 'k',
      PORT: '9000',
      PUBLIC_RPC_URL: 'http://localhost:8545/',
    });
    expect(c).toMatchObject({
      mode: 'embedded',
      publicUrl: 'http://localhost:9000',
      trustProxy: false,
      chainId: 88,
      devFaucetUrl: 'http://localhost:8545/faucet',
      devTimeUrl: 'http://localhost:8545/dev/time',
      restrictedCountries: ['KP', 'IR', 'CU', 'SY'],
      captchaProvider: 'altcha',
    });
    expect(
      loadConfig({ TOKEN_SECRET: secret, DATA_KEY: 'k', RESTRICTED_COUNTRIES: 'de, fr' }).restrictedCountries,
    ).toEqual(['DE', 'FR']);
    expect(() => loadConfig({ TOKEN_SECRET: secret, DATA_KEY: 'k', CAPTCHA_PROVIDER: 'recaptcha' })).toThrow(
      /RECAPTCHA_SECRET/,
    );
  });

  it('trusts no forwarding header unless TRUST_PROXY names the proxies or their number', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    // `true` would believe the client's own leftmost entry: refused with the forms that work.
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY=1.*TRUST_PROXY=10\.0\.0\.0\/8/);
    expect(() => parseTrustProxy('yes')).toThrow(/every X-Forwarded-For entry/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/10\.0\.0\.0\/33/);
    expect(() => parseTrustProxy('proxy.internal')).toThrow(/proxy\.internal/);
    const base = { TOKEN_SECRET: secret, DATA_KEY: 'k' };
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});
