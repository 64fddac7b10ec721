import {
  Cache,
  Decimal,
  StabilityDeposit,
  rewardsPoolWithdrawal,
  type RewardsPoolHistory,
} from '@payd/protocol';
import { describe, expect, it } from 'vitest';
import { actionLabel, depositAfter, poolView, withdrawalBlockText, writeAmount } from './poolRules.ts';

const d = (v: string) => Decimal.from(v);
const deposit = new StabilityDeposit({
  initialPAYD: d('5000'),
  currentPAYD: d('4000'),
  collateralGain: d('0.5'),
});

describe('poolView', () => {
  it('shows the deposit, what liquidations used, the gain and its value, and the share', () => {
    const v = poolView(deposit, d('16000'), d('2400'));
    expect(v.deposited.toString()).toBe('4000');
    expect(v.gainValue.toString()).toBe('1200');
    expect(v.share.toPercent()).toBe('25.0%');
    expect(v.hasDeposit).toBe(true);
  });
  it('has a zero share of an empty pool and no deposit when empty', () => {
    const v = poolView(new StabilityDeposit(), Decimal.ZERO, d('2000'));
    expect(v.share.isZero).toBe(true);
    expect(v.hasDeposit).toBe(false);
  });
  it('takes rewards earned, PAYD used and the APR from the history, not from the last deposit change', () => {
    const now = Date.UTC(2026, 10, 28);
    const history: RewardsPoolHistory = {
      rewardsEarned: d('0.25'),
      pastLiquidationLoss: d('300'),
      rewards: [{ timestamp: now - 86_400_000, ethPerPAYD: d('0.000001') }],
    };
    const v = poolView(deposit, d('16000'), d('3000'), { history, now });
    expect(v.rewardsEarned?.toString()).toBe('0.25');
    // 300 before the gain was withdrawn, 1000 since
    expect(v.usedByLiquidations?.toString()).toBe('1300');
    // 0.000001 ETH x 3000 = 0.003 PAYD per PAYD in 30 days, x 365 / 30
    expect(v.apr?.toPercent()).toBe('3.65%');
    const loading = poolView(deposit, d('16000'), d('3000'));
    expect([loading.rewardsEarned, loading.usedByLiquidations, loading.apr]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('pool writes', () => {
  it('withdraws all by asking for the initial deposit', () => {
    expect(writeAmount('withdrawAll', deposit).toString()).toBe('5000');
    expect(writeAmount('withdraw', deposit, d('10')).toString()).toBe('10');
    expect(() => writeAmount('deposit', deposit)).toThrow();
  });
  it('previews the deposit after each action', () => {
    expect(depositAfter('deposit', deposit, d('1000')).toString()).toBe('5000');
    expect(depositAfter('withdraw', deposit, d('5000')).toString()).toBe('0');
    expect(depositAfter('withdrawAll', deposit).toString()).toBe('0');
  });
  it('calls a second deposit a top-up', () => {
    expect(actionLabel('deposit', new StabilityDeposit(), d('3000'))).toBe('Deposit 3,000.00 PAYD');
    expect(actionLabel('deposit', deposit, d('3000'))).toBe('Top up 3,000.00 PAYD');
    expect(actionLabel('withdrawAll', deposit)).toBe('Withdraw all 4,000.00 PAYD');
  });
});

describe('withdrawalBlockText', () => {
  it('says what keeps PAYD in while the last cache is under 115%, and what would let it out', () => {
    const last = new Cache(Decimal.from('3.213'), Decimal.from(3000));
    const text = withdrawalBlockText(rewardsPoolWithdrawal(last, Decimal.from(1000), 1));
    expect(text).toBe(
      'The only cache in the system is at 107.1%, under 115%, and the last cache in the system cannot be liquidated, so the pool refuses PAYD withdrawals. They open again when ETH rises above 1,073.76 PAYD, when its owner adds collateral or repays debt to bring it to 115%, or when another cache is opened and this one is liquidated. Your collateral gain can still be withdrawn.',
    );
    expect(withdrawalBlockText(rewardsPoolWithdrawal(last, Decimal.from(1100), 1))).toBeUndefined();
    expect(withdrawalBlockText(rewardsPoolWithdrawal(last, Decimal.from(1000), 2))).toMatch(
      /^A cache is at 107\.1%, under 115%, so the pool refuses PAYD withdrawals until it is liquidated/,
    );
  });
});
