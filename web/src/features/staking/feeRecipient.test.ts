import { describe, expect, it } from 'vitest';
import { feeRecipientOf, proposerConfig, proposerConfigFileName } from './feeRecipient.ts';

const KEY = `0x${'ab'.repeat(48)}`;
const ADDRESS = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

describe('fee recipient of a validator', () => {
  it('reads the recorded address, in lower case, and nothing else', () => {
    expect(feeRecipientOf({ FeeRecipient5: ADDRESS })).toBe(ADDRESS.toLowerCase());
    expect(feeRecipientOf({ FeeRecipient5: null })).toBeNull();
    expect(feeRecipientOf({ FeeRecipient5: '0x1234' })).toBeNull();
  });

  it('exports the proposer configuration a validator client takes, named after the validator', () => {
    const v = { PubKey5: KEY, FeeRecipient5: ADDRESS, ValidatorIndex5: 12 };
    expect(proposerConfig(v)).toEqual({
      proposer_config: { [KEY]: { fee_recipient: ADDRESS.toLowerCase() } },
      default_config: { fee_recipient: ADDRESS.toLowerCase() },
    });
    expect(proposerConfigFileName(v)).toBe('proposer_config-12.json');
    expect(proposerConfigFileName({ PubKey5: KEY })).toBe('proposer_config-abababab.json');
    expect(proposerConfig({ PubKey5: KEY })).toBeNull();
  });
});
