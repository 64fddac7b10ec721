import { describe, expect, it } from 'vitest';
import { depositAmountMessages } from './deposit.ts';
import { MAX_VALIDATORS_PER_STAKE, prepareDepositsBody, stakeCountMessages } from './prepareDeposits.ts';

const ADDR = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const body = (numberOfValidators: unknown, networkId: unknown = 88) =>
  prepareDepositsBody.safeParse({ walletAddress: ` ${ADDR} `, networkId, numberOfValidators });
const messages = (r: ReturnType<typeof body>) => (r.success ? [] : r.error.issues.map((i) => i.message));

describe('PrepareDeposits body', () => {
  it('takes 1 to 100 validators for an address on a network', () => {
    expect(body(2).data).toEqual({
      walletAddress: ADDR,
      networkId: 88,
      numberOfValidators: 2,
      kind: '0x01',
      amountEth: 32,
    });
    expect(body(MAX_VALIDATORS_PER_STAKE, '17000').data?.networkId).toBe(17000);
  });

  it('refuses a count outside the stake limits with the stake messages', () => {
    expect(messages(body(0))).toEqual([stakeCountMessages.required]);
    expect(messages(body(1.5))).toEqual([stakeCountMessages.required]);
    expect(messages(body('many'))).toEqual([stakeCountMessages.required]);
    expect(messages(body(MAX_VALIDATORS_PER_STAKE + 1))).toEqual(['Validator Count must be at most 100']);
  });

  it('defaults, for a caller that names neither, to 0x01 validators of 32 ETH', () => {
    expect(body(2).data).toMatchObject({ kind: '0x01', amountEth: 32 });
  });

  it('takes 0x02 validators of 32 to 2048 whole ETH, and names amountEth when refused', () => {
    const parse = (extra: Record<string, unknown>) =>
      prepareDepositsBody.safeParse({ walletAddress: ADDR, networkId: 88, numberOfValidators: 1, ...extra });
    expect(parse({ kind: '0x02', amountEth: 64 }).data).toMatchObject({ kind: '0x02', amountEth: 64 });
    expect(parse({ kind: '0x02', amountEth: '2048' }).data?.amountEth).toBe(2048);
    expect(parse({ kind: '0x02' }).data?.amountEth).toBe(32);
    const refused = (extra: Record<string, unknown>) => {
      const r = parse(extra);
      return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
    };
    expect(refused({ kind: '0x02', amountEth: 2049 })).toEqual([
      ['amountEth', depositAmountMessages.compoundingRange],
    ]);
    expect(refused({ kind: '0x02', amountEth: 31 })).toEqual([
      ['amountEth', depositAmountMessages.compoundingRange],
    ]);
    expect(refused({ kind: '0x01', amountEth: 64 })).toEqual([
      ['amountEth', depositAmountMessages.regularAmount],
    ]);
    expect(refused({ kind: '0x02', amountEth: 40.5 })).toEqual([
      ['amountEth', depositAmountMessages.wholeEth],
    ]);
    expect(refused({ kind: '0x03' })).toEqual([['kind', depositAmountMessages.kind]]);
  });

  it('refuses a missing network or address', () => {
    expect(body(1, null).success).toBe(false);
    expect(prepareDepositsBody.safeParse({ networkId: 88, numberOfValidators: 1 }).success).toBe(false);
  });
});
