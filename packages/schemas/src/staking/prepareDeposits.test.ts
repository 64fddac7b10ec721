import { describe, expect, it } from 'vitest';
import { MAX_VALIDATORS_PER_STAKE, prepareDepositsBody, stakeCountMessages } from './prepareDeposits.ts';

const ADDR = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const body = (numberOfValidators: unknown, networkId: unknown = 88) =>
  prepareDepositsBody.safeParse({ walletAddress: ` ${ADDR} `, networkId, numberOfValidators });
const messages = (r: ReturnType<typeof body>) => (r.success ? [] : r.error.issues.map((i) => i.message));

describe('PrepareDeposits body', () => {
  it('takes 1 to 100 validators for an address on a network', () => {
    expect(body(2).data).toEqual({ walletAddress: ADDR, networkId: 88, numberOfValidators: 2 });
    expect(body(MAX_VALIDATORS_PER_STAKE, '17000').data?.networkId).toBe(17000);
  });

  it('refuses a count outside the stake limits with the stake messages', () => {
    expect(messages(body(0))).toEqual([stakeCountMessages.required]);
    expect(messages(body(1.5))).toEqual([stakeCountMessages.required]);
    expect(messages(body('many'))).toEqual([stakeCountMessages.required]);
    expect(messages(body(MAX_VALIDATORS_PER_STAKE + 1))).toEqual(['Validator Count must be at most 100']);
  });

  it('refuses a missing network or address', () => {
    expect(body(1, null).success).toBe(false);
    expect(prepareDepositsBody.safeParse({ networkId: 88, numberOfValidators: 1 }).success).toBe(false);
  });
});
