import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal, NegativeDecimalError } from './Decimal.ts';
import { BadDecimalFormatError } from '../errors/errors.ts';

const ONE_E18 = 10n ** 18n;
/** Raw values up to about 10^30 units (10^12 whole tokens), the range real balances live in. */
const rawAmount = fc.bigInt({ min: 0n, max: 10n ** 30n });
const decimal = rawAmount.map((raw) => Decimal.fromRaw(raw));

describe('Decimal parsing', () => {
  it('reads digits with an optional fraction and exponent', () => {
    expect(Decimal.from('1').raw).toBe(ONE_E18);
    expect(Decimal.from('1.5').raw).toBe(15n * 10n ** 17n);
    expect(Decimal.from('.25').raw).toBe(25n * 10n ** 16n);
    expect(Decimal.from('2.').raw).toBe(2n * ONE_E18);
    expect(Decimal.from('2e3').raw).toBe(2000n * ONE_E18);
    expect(Decimal.from('1.5e+2').raw).toBe(150n * ONE_E18);
    expect(Decimal.from('15e-1').raw).toBe(15n * 10n ** 17n);
    expect(Decimal.from('1e-18').raw).toBe(1n);
    expect(Decimal.from('007').raw).toBe(7n * ONE_E18);
  });

  it('keeps 18 decimals and drops the rest', () => {
    expect(Decimal.from('0.1234567890123456789').raw).toBe(123456789012345678n);
    expect(Decimal.from('1e-19').isZero).toBe(true);
  });

  it('reads JavaScript numbers, including exponent notation', () => {
    expect(Decimal.from(0.1).toString()).toBe('0.1');
    expect(Decimal.from(1e21).toString()).toBe('1000000000000000000000');
    expect(Decimal.from(1e-7).toString()).toBe('0.0000001');
  });

  it.each(['', '-1', 'abc', '1.2.3', '1e', 'e5', '.', '1,000', ' 1', '0x10', '1e1.5'])(
    "rejects '%s' with 'bad decimal format'",
    (text) => {
      expect(() => Decimal.from(text)).toThrow(BadDecimalFormatError);
      expect(() => Decimal.from(text)).toThrow('bad decimal format');
    },
  );

  it('rejects negative and non-finite numbers', () => {
    expect(() => Decimal.from(-1)).toThrow('bad decimal format');
    expect(() => Decimal.from(NaN)).toThrow('bad decimal format');
    expect(() => Decimal.from(Infinity)).toThrow('bad decimal format');
  });

  it('never holds a negative value', () => {
    expect(() => Decimal.from(1).sub(2)).toThrow(NegativeDecimalError);
    expect(() => Decimal.fromRaw(-1n)).toThrow('Decimal cannot be negative');
    expect(Decimal.from(1).subOrZero(2).isZero).toBe(true);
  });
});

describe('Decimal arithmetic', () => {
  it('multiplies and divides with truncation', () => {
    expect(Decimal.from('1.5').mul(3).toString()).toBe('4.5');
    expect(Decimal.from(1).div(3).toString()).toBe('0.333333333333333333');
    expect(Decimal.from(2).div(3).toString()).toBe('0.666666666666666666');
    expect(Decimal.from(2).divCeil(3).toString()).toBe('0.666666666666666667');
    expect(Decimal.from(10).mulDiv(100, 4).toString()).toBe('250');
  });

  it('gives infinity for division by zero, shown as ∞', () => {
    expect(Decimal.from(1).div(0).isInfinite).toBe(true);
    expect(Decimal.from(1).mulDiv(2, 0)).toBe(Decimal.INFINITY);
    expect(Decimal.INFINITY.toString()).toBe('∞');
    expect(Decimal.INFINITY.toString(2)).toBe('∞');
    expect(Decimal.INFINITY.prettify()).toBe('∞');
    expect(Decimal.INFINITY.toPercent()).toBe('∞');
    expect(Decimal.INFINITY.shorten()).toBe('∞');
  });

  it('raises to integer powers', () => {
    expect(Decimal.from('0.5').pow(0).toString()).toBe('1');
    expect(Decimal.from('0.5').pow(1).toString()).toBe('0.5');
    expect(Decimal.from('0.5').pow(10).toString()).toBe('0.0009765625');
    expect(Decimal.from(2).pow(64).toString()).toBe('18446744073709551616');
    expect(() => Decimal.from(2).pow(-1)).toThrow(RangeError);
    expect(() => Decimal.from(2).pow(1.5)).toThrow(RangeError);
  });

  it('compares and picks minimum and maximum', () => {
    expect(Decimal.from(1).lt(2)).toBe(true);
    expect(Decimal.from(2).lte(2)).toBe(true);
    expect(Decimal.from(3).gt('2.999')).toBe(true);
    expect(Decimal.from(3).gte(3)).toBe(true);
    expect(Decimal.from('1.0').eq(1)).toBe(true);
    expect(Decimal.min(1, 2).toString()).toBe('1');
    expect(Decimal.max(1, 2).toString()).toBe('2');
    expect(Decimal.ZERO.nonZero).toBeUndefined();
    expect(Decimal.ONE.nonZero).toBe(Decimal.ONE);
  });
});

