// The config names and mainnet values against consensus-specs presets/mainnet (phase0.yaml,
// electra.yaml) and configs/mainnet.yaml, and the /eth/v1/config/spec round trip.
import { describe, expect, it } from 'vitest';
import { configFromSpec, configToSpec, MAINNET_CONFIG } from './config.ts';

describe('ConsensusConfig', () => {
  it('holds mainnet Electra values', () => {
    expect(MAINNET_CONFIG).toMatchObject({
      SLOTS_PER_EPOCH: 32n,
      MIN_ACTIVATION_BALANCE: 32_000_000_000n,
      MAX_EFFECTIVE_BALANCE_ELECTRA: 2_048_000_000_000n,
      MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA: 128_000_000_000n,
      MAX_PER_EPOCH_ACTIVATION_EXIT_CHURN_LIMIT: 256_000_000_000n,
      MAX_PENDING_DEPOSITS_PER_EPOCH: 16n,
      MAX_PENDING_PARTIALS_PER_WITHDRAWALS_SWEEP: 8n,
      PENDING_CONSOLIDATIONS_LIMIT: 262_144n,
    });
  });

  it('reads back what a node serves, keeps mainnet values for names it omits, refuses non-decimals', () => {
    const served = { ...configToSpec(MAINNET_CONFIG), SLOTS_PER_EPOCH: '8', CONFIG_NAME: 'x' };
    expect(served.MIN_ACTIVATION_BALANCE).toBe('32000000000');
    expect(configFromSpec(served)).toEqual({ ...MAINNET_CONFIG, SLOTS_PER_EPOCH: 8n });
    expect(configFromSpec({})).toEqual(MAINNET_CONFIG);
    expect(() => configFromSpec({ SLOTS_PER_EPOCH: '0x20' })).toThrow(/SLOTS_PER_EPOCH/);
  });
});
