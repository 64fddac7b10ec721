import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

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
      trustProxy: true,
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
});
