// The pure parts of the pool writes: the ETH a deposit sends, the withdrawal credentials the pool
// accepts, deposit data from a deposit data file, and the validator status enumeration.
import { describe, expect, it } from 'vitest';
import type { ProtocolConnection } from '../connection/connection.ts';
import {
  depositFETH,
  depositMultipleValidators,
  poolWithdrawalCredentials,
  reportPoolRewards,
  toValidatorDepositData,
  validatorDepositValue,
} from './poolWrites.ts';
import {
  POOL_VALIDATOR_STATUSES,
  poolValidatorStatusFromNumber,
  poolValidatorStatusNumber,
} from '../reads/readPool.ts';

const anonymousConnection = () =>
  ({ kind: 'readOnly', chainId: 88, deployment: { addresses: {} } }) as unknown as ProtocolConnection;

describe('pool writes', () => {
  it('sends exactly count x 32 ETH', () => {
    expect(validatorDepositValue(0)).toBe(0n);
    expect(validatorDepositValue(1)).toBe(32n * 10n ** 18n);
    expect(validatorDepositValue(10)).toBe(320n * 10n ** 18n);
    for (const bad of [-1, 1.5, Number.NaN, Infinity])
      expect(() => validatorDepositValue(bad)).toThrow(RangeError);
  });

  it("builds the pool's 0x01 withdrawal credentials", () => {
    const pool = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
    const credentials = poolWithdrawalCredentials(pool);
    expect(credentials).toBe(`0x01${'00'.repeat(11)}5fbdb2315678afecb367f032d93f642f64180aa3`);
    expect((credentials.length - 2) / 2).toBe(32);
  });

  it('takes deposit data file entries with or without 0x', () => {
    const entry = {
      pubkey: 'AB'.repeat(48),
      withdrawal_credentials: `0x01${'00'.repeat(31)}`,
      signature: 'cd'.repeat(96),
      deposit_data_root: 'ef'.repeat(32),
      amount: 32_000_000_000,
    };
    expect(toValidatorDepositData(entry)).toEqual({
      pubkey: `0x${'ab'.repeat(48)}`,
      withdrawal_credentials: `0x01${'00'.repeat(31)}`,
      signature: `0x${'cd'.repeat(96)}`,
      deposit_data_root: `0x${'ef'.repeat(32)}`,
    });
  });

  it('needs a signer', () => {
    const connection = anonymousConnection();
    expect(() => depositMultipleValidators(connection, 1)).toThrow('Must be connected through a Signer');
    expect(() => depositFETH(connection, 1)).toThrow('Must be connected through a Signer');
    expect(() => reportPoolRewards(connection, { stakingRewards: 1n, miningRewards: 0n })).toThrow(
      'Must be connected through a Signer',
    );
  });

  it("names the validator statuses in the contract's order", () => {
    expect(POOL_VALIDATOR_STATUSES).toEqual(['None', 'Added', 'Staked', 'Exiting', 'Exited', 'Removed']);
    for (const status of POOL_VALIDATOR_STATUSES) {
      expect(poolValidatorStatusFromNumber(poolValidatorStatusNumber(status))).toBe(status);
    }
    expect(poolValidatorStatusFromNumber(3n)).toBe('Exiting');
    expect(() => poolValidatorStatusFromNumber(6)).toThrow(RangeError);
  });
});
