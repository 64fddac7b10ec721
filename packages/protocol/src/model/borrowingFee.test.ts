// The borrowing fee less the FTX discount, rounded as BorrowerOperations rounds it (values by hand:
// floor(amount x rate) first, then floor(fee x (100 - percent) / 100), in wei).
import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal/Decimal.ts';
import { Cache } from './Cache.ts';
import { applyFeeDiscount, borrowingFee } from './borrowingFee.ts';
import { PAYD_LIQUIDATION_RESERVE } from './constants.ts';

const d = (v: string | number) => Decimal.from(v);

describe('borrowingFee', () => {
  it('rounds the discounted fee down like the contract', () => {
    expect(borrowingFee(d(3), d('0.005'), 33).toString()).toBe('0.01005');
    expect(borrowingFee(d(1000), d('0.005'), 100).isZero).toBe(true);
    expect(borrowingFee(d(5000), d('0.005')).toString()).toBe('25');
  });

  it('discounts the floored fee, not the rate: 1 wei apart where the two differ', () => {
    // fee = floor(7 x 0.005000000000000001 ETH) = 35,000,000,000,000,007 wei; 25 % off -> floor(x 75/100)
    const fee = borrowingFee(d(7), d('0.005000000000000001'), 25);
    expect(fee.raw).toBe((35_000_000_000_000_007n * 75n) / 100n);
    expect(applyFeeDiscount(Decimal.fromRaw(35_000_000_000_000_007n), 25).raw).toBe(26_250_000_000_000_005n);
  });

  it('refuses a percentage that is not a whole number from 0', () => {
    expect(() => applyFeeDiscount(d(1), 2.5)).toThrow(RangeError);
    expect(() => applyFeeDiscount(d(1), -1)).toThrow(RangeError);
  });

  it('gives Cache.create the discounted fee: 10 ETH / 5,000 PAYD at 3.7168 % for a 25 % tier', () => {
    const cache = Cache.create({ depositCollateral: 10, borrowPAYD: 5000 }, d('0.037168'), 25);
    // 5,000 x 0.037168 = 185.84; 75 % of it = 139.38
    expect(cache.debt.toString()).toBe(PAYD_LIQUIDATION_RESERVE.add(5000).add('139.38').toString());
    expect(Cache.create({ depositCollateral: 10, borrowPAYD: 5000 }, d('0.037168')).debt.toString()).toBe(
      PAYD_LIQUIDATION_RESERVE.add(5000).add('185.84').toString(),
    );
  });
});
