import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal/Decimal.ts';
import { ruleEnglish, type RuleText } from '../errors/ruleTexts.ts';
import {
  maxRepayment,
  minimumDebtRefusal,
  minimumDebtRule,
  repaymentRefusal,
  repaymentRule,
} from './debtLimits.ts';

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

describe('the refusals as catalogue messages', () => {
  const figures = (rule: RuleText) =>
    Object.fromEntries(Object.entries(rule.values).map(([k, f]) => [k, f.amount.toString()]));

  it('gives each refusal its id and figures, and its English from them', () => {
    const under = minimumDebtRule(d('2210'), d('2209')) as RuleText;
    expect(under.id).toBe('rule.debtUnderMinimum');
    expect(figures(under)).toEqual({ debt: '2210', minimum: '2700', reserve: '200' });
    expect(ruleEnglish(under)).toBe(minimumDebtRefusal(d('2210'), d('2209')));
    const above = repaymentRule(d(5000), d(6000))!;
    expect([above.id, figures(above)]).toEqual(['rule.repayAboveDebt', { debt: '5000', most: '2300' }]);
    const left = repaymentRule(d(5000), d(2500))!;
    expect([left.id, figures(left)]).toEqual([
      'rule.repayUnderMinimum',
      { left: '2500', most: '2300', minimum: '2700', reserve: '200' },
    ]);
    expect(ruleEnglish(left)).toBe(repaymentRefusal(d(5000), d(2500)));
  });
});
