import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal/Decimal.ts';
import { maxRepayment, minimumDebtRefusal, repaymentRefusal } from './debtLimits.ts';

const d = (v: string | number) => Decimal.from(v);

describe('minimumDebtRefusal', () => {
  it('says a debt under the minimum now is too small, without a word of minutes', () => {
    expect(minimumDebtRefusal(d('2210'), d('2209'))).toBe(
      'The debt would be 2,210.00 PAYD, under the minimum of 2,700.00 PAYD (the 200 PAYD liquidation reserve and the fee included): borrow more.',
    );
  });
  it("gives the spec's message only when the decaying fee takes it under within the minutes", () => {
    expect(minimumDebtRefusal(d('2701'), d('2699.5'))).toBe(
      "Cache's debt might fall below 2700 within 10 minutes",
    );
    expect(minimumDebtRefusal(d('2701'), d('2700'))).toBeUndefined();
  });
});

describe('repaymentRefusal', () => {
  it('refuses more than the debt, naming the debt and the most that can be repaid', () => {
    expect(repaymentRefusal(d(5000), d(6000))).toBe(
      'That is more than the debt of your cache, 5,000.00 PAYD. You can repay at most 2,300.00 PAYD and keep the cache, or close it to repay all of it.',
    );
  });
  it('refuses what would leave the debt under the minimum', () => {
    expect(repaymentRefusal(d(5000), d(2500))).toBe(
      'That would leave a debt of 2,500.00 PAYD, under the minimum of 2,700.00 PAYD (the 200 PAYD liquidation reserve and the fee included). You can repay at most 2,300.00 PAYD and keep the cache, or close it to repay all of it.',
    );
  });
  it('takes a repayment down to the minimum', () => {
    expect(repaymentRefusal(d(5000), d(2300))).toBeUndefined();
    expect(maxRepayment(d(5000)).toString()).toBe('2300');
    expect(maxRepayment(d(2700)).isZero).toBe(true);
  });
});
