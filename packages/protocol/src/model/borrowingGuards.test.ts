import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal/Decimal.ts';
import { DebtBelowMinimumError } from '../errors/errors.ts';
import { Cache } from './Cache.ts';
import {
  defaultMaxBorrowingRate,
  simulateAdjustmentDecay,
  simulateCreationDecay,
} from './borrowingGuards.ts';
import { Fees } from './Fees.ts';
import {
  baseRateUpdateGas,
  borrowingGasLimit,
  withLiquidationHeadroom,
  withListTraversalHeadroom,
} from './gasHeadroom.ts';

const d = (v: string | number) => Decimal.from(v);
const t0 = new Date('2026-01-01T00:00:00Z');
const fees = (baseRate: string) =>
  new Fees({
    baseRateWithoutDecay: d(baseRate),
    minuteDecayFactor: d('0.9'), // steep, so ten minutes of decay is visible
    beta: d(2),
    lastFeeOperation: t0,
    timeOfLatestBlock: t0,
    recoveryMode: false,
  });

describe('default maximum borrowing rate', () => {
  it('is the current rate plus 0.5%', () => {
    expect(defaultMaxBorrowingRate('0.013').toString()).toBe('0.018');
  });
});

describe('fee decay tolerance', () => {
  it("refuses an opening whose debt could decay under 2700 with the spec's message", () => {
    // at 5% the debt is 200 + 2400 x 1.05 = 2720; ten minutes later the fee is ~1.2%, under 2700
    const params = { depositCollateral: d(10), borrowPAYD: d(2400) };
    expect(Cache.create(params, fees('0.045').borrowingRate()).debt.toString()).toBe('2720');
    expect(() => simulateCreationDecay(params, fees('0.045'))).toThrow(DebtBelowMinimumError);
    expect(() => simulateCreationDecay(params, fees('0.045'))).toThrow(
      "Cache's debt might fall below 2700 within 10 minutes",
    );
    expect(() => simulateCreationDecay(params, fees('0.045'), 1)).not.toThrow();
  });

  it('gives the smaller borrow amount that matches the decayed debt', () => {
    const sim = simulateCreationDecay({ depositCollateral: d(10), borrowPAYD: d(5000) }, fees('0.045'));
    expect(sim.currentBorrowingRate.toString()).toBe('0.05');
    expect(sim.decayedBorrowingRate.lt(sim.currentBorrowingRate)).toBe(true);
    expect(sim.borrowPAYDSimulatingDecay.lt(d(5000))).toBe(true);
  });

  it('applies to adjustments that borrow, and skips those that do not', () => {
    const cache = new Cache(d(10), d(200));
    expect(() => simulateAdjustmentDecay(cache, { borrowPAYD: d(2400) }, fees('0.045'))).toThrow(
      "Cache's debt might fall below 2700 within 10 minutes",
    );
    expect(simulateAdjustmentDecay(cache, { depositCollateral: d(1) }, fees('0.045'))).toBeUndefined();
    const sim = simulateAdjustmentDecay(new Cache(d(10), d(3000)), { borrowPAYD: d(1000) }, fees('0.045'));
    expect(sim?.borrowPAYDSimulatingDecay.lt(d(1000))).toBe(true);
  });
});

describe('gas headroom', () => {
  it('adds 80,000 on the main path and 50,000 to liquidations', () => {
    expect(withListTraversalHeadroom(100_000n)).toBe(180_000n);
    expect(withLiquidationHeadroom(100_000n)).toBe(150_000n);
  });

  it('adds more for borrowing the longer the tolerance, growing with its log', () => {
    expect(baseRateUpdateGas(10)).toBe(10_000n + 1_414n * 4n);
    expect(baseRateUpdateGas(1000) > baseRateUpdateGas(10)).toBe(true);
    expect(baseRateUpdateGas(1000) - baseRateUpdateGas(10) < 1_414n * 8n).toBe(true);
    expect(borrowingGasLimit(300_000n, 310_000n, 10)).toBe(380_000n + baseRateUpdateGas(10));
    expect(borrowingGasLimit(300_000n, 400_000n, 10)).toBe(400_000n + baseRateUpdateGas(10));
  });
});
