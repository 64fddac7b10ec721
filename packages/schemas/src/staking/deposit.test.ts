import { describe, expect, it } from 'vitest';
import {
  decodeDepositJson,
  depositAmountMessages,
  ETH_PER_VALIDATOR,
  GWEI_PER_VALIDATOR,
  MAX_DEPOSIT_ETH,
  MAX_DEPOSIT_GWEI,
  MIN_ACTIVATION_ETH,
  MIN_DEPOSIT_ETH,
  MIN_DEPOSIT_GWEI,
  newValidatorAmountProblem,
  topUpAmountProblem,
  validatorKindOf,
  WEI_PER_VALIDATOR,
} from './deposit.ts';

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

describe('validator kinds and amounts (issue 25)', () => {
  it('gives a new 0x01 validator exactly 32 ETH and a 0x02 one 32 to 2048 whole ETH', () => {
    expect(newValidatorAmountProblem('0x01', 32)).toBeNull();
    expect(newValidatorAmountProblem('0x01', 64)).toBe(depositAmountMessages.regularAmount);
    expect(newValidatorAmountProblem('0x02', 32)).toBeNull();
    expect(newValidatorAmountProblem('0x02', MAX_DEPOSIT_ETH)).toBeNull();
    expect(newValidatorAmountProblem('0x02', 31)).toBe(depositAmountMessages.compoundingRange);
    expect(newValidatorAmountProblem('0x02', 2049)).toBe(depositAmountMessages.compoundingRange);
    expect(newValidatorAmountProblem('0x02', 40.5)).toBe(depositAmountMessages.wholeEth);
  });

  it('takes a top-up of 1 to 2048 whole ETH', () => {
    expect(topUpAmountProblem(MIN_DEPOSIT_ETH)).toBeNull();
    expect(topUpAmountProblem(2048)).toBeNull();
    expect(topUpAmountProblem(0)).toBe(depositAmountMessages.topUpRange);
    expect(topUpAmountProblem(2049)).toBe(depositAmountMessages.topUpRange);
  });

  it('has the bounds in gwei and reads the kind from the credentials', () => {
    expect(MIN_DEPOSIT_GWEI).toBe(MIN_DEPOSIT_ETH * 1e9);
    expect(MAX_DEPOSIT_GWEI).toBe(MAX_DEPOSIT_ETH * 1e9);
    expect(MIN_ACTIVATION_ETH).toBe(ETH_PER_VALIDATOR);
    expect(validatorKindOf(entry.withdrawal_credentials)).toBe('0x01');
    expect(validatorKindOf(`0x02${'0'.repeat(62)}`)).toBe('0x02');
    expect(validatorKindOf(`00${'0'.repeat(62)}`)).toBeNull();
  });
});
