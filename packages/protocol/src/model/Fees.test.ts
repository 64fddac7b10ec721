import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from '../decimal/Decimal.ts';
import { DecayFactorError } from '../errors/errors.ts';
import { Fees, type FeesFields } from './Fees.ts';

const d = (v: string | number) => Decimal.from(v);
const t0 = new Date('2026-01-01T00:00:00Z');
const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);
/** 0.5^(1/720): halves the base rate every 12 hours. */
const HALF_LIFE_12H = d('0.999037758833783000');

const fees = (over: Partial<FeesFields> = {}) =>
  new Fees({
    baseRateWithoutDecay: d('0.02'),
    minuteDecayFactor: HALF_LIFE_12H,
    beta: d(2),
    lastFeeOperation: t0,
    timeOfLatestBlock: t0,
    recoveryMode: false,
    ...over,
  });

describe('Fees', () => {
  it('needs a decay factor below 1', () => {
    expect(() => fees({ minuteDecayFactor: d(1) })).toThrow(DecayFactorError);
    expect(() => fees({ minuteDecayFactor: d('1.01') })).toThrow('minuteDecayFactor must be below 1');
  });

  it('decays the base rate per whole elapsed minute', () => {
    const f = fees();
    expect(f.baseRate(t0).toString()).toBe('0.02');
    expect(f.baseRate(new Date(t0.getTime() + 59_999)).toString()).toBe('0.02');
    expect(f.baseRate(minutes(1)).lt(d('0.02'))).toBe(true);
    const halved = f.baseRate(minutes(720));
    const gap = halved.raw - d('0.01').raw;
    expect(gap < 10n ** 6n && gap > -(10n ** 6n)).toBe(true);
  });

  it('uses the time of the latest block by default, and counts an earlier moment as no time elapsed', () => {
    expect(
      fees({ timeOfLatestBlock: minutes(720) })
        .baseRate()
        .lt(d('0.0101')),
    ).toBe(true);
    expect(fees().baseRate(minutes(-5)).toString()).toBe('0.02');
  });

  it('borrows at the minimum rate plus the base rate, capped at 5%', () => {
    expect(fees().borrowingRate().toString()).toBe('0.025');
    expect(
      fees({ baseRateWithoutDecay: d(0) })
        .borrowingRate()
        .toString(),
    ).toBe('0.005');
    expect(
      fees({ baseRateWithoutDecay: d('0.3') })
        .borrowingRate()
        .toString(),
    ).toBe('0.05');
  });

  it('borrows at zero in recovery mode', () => {
    expect(fees({ recoveryMode: true }).borrowingRate().isZero).toBe(true);
    expect(fees().withRecoveryMode(true).borrowingRate().isZero).toBe(true);
    expect(fees().withRecoveryMode(false).equals(fees())).toBe(true);
  });

  it('redeems at the minimum rate plus the base rate, raised by fraction / beta, capped at 1', () => {
    expect(fees().redemptionRate().toString()).toBe('0.025');
    expect(fees().redemptionRate('0.1').toString()).toBe('0.075');
    expect(fees().redemptionRate(3).toString()).toBe('1');
  });

  it('computes the ETH redemption rate as the minimum borrowing rate plus the base rate, capped at 1', () => {
    expect(fees().ethRedemptionRate().toString()).toBe('0.025');
    expect(
      fees({ baseRateWithoutDecay: d(2) })
        .ethRedemptionRate()
        .toString(),
    ).toBe('1');
  });
});

describe('Fee decay properties', () => {
  const factor = fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }).map((raw) => Decimal.fromRaw(raw));
  const base = fc.bigInt({ min: 0n, max: 10n ** 18n }).map((raw) => Decimal.fromRaw(raw));
  const elapsedMs = fc.integer({ min: 0, max: 60 * 60_000 * 24 * 30 });

  it('never increases as time passes and never goes below zero', () => {
    fc.assert(
      fc.property(factor, base, elapsedMs, elapsedMs, (minuteDecayFactor, baseRateWithoutDecay, a, b) => {
        const f = fees({ minuteDecayFactor, baseRateWithoutDecay });
        const [early, late] = a <= b ? [a, b] : [b, a];
        const rateEarly = f.baseRate(new Date(t0.getTime() + early));
        const rateLate = f.baseRate(new Date(t0.getTime() + late));
        expect(rateLate.lte(rateEarly)).toBe(true);
        expect(rateLate.gte(Decimal.ZERO)).toBe(true);
        expect(rateEarly.lte(baseRateWithoutDecay)).toBe(true);
      }),
    );
  });

  it('changes only at whole minutes', () => {
    fc.assert(
      fc.property(
        factor,
        base,
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 59_999 }),
        (k, b, m, ms) => {
          const f = fees({ minuteDecayFactor: k, baseRateWithoutDecay: b });
          expect(f.baseRate(new Date(t0.getTime() + m * 60_000 + ms)).eq(f.baseRate(minutes(m)))).toBe(true);
        },
      ),
    );
  });

  it('accepts every factor below 1 and refuses every factor from 1 up', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 19n }), (raw) => {
        const build = () => fees({ minuteDecayFactor: Decimal.fromRaw(raw) });
        if (raw < 10n ** 18n) expect(build).not.toThrow();
        else expect(build).toThrow(DecayFactorError);
      }),
    );
  });

  it('keeps the borrowing rate within 0.5%..5% outside recovery mode', () => {
    fc.assert(
      fc.property(factor, base, elapsedMs, (k, b, ms) => {
        const rate = fees({ minuteDecayFactor: k, baseRateWithoutDecay: b }).borrowingRate(
          new Date(t0.getTime() + ms),
        );
        expect(rate.gte(d('0.005')) && rate.lte(d('0.05'))).toBe(true);
      }),
    );
  });
});
