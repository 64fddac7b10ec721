import { describe, expect, it } from 'vitest';
import { decodeDepositJson, ETH_PER_VALIDATOR, GWEI_PER_VALIDATOR, WEI_PER_VALIDATOR } from './deposit.ts';

const entry = {
  pubkey: 'a'.repeat(96),
  withdrawal_credentials: `01${'0'.repeat(22)}${'b'.repeat(40)}`,
  amount: 32_000_000_000,
  signature: 'c'.repeat(192),
  deposit_message_root: 'd'.repeat(64),
  deposit_data_root: 'e'.repeat(64),
  fork_version: '00000000',
  network_name: 'mainnet',
  deposit_cli_version: '2.7.0',
};
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');

describe('validator deposit', () => {
  it('is 32 ETH in every unit', () => {
    expect(ETH_PER_VALIDATOR).toBe(32);
    expect(BigInt(GWEI_PER_VALIDATOR) * 10n ** 9n).toBe(WEI_PER_VALIDATOR);
    expect(WEI_PER_VALIDATOR).toBe(BigInt(ETH_PER_VALIDATOR) * 10n ** 18n);
  });

  it('decodes the first item of DepositJson5', () => {
    expect(decodeDepositJson(b64([entry, { ...entry, pubkey: 'f'.repeat(96) }]))).toEqual(entry);
  });

  it('decodes non-ASCII text as UTF-8', () => {
    expect(decodeDepositJson(b64([{ ...entry, network_name: 'prüf' }])).network_name).toBe('prüf');
  });

  it('refuses an empty array or a non-array', () => {
    expect(() => decodeDepositJson(b64([]))).toThrow('empty deposit data');
    expect(() => decodeDepositJson(b64({ a: 1 }))).toThrow('empty deposit data');
  });
});
