import { describe, expect, it } from 'vitest';
import { Cache, Decimal, Fees } from '@payd/protocol';
import { systemGroups, type SystemInput } from './systemRows.ts';
import { formatNumber } from '@payd/i18n';
import { formatDecimal, formatRatio } from '../useLendingT.ts';

const d = (v: string | number) => Decimal.from(v);
function input(price: number, recoveryMode: boolean): SystemInput {
  const fees = new Fees({
    baseRateWithoutDecay: d('0.01'),
    minuteDecayFactor: d('0.999'),
    beta: d(2),
    lastFeeOperation: new Date(0),
    timeOfLatestBlock: new Date(0),
    recoveryMode,
  });
  return {
    price: d(price),
    total: new Cache(d(10), d(20000)),
    fees,
    numberOfCaches: 1234,
    paydInRewardsPool: d(5000),
    borrowingRate: fees.borrowingRate(),
    redemptionRate: fees.redemptionRate(),
    ftxInventoryBalance: d(1000),
    totalLifetimeLiquidations: d(0),
    openCacheFeeBalance: d('12.345'),
    topupCacheFeeBalance: d(0),
    paydSwapFeeBalance: d('0.5'),
    fethSwapFeeBalance: d('0.25'),
    liquidationFeeBalance: d(0),
    liquidationDepositBalance: d(0),
    stakingFeeBalance: d(0),
    miningFeeBalance: d(0),
    charityWalletFETH: d(0),
    charityWalletPAYD: d(7),
    blockNumber: 5n,
    haveUndercollateralizedCaches: price < 2000,
  };
}
const value = (s: SystemInput, key: string) =>
  systemGroups(s)
    .flatMap((g) => g.rows)
    .find((r) => r.key === key)?.value;

describe('systemGroups', () => {
  it('shows the total collateral ratio at the price and recovery mode', () => {
    expect(value(input(4000, false), 'tcr')).toBe('200.0%');
    expect(value(input(4000, false), 'recovery')).toBe('No');
    expect(value(input(3000, true), 'tcr')).toBe('150.0%');
    expect(value(input(3000, true), 'recovery')).toMatch(/^Yes/);
  });
  it('says whether a cache is under the minimum collateral ratio (haveUndercollateralizedCaches)', () => {
    expect(value(input(4000, false), 'undercollateralized')).toBe('No: every cache is at 115% or more');
    expect(value(input(1500, true), 'undercollateralized')).toBe('Yes: the riskiest cache is under 115%');
  });
  it('shows each balance with its unit', () => {
    const s = input(2000, false);
    expect(value(s, 'openCacheFee')).toBe('12.35 PAYD');
    expect(value(s, 'paydSwapFee')).toBe('0.5000 ETH');
    expect(value(s, 'fethSwapFee')).toBe('0.2500 ETH');
    expect(value(s, 'caches')).toBe('1,234');
    expect(value(s, 'borrowingRate')).toBe('1.50%');
  });
});

describe('the figures of the rows (the page writes them in the reader language)', () => {
  it('give back the English value when written in English', () => {
    for (const price of [1500, 3000]) {
      const rows = systemGroups(input(price, price < 2000)).flatMap((g) => g.rows);
      const withFigure = rows.filter((r) => r.figure);
      expect(withFigure.length).toBeGreaterThan(15);
      for (const r of withFigure) {
        const f = r.figure!;
        const english =
          'ratio' in f
            ? formatRatio('en', f.ratio)
            : 'count' in f
              ? formatNumber('en', f.count)
              : `${formatDecimal('en', f.amount, f.digits)} ${f.unit}`;
        expect(english, r.key).toBe(r.value);
      }
    }
  });
});
