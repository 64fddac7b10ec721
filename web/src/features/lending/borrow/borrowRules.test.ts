import { describe, expect, it } from 'vitest';
import { Cache, Decimal, Fees } from '@payd/protocol';
import {
  BorrowMessages,
  changeKind,
  checkAdjust,
  checkClose,
  checkOpen,
  debtBelowMinimumMessage,
  type AdjustInput,
  type BorrowMarket,
} from './borrowRules.ts';

const d = (v: string | number) => Decimal.from(v);
const t0 = new Date('2026-01-01T00:00:00Z');
const fees = (recoveryMode = false) =>
  new Fees({
    baseRateWithoutDecay: d(0),
    minuteDecayFactor: d('0.999037758833783'),
    beta: d(2),
    lastFeeOperation: t0,
    timeOfLatestBlock: t0,
    recoveryMode,
  });
// 100 ETH against 100,000 PAYD at 2,000: a total ratio of 200%.
const market = (over: Partial<BorrowMarket> = {}): BorrowMarket => ({
  price: d(2000),
  total: new Cache(d(100), d(100_000)),
  fees: fees(),
  discountPercent: 0,
  accountBalance: d(50),
  paydBalance: d(10_000),
  paydInRewardsPool: d(0),
  ...over,
});
const adjust = (over: Partial<AdjustInput>): AdjustInput => ({
  collateralDirection: 'add',
  collateralText: '',
  debtDirection: 'borrow',
  debtText: '',
  ...over,
});

describe('the opening preview', () => {
  it('shows the debt the chain will hold: reserve, amount and the 0.5% fee', () => {
    const check = checkOpen(market(), '2', '3000');
    expect(check.canSend).toBe(true);
    expect(check.preview!.fee.toString()).toBe('15');
    expect(check.preview!.cache.debt.toString()).toBe('3215');
    expect(check.preview!.ratio.toPercent()).toBe('124.4%');
    // 3215 x 1.15 / 2
    expect(check.preview!.liquidationPrice.toString()).toBe('1848.625');
  });

  it('takes the FTX tier percentage off the fee', () => {
    const check = checkOpen(market({ discountPercent: 20 }), '2', '3000');
    expect(check.preview!.feeBeforeDiscount.toString()).toBe('15');
    expect(check.preview!.fee.toString()).toBe('12');
    expect(check.preview!.cache.debt.toString()).toBe('3212');
  });

  it('gives each field its message and keeps the wallet out', () => {
    expect(checkOpen(market(), 'abc', '3000').errors.collateral).toBe('bad decimal format');
    expect(checkOpen(market(), '1', '1.0000000000000000001').errors.debt).toBe('bad decimal format');
    // under the minimum now: said as it is, not as a matter of minutes
    const low = checkOpen(market(), '2', '2000');
    expect(low.errors.debt).toBe(
      'The debt would be 2,210.00 PAYD, under the minimum of 2,700.00 PAYD (the 200 PAYD liquidation reserve and the fee included): borrow more.',
    );
    expect(low.canSend).toBe(false);
    // 2,708 PAYD at today's 4.5%, under 2,700 once the fee has decayed for ten minutes
    const decaying = new Fees({
      baseRateWithoutDecay: d('0.04'),
      minuteDecayFactor: d('0.9'),
      beta: d(2),
      lastFeeOperation: t0,
      timeOfLatestBlock: t0,
      recoveryMode: false,
    });
    const minutes = checkOpen(market({ fees: decaying }), '2', '2400');
    expect(minutes.preview!.cache.debt.toString()).toBe('2708');
    expect(minutes.errors.debt).toBe(debtBelowMinimumMessage);
    expect(debtBelowMinimumMessage).toBe("Cache's debt might fall below 2700 within 10 minutes");
    const rich = checkOpen(market(), '51', '3000');
    expect(rich.errors.collateral).toBe(BorrowMessages.aboveEthBalance);
    expect(rich.canSend).toBe(false);
  });

  it('refuses a ratio under 115% and a change that takes the system under 155%', () => {
    const thin = checkOpen(market(), '1.5', '3000');
    expect(thin.refusal).toBe(BorrowMessages.ratioBelowMinimum);
    expect(thin.canSend).toBe(false);
    const tight = market({ total: new Cache(d(100), d(125_000)) }); // 160%
    const check = checkOpen(tight, '10', '15000'); // 131%: the total stays at 156.8%
    // 115.7% on its own, but the total falls to 154.6%
    expect(checkOpen(tight, '10', '17000').refusal).toBe(BorrowMessages.lowersTotalRatio);
    expect(check.refusal ?? null).toBe(null);
  });

  it('asks for 155% in recovery mode, with no fee', () => {
    const m = market({ fees: fees(true), total: new Cache(d(100), d(150_000)) });
    const check = checkOpen(m, '2', '3000');
    expect(check.preview!.fee.isZero).toBe(true);
    expect(check.refusal).toBe(BorrowMessages.ratioBelowCritical);
    expect(checkOpen(m, '5', '3000').canSend).toBe(true);
  });
});

