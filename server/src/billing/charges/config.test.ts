import { describe, expect, it } from 'vitest';
import { chargesConfig, inTestWorker } from './config.ts';

describe('chargesConfig', () => {
  it('runs every 5 s on the embedded dev chain and every minute elsewhere, warning 7 days ahead', () => {
    expect(chargesConfig({ chainId: 88, mode: 'embedded' }, {})).toEqual({
      warningDays: 7,
      graceDays: 3,
      intervalMs: 5000,
      syncIntervalMs: 5000,
    });
    expect(chargesConfig({ chainId: 1, mode: 'production' }, {})).toEqual({
      warningDays: 7,
      graceDays: 3,
      intervalMs: 60_000,
      syncIntervalMs: 60_000,
    });
  });

  it('takes CREDIT_WARNING_DAYS, CREDIT_GRACE_DAYS, CHARGE_INTERVAL_MS and VALIDATOR_SYNC_INTERVAL_MS, ignoring values that make no sense', () => {
    const env = {
      CREDIT_WARNING_DAYS: '3',
      CREDIT_GRACE_DAYS: '0',
      CHARGE_INTERVAL_MS: '2000',
      VALIDATOR_SYNC_INTERVAL_MS: '30000',
    };
    expect(chargesConfig({ chainId: 1, mode: 'production' }, env)).toEqual({
      warningDays: 3,
      graceDays: 0,
      intervalMs: 2000,
      syncIntervalMs: 30_000,
    });
    const bad = {
      CREDIT_WARNING_DAYS: '-1',
      CREDIT_GRACE_DAYS: '1.5',
      CHARGE_INTERVAL_MS: '10',
      VALIDATOR_SYNC_INTERVAL_MS: 'x',
    };
    expect(chargesConfig({ chainId: 1, mode: 'production' }, bad)).toEqual({
      warningDays: 7,
      graceDays: 3,
      intervalMs: 60_000,
      syncIntervalMs: 60_000,
    });
  });
});

describe('inTestWorker', () => {
  it('is true in a vitest worker and false in a process that only inherited VITEST=true', () => {
    expect(inTestWorker()).toBe(true);
    expect(process.env.VITEST).toBe('true');
    // A server that a journey's global setup spawns has VITEST=true but no worker state.
    expect(inTestWorker({})).toBe(false);
  });
});