describe('Decimal formatting', () => {
  it('prints every significant decimal, or a fixed number rounded half up', () => {
    expect(Decimal.from('1.50').toString()).toBe('1.5');
    expect(Decimal.from('1.005').toString(2)).toBe('1.01');
    expect(Decimal.from('1.004').toString(2)).toBe('1.00');
    expect(Decimal.from('2.5').toString(0)).toBe('3');
    expect(Decimal.from('1.5').toString(20)).toBe('1.50000000000000000000');
  });

  it('uses thousands separators and 2 decimals by default', () => {
    expect(Decimal.from('1234567.891').prettify()).toBe('1,234,567.89');
    expect(Decimal.from('999.999').prettify()).toBe('1,000.00');
    expect(Decimal.from(12).prettify(0)).toBe('12');
    expect(Decimal.from('1234.5').prettify(4)).toBe('1,234.5000');
    expect(Decimal.ZERO.prettify()).toBe('0.00');
  });

  it('shortens with K, M, B and T', () => {
    expect(Decimal.from(12).shorten()).toBe('12.0');
    expect(Decimal.from(1234).shorten()).toBe('1.23K');
    expect(Decimal.from(45_678).shorten()).toBe('45.7K');
    expect(Decimal.from(123_456_789).shorten()).toBe('123M');
    expect(Decimal.from('2500000000').shorten()).toBe('2.50B');
    expect(Decimal.from('7e12').shorten()).toBe('7.00T');
    expect(Decimal.from('7e15').shorten()).toBe('7,000T');
  });

  it('shows percentages with 0 decimals from 1000%, 1 from 10%, otherwise 2', () => {
    expect(Decimal.from('12.3456').toPercent()).toBe('1235%');
    expect(Decimal.from(10).toPercent()).toBe('1000%');
    expect(Decimal.from('1.155').toPercent()).toBe('115.5%');
    expect(Decimal.from('0.1').toPercent()).toBe('10.0%');
    expect(Decimal.from('0.005').toPercent()).toBe('0.50%');
    expect(Decimal.from('0.09999').toPercent()).toBe('10.00%');
  });
});

describe('Decimal properties', () => {
  it('round-trips through its string form', () => {
    fc.assert(fc.property(decimal, (d) => Decimal.from(d.toString()).eq(d)));
  });

  it('round-trips through its prettified form with 18 decimals once separators are removed', () => {
    fc.assert(fc.property(decimal, (d) => Decimal.from(d.prettify(18).replaceAll(',', '')).eq(d)));
  });

  it('adds associatively and commutatively, and sub undoes add', () => {
    fc.assert(
      fc.property(decimal, decimal, decimal, (a, b, c) => {
        expect(
          a
            .add(b)
            .add(c)
            .eq(a.add(b.add(c))),
        ).toBe(true);
        expect(a.add(b).eq(b.add(a))).toBe(true);
        expect(a.add(b).sub(b).eq(a)).toBe(true);
      }),
    );
  });

  it('multiplies associatively within rounding', () => {
    // each truncation loses less than one unit, scaled by the other factors
    const small = fc.bigInt({ min: 0n, max: 10n ** 24n }).map((raw) => Decimal.fromRaw(raw));
    fc.assert(
      fc.property(small, small, small, (a, b, c) => {
        const left = a.mul(b).mul(c).raw;
        const right = a.mul(b.mul(c)).raw;
        const diff = left > right ? left - right : right - left;
        const bound = (a.raw + c.raw) / ONE_E18 + 2n;
        expect(diff <= bound).toBe(true);
      }),
    );
  });

  it('orders like the underlying integers, and addition keeps the order', () => {
    fc.assert(
      fc.property(decimal, decimal, decimal, (a, b, c) => {
        expect(a.lt(b)).toBe(a.raw < b.raw);
        expect(a.lt(b) || a.eq(b) || a.gt(b)).toBe(true);
        if (a.lt(b)) expect(a.add(c).lt(b.add(c))).toBe(true);
      }),
    );
  });

  it('divides back within one unit of rounding', () => {
    const nonZero = fc.bigInt({ min: 1n, max: 10n ** 24n }).map((raw) => Decimal.fromRaw(raw));
    fc.assert(
      fc.property(decimal, nonZero, (a, b) => {
        const q = a.div(b);
        expect(q.mul(b).lte(a)).toBe(true);
        expect(a.divCeil(b).gte(q)).toBe(true);
      }),
    );
  });
});
