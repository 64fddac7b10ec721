import { describe, expect, it } from 'vitest';
import { remainingDaysAt } from './topUp.ts';
import { dailyFeeOf, stakeDailyFee, startingEffectiveGwei, validatorDailyFee } from './validatorFee.ts';

const ETH = 1_000_000_000n;

describe('the daily fee per 32 ETH of effective balance', () => {
  it('charges a 32-ETH validator exactly the daily charge, whatever its decimals', () => {
    expect(validatorDailyFee('1', 32n * ETH)).toBe('1.00');
    expect(validatorDailyFee('1.5', 32n * ETH)).toBe('1.50');
    expect(validatorDailyFee('0.37', 32n * ETH)).toBe('0.37');
    // The charge column always rounded CR to the cent half up: so does the fee.
    expect(validatorDailyFee('0.125', 32n * ETH)).toBe('0.13');
  });

  it('charges each multiple of 32 ETH that multiple of the daily charge', () => {
    expect(validatorDailyFee('1.5', 64n * ETH)).toBe('3.00');
    expect(validatorDailyFee('1.5', 2048n * ETH)).toBe('96.00');
    expect(validatorDailyFee('0.37', 2048n * ETH)).toBe('23.68');
  });

  it('charges between multiples pro rata, rounded half up to the cent', () => {
    expect(validatorDailyFee('1', 40n * ETH)).toBe('1.25');
    // 33/32 = 1.03125 → 1.03; 31/32 = 0.96875 → 0.97; 1.5 × 33/32 = 1.546875 → 1.55
    expect(validatorDailyFee('1', 33n * ETH)).toBe('1.03');
    expect(validatorDailyFee('1', 31n * ETH)).toBe('0.97');
    expect(validatorDailyFee('1.5', 33n * ETH)).toBe('1.55');
    expect(validatorDailyFee('1', 0n)).toBe('0.00');
  });

  it('sums a customer’s validators fee by fee', () => {
    expect(dailyFeeOf('1', [32n * ETH, 64n * ETH, 33n * ETH])).toBe('4.03');
    expect(dailyFeeOf('1', [])).toBe('0.00');
  });

  it('quotes a stake by the effective balance its validators start with', () => {
    expect(startingEffectiveGwei('0x01', 32)).toBe(32n * ETH);
    expect(startingEffectiveGwei('0x02', 100)).toBe(100n * ETH);
    expect(startingEffectiveGwei('0x02', 4000)).toBe(2048n * ETH);
    expect(stakeDailyFee('1', 3, '0x01', 32)).toBe('3.00');
    expect(stakeDailyFee('1', 2, '0x02', 64)).toBe('4.00');
    expect(stakeDailyFee('1', 1, '0x02', 2048)).toBe('64.00');
  });

  it('gives the runway at the fee of the effective balances', () => {
    expect(remainingDaysAt('100', dailyFeeOf('1', [64n * ETH]))).toBe(50);
    expect(remainingDaysAt('100', dailyFeeOf('1', [32n * ETH]))).toBe(100);
    expect(remainingDaysAt('100', '0.00')).toBe(0);
  });
});
