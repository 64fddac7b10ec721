import { describe, expect, it } from 'vitest';
import { addDecimals, lastDayOf, rewardRows } from './rewardDetail.ts';

describe('reward statement detail rows', () => {
  it('adds 18-place decimals exactly, signs included', () => {
    expect(addDecimals('0.1', '0.2')).toBe('0.300000000000000000');
    expect(addDecimals('0.000000000000000001', '-0.000000000000000003')).toBe('-0.000000000000000002');
    expect(addDecimals('32.001', '-0.0025')).toBe('31.998500000000000000');
  });

  it('makes a row per validator and a total, rewards being consensus plus fees and MEV', () => {
    const rows = rewardRows({
      validators: [
        {
          validatorId: 3,
          validatorIndex: '41',
          opening: '32',
          consensusRewards: '0.004',
          executionRewards: '0.0012',
          feesRewards: '0.0005',
          mevRewards: '0.0007',
          withdrawals: '0',
          closing: '32.004',
        },
      ],
      total: {
        opening: '32',
        consensusRewards: '0.004',
        executionRewards: '0.0012',
        withdrawals: '0',
        closing: '32.004',
      },
    });
    expect(rows.map((r) => [r.name, r.rewards, r.total])).toEqual([
      ['Validator 41', '0.005200000000000000', false],
      ['All validators', '0.005200000000000000', true],
    ]);
    // Fees and MEV apart, as the dashboard splits them; a statement made before has no split.
    expect(rows.map((r) => [r.consensus, r.fees, r.mev])).toEqual([
      ['0.004', '0.0005', '0.0007'],
      ['0.004', null, null],
    ]);
    expect(lastDayOf('2028-02-01')).toBe('2028-02-29');
  });
});
