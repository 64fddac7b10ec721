import { describe, expect, it } from 'vitest';
import { bufferedRequestFee, checkRequestValue } from '../reads/readRequestFees.ts';
import {
  checkAmountGwei,
  encodeConsolidationRequest,
  encodeWithdrawalRequest,
  ExecutionRequestInputError,
  fakeExponential,
  normalizeValidatorPubkey,
  requestFeeForExcess,
} from './requestPredeploys.ts';

const PUBKEY = `0x${'ab'.repeat(48)}` as const;
const OTHER = `0x${'cd'.repeat(48)}` as const;

describe('fake_exponential', () => {
  it('gives the values worked out by hand from the EIPs’ loop', () => {
    // (1, 2, 1): 1 + 2 + 2 + 1 = 6; (1, 4, 2): (2 + 4 + 4 + 2 + 1) // 2 = 6.
    expect(fakeExponential(1n, 2n, 1n)).toBe(6n);
    expect(fakeExponential(1n, 4n, 2n)).toBe(6n);
    expect(fakeExponential(0n, 1234n, 2345n)).toBe(0n);
    expect(fakeExponential(38493n, 0n, 1000n)).toBe(38493n);
  });

  it('keeps the request fee at 1 wei up to an excess of 12 and doubles it from 13', () => {
    expect(requestFeeForExcess(0n)).toBe(1n);
    // 17 + 11 + 3 + 0 = 31 // 17 = 1; 17 + 12 + 4 + 0 = 33 // 17 = 1; 17 + 13 + 4 + 1 = 35 // 17 = 2.
    expect(requestFeeForExcess(11n)).toBe(1n);
    expect(requestFeeForExcess(12n)).toBe(1n);
    expect(requestFeeForExcess(13n)).toBe(2n);
    // 17 + 18 + 9 + 3 = 47 // 17 = 2.
    expect(requestFeeForExcess(18n)).toBe(2n);
  });
});

describe('request inputs', () => {
  it('takes 48-byte pubkeys with or without 0x, in any case', () => {
    expect(normalizeValidatorPubkey(PUBKEY.slice(2).toUpperCase())).toBe(PUBKEY);
    expect(() => normalizeValidatorPubkey(`0x${'ab'.repeat(47)}`)).toThrow(
      new ExecutionRequestInputError('Validator public key must be 48 bytes (96 hex characters)'),
    );
    expect(() => normalizeValidatorPubkey(`0x${'zz'.repeat(48)}`)).toThrow(ExecutionRequestInputError);
    expect(() => encodeConsolidationRequest(PUBKEY, '0x1234')).toThrow(
      'Target public key must be 48 bytes (96 hex characters)',
    );
  });

  it('takes uint64 amounts above 0 for a partial withdrawal', () => {
    expect(checkAmountGwei(20_000_000_000)).toBe(20_000_000_000n);
    expect(checkAmountGwei(2n ** 64n - 1n)).toBe(2n ** 64n - 1n);
    expect(() => checkAmountGwei(2n ** 64n)).toThrow(
      'Amount must be between 0 and 18446744073709551615 gwei (uint64)',
    );
    expect(() => checkAmountGwei(-1n)).toThrow(ExecutionRequestInputError);
    expect(() => checkAmountGwei(1.5)).toThrow('Amount must be a whole number of gwei');
    expect(() => checkAmountGwei(0n)).toThrow(
      'Amount must be above 0 gwei (an amount of 0 requests a full exit)',
    );
    expect(checkAmountGwei(0n, true)).toBe(0n);
  });

  it('encodes the calldata the EIPs define', () => {
    expect(encodeWithdrawalRequest(PUBKEY, 0x0102030405060708n)).toBe(`${PUBKEY}0102030405060708`);
    expect(encodeWithdrawalRequest(PUBKEY, 0n)).toBe(`${PUBKEY}${'00'.repeat(8)}`);
    expect(encodeConsolidationRequest(PUBKEY, OTHER)).toBe(`${PUBKEY}${OTHER.slice(2)}`);
  });
});

describe('fee buffer', () => {
  it('adds 50 % rounded up and refuses a value below the live fee', () => {
    expect(bufferedRequestFee(1n)).toBe(2n);
    expect(bufferedRequestFee(10n)).toBe(15n);
    expect(bufferedRequestFee(11n)).toBe(17n);
    expect(checkRequestValue(2n, { fee: 2n, value: 3n })).toBe(2n);
    expect(() => checkRequestValue(1n, { fee: 2n, value: 3n })).toThrow(
      'The fee is now 2 wei, more than the 1 wei offered: quote the fee again',
    );
  });
});
