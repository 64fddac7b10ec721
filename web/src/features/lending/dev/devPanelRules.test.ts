import { describe, expect, it } from 'vitest';
import { Cache, Decimal } from '@payd/protocol';
import { devPanelAllowed, ftxFaucetUrl, priceForRatio } from './devPanelRules.ts';

describe('devPanelAllowed', () => {
  it('is true only on chain 88 with the dev config and a test price feed', () => {
    expect(devPanelAllowed({ chainId: 88, hasDevConfig: true, testPriceFeed: true })).toBe(true);
    expect(devPanelAllowed({ chainId: 1, hasDevConfig: true, testPriceFeed: true })).toBe(false);
    expect(devPanelAllowed({ chainId: 5, hasDevConfig: true, testPriceFeed: true })).toBe(false);
    expect(devPanelAllowed({ chainId: 88, hasDevConfig: false, testPriceFeed: true })).toBe(false);
    expect(devPanelAllowed({ chainId: 88, hasDevConfig: true, testPriceFeed: false })).toBe(false);
  });
});

describe('priceForRatio', () => {
  it('is the price that puts the cache at the ratio', () => {
    const cache = new Cache(Decimal.from(2), Decimal.from(3000));
    const price = priceForRatio(cache, Decimal.from('1.14'));
    expect(price?.toString()).toBe('1710');
    expect(cache.collateralRatio(price!).toString()).toBe('1.14');
  });
  it('is undefined for an empty cache', () => {
    expect(priceForRatio(new Cache(Decimal.ZERO, Decimal.ZERO), Decimal.ONE)).toBeUndefined();
  });
});

describe('ftxFaucetUrl', () => {
  it('hangs off the ETH faucet', () => {
    expect(ftxFaucetUrl('http://127.0.0.1:8545/faucet')).toBe('http://127.0.0.1:8545/faucet/ftx');
  });
});
