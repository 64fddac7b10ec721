import { describe, expect, it } from 'vitest';
import { addDecimals, lastDayOf, rewardRows, type RewardRow } from './rewardDetail.ts';

/** opening + deposits + rewards - withdrawals, as the page's columns read. */
const sumOf = (r: RewardRow) =>
  addDecimals(
    addDecimals(addDecimals(r.opening, r.deposits), r.rewards),
    `-${r.withdrawals}`.replace('--', ''),
  );

describe('reward statement detail rows', () => {
  it('adds 18-place decimals exactly, signs included', () => {
    expect(addDecimals('0.1', '0.2')).toBe('0.300000000000000000');
    expect(addDecimals('0.000000000000000001', '-0.000000000000000003')).toBe('-0.000000000000000002');
    expect(addDecimals('32.001', '-0.0025')).toBe('31.998500000000000000');
  });

  it('makes a row per validator and a total, fees and MEV beside the consensus rewards', () => {
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
    expect(rows.map((r) => [r.name, r.rewards, r.executionRewards, r.total])).toEqual([
      ['Validator 41', '0.004000000000000000', '0.001200000000000000', false],
      ['All validators', '0.004000000000000000', '0.001200000000000000', true],
    ]);
    // Fees and MEV apart, as the dashboard splits them; a statement made before has no split.
    expect(rows.map((r) => [r.fees, r.mev])).toEqual([
      ['0.0005', '0.0007'],
      [null, null],
    ]);
    expect(lastDayOf('2028-02-01')).toBe('2028-02-29');
  });

  it('adds up on every row: opening + deposits + rewards - withdrawals = closing', () => {
    // The walk's month: 32 ETH deposited, 0.00763554 consensus and 0.00264 fees and MEV earned,
    // 0.00784258 withdrawn; the page read 0 + 0.01027554 - 0.00784258 = 31.99979296.
    const v = {
      opening: '0',
      deposits: '32',
      consensusRewards: '0.00763554',
      executionRewards: '0.00264',
      withdrawals: '-0.00784258',
      closing: '31.99979296',
    };
    const rows = rewardRows({
      validators: [{ validatorId: 1, validatorIndex: '7', ...v }],
      total: v,
    });
    for (const r of rows) {
      expect([r.deposits, r.rewards, r.withdrawals]).toEqual([
        '32',
        '0.007635540000000000',
        '0.007842580000000000',
      ]);
      expect(sumOf(r)).toBe(addDecimals(r.closing, '0'));
      expect(r.executionRewards).toBe('0.002640000000000000');
    }
  });
});
