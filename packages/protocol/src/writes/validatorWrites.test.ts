// The pure parts of the stake screen's batch deposit: deposit data file entries as batch entries, the
// value of a batch of mixed amounts, and the texts of MultipleDeposit's refusals.
import { depositAmountMessages } from '@payd/schemas/deposit';
import { describe, expect, it } from 'vitest';
import type { ProtocolConnection } from '../connection/connection.ts';
import {
  depositValidatorBatch,
  MULTIPLE_DEPOSIT_ERROR_TEXTS,
  toValidatorBatchDeposit,
  validatorBatchValue,
  type ValidatorBatchDeposit,
} from './validatorWrites.ts';

const ETH = 10n ** 18n;
const entry = (amount: number) => ({
  pubkey: 'AB'.repeat(48),
  withdrawal_credentials: `02${'00'.repeat(31)}`,
  signature: '0xcd'.padEnd(194, 'cd'),
  deposit_data_root: 'ef'.repeat(32),
  amount,
});
const batch = (...eth: bigint[]): ValidatorBatchDeposit[] =>
  eth.map((e) => ({ ...toValidatorBatchDeposit(entry(1e9)), amount: e }));

describe('validator batch deposits', () => {
  it('takes deposit data file entries, amount in gwei, as entries with the amount in wei', () => {
    expect(toValidatorBatchDeposit(entry(64_000_000_000))).toEqual({
      pubkey: `0x${'ab'.repeat(48)}`,
      withdrawal_credentials: `0x02${'00'.repeat(31)}`,
      signature: `0x${'cd'.repeat(96)}`,
      deposit_data_root: `0x${'ef'.repeat(32)}`,
      amount: 64n * ETH,
    });
    expect(toValidatorBatchDeposit({ ...entry(0), amount: '2048000000000' }).amount).toBe(2048n * ETH);
  });

  it('sends the sum of mixed amounts', () => {
    expect(validatorBatchValue(batch(32n * ETH, 64n * ETH, ETH, 2048n * ETH))).toBe(2145n * ETH);
  });

  it('refuses before any wallet is asked what MultipleDeposit would refuse', () => {
    expect(() => validatorBatchValue([])).toThrow(RangeError);
    expect(() => validatorBatchValue(batch(32n * ETH, ETH - 1n))).toThrow(
      `Deposit 1 is 0.999999999999999999 ETH. ${depositAmountMessages.topUpRange}`,
    );
    expect(() => validatorBatchValue(batch(2049n * ETH))).toThrow(/between 1 and 2048 ETH/);
    expect(() => validatorBatchValue(batch(32n * ETH + 1n))).toThrow(
      'Deposit 0 is not a whole number of gwei',
    );
  });

  it("words MultipleDeposit's refusals", () => {
    expect(MULTIPLE_DEPOSIT_ERROR_TEXTS.WrongValue!([96n * ETH, 64n * ETH])).toBe(
      'Send exactly 96 ETH (64 ETH was sent)',
    );
    expect(MULTIPLE_DEPOSIT_ERROR_TEXTS.AmountOutOfRange!([2n, 2049n * ETH, ETH, 2048n * ETH])).toBe(
      `Deposit 2 is 2049 ETH. ${depositAmountMessages.topUpRange}`,
    );
    expect(MULTIPLE_DEPOSIT_ERROR_TEXTS.TooManyDeposits!([101n, 100n])).toBe(
      'At most 100 deposits fit in one transaction (this one has 101)',
    );
  });

  it('needs a signer', () => {
    const connection = {
      kind: 'readOnly',
      chainId: 88,
      deployment: { addresses: {} },
    } as unknown as ProtocolConnection;
    expect(() => depositValidatorBatch(connection, batch(32n * ETH))).toThrow(
      'Must be connected through a Signer',
    );
  });
});