describe('the adjustment preview', () => {
  const cache = new Cache(d(5), d(5000));

  it('shows the change kind and the cache after it', () => {
    const input = adjust({ collateralText: '1', debtText: '1000' });
    expect(changeKind(input)).toBe('Add 1.0000 ETH and borrow 1,000.00 PAYD');
    const check = checkAdjust(market(), cache, input);
    expect(check.canSend).toBe(true);
    expect(check.preview!.cache.collateral.toString()).toBe('6');
    expect(check.preview!.cache.debt.toString()).toBe('6005');
    const back = checkAdjust(
      market(),
      cache,
      adjust({
        collateralDirection: 'withdraw',
        collateralText: '1',
        debtDirection: 'repay',
        debtText: '1000',
      }),
    );
    expect(back.preview!.cache.collateral.toString()).toBe('4');
    expect(back.preview!.cache.debt.toString()).toBe('4000');
    expect(changeKind(adjust({}))).toBeUndefined();
    expect(checkAdjust(market(), cache, adjust({})).canSend).toBe(false);
  });

  it('refuses more than the wallet or the cache holds, and debt under the minimum', () => {
    const m = market({ paydBalance: d(100) });
    expect(checkAdjust(m, cache, adjust({ debtDirection: 'repay', debtText: '200' })).errors.debt).toBe(
      BorrowMessages.abovePaydBalance,
    );
    expect(
      checkAdjust(market(), cache, adjust({ collateralDirection: 'withdraw', collateralText: '6' })).errors
        .collateral,
    ).toBe(BorrowMessages.aboveCollateral);
    expect(
      checkAdjust(market(), cache, adjust({ debtDirection: 'repay', debtText: '2500' })).errors.debt,
    ).toMatch(/^That would leave a debt of [\d,.]+ PAYD, under the minimum of 2,700\.00 PAYD/);
    // more than the debt: refused with the debt and the most that can be repaid, before the balance
    expect(
      checkAdjust(
        market({ paydBalance: d(100) }),
        cache,
        adjust({ debtDirection: 'repay', debtText: '99999' }),
      ).errors.debt,
    ).toMatch(/^That is more than the debt of your cache, [\d,.]+ PAYD\. You can repay at most/);
    expect(checkAdjust(market(), cache, adjust({ collateralText: '1x' })).errors.collateral).toBe(
      'bad decimal format',
    );
  });

  it('refuses a ratio under 115% and withdrawing in recovery mode', () => {
    expect(checkAdjust(market(), cache, adjust({ debtText: '4000' })).refusal).toBe(
      BorrowMessages.ratioBelowMinimum,
    );
    const m = market({ fees: fees(true), total: new Cache(d(100), d(150_000)) });
    const check = checkAdjust(m, cache, adjust({ collateralDirection: 'withdraw', collateralText: '0.1' }));
    expect(check.errors.collateral).toBe(BorrowMessages.withdrawInRecovery);
    expect(check.canSend).toBe(false);
  });
});

describe('closing', () => {
  it('needs the debt less the reserve, and says what is missing', () => {
    const check = checkClose(market({ paydBalance: d(4000) }), new Cache(d(5), d(5000)));
    expect(check.needed.toString()).toBe('4800');
    expect(check.shortfall.toString()).toBe('800');
    expect(check.canSend).toBe(false);
    expect(checkClose(market(), new Cache(d(5), d(5000))).canSend).toBe(true);
  });

  it('is refused in recovery mode', () => {
    const check = checkClose(market({ fees: fees(true) }), new Cache(d(5), d(5000)));
    expect(check.refusal).toBe(BorrowMessages.closeInRecovery);
  });
});

describe('the adjustment preview, before -> after', () => {
  it('gives the cache as it is beside the cache after the change', () => {
    const current = new Cache(d(5), d(5000));
    const check = checkAdjust(market(), current, adjust({ collateralText: '1' }));
    expect(check.before!.cache.collateral.toString()).toBe('5');
    expect(check.before!.ratio.toPercent()).toBe('200.0%');
    expect(check.preview!.cache.collateral.toString()).toBe('6');
    expect(check.preview!.ratio.toPercent()).toBe('240.0%');
    expect(check.before!.liquidationPrice.lt(check.preview!.liquidationPrice)).toBe(false);
  });
});
