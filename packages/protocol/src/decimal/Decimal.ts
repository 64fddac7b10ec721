// Non-negative fixed-point number with 18 decimals on a bigint: the unit of every on-chain amount
// and ratio (wei-scaled), so values read from contracts are carried without loss.
import { BadDecimalFormatError } from '../errors/errors.ts';

const PRECISION = 18;
const SCALE = 10n ** 18n;
const MAX_UINT256 = 2n ** 256n - 1n;
const FORMAT = /^[0-9]*(\.[0-9]*)?([eE][-+]?[0-9]+)?$/;
const MAGNITUDES = ['', 'K', 'M', 'B', 'T'] as const;

/** Anything `Decimal.from` accepts. */
export type Decimalish = Decimal | number | string;

/** Thrown when an operation would produce a negative amount. */
export class NegativeDecimalError extends Error {
  override name = 'NegativeDecimalError';
  constructor() {
    super('Decimal cannot be negative');
  }
}

function parse(text: string): bigint {
  // Reject the lone separators that the pattern would otherwise let through.
  if (!FORMAT.test(text) || !/[0-9]/.test(text.split(/[eE]/)[0] ?? '')) throw new BadDecimalFormatError(text);
  const [mantissaText = '', exponentText] = text.split(/[eE]/);
  const [whole = '', fraction = ''] = mantissaText.split('.');
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  if (!Number.isSafeInteger(exponent)) throw new BadDecimalFormatError(text);
  // digits * 10^(exponent - fraction.length), expressed in units of 10^-18
  const digits = BigInt((whole + fraction).replace(/^0+(?=.)/, '') || '0');
  const shift = PRECISION + exponent - fraction.length;
  return shift >= 0 ? digits * 10n ** BigInt(shift) : digits / 10n ** BigInt(-shift);
}

function groupThousands(integerDigits: string): string {
  return integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export class Decimal {
  /** Stands for an unbounded value such as the ratio of something over zero; prints as '∞'. */
  static readonly INFINITY = new Decimal(MAX_UINT256);
  static readonly ZERO = new Decimal(0n);
  static readonly ONE = new Decimal(SCALE);

  /** The value in units of 10^-18 (what contracts take and return). */
  readonly raw: bigint;

  private constructor(raw: bigint) {
    if (raw < 0n) throw new NegativeDecimalError();
    this.raw = raw;
  }

  /** Wraps an 18-decimal fixed-point integer as read from a contract. */
  static fromRaw(raw: bigint): Decimal {
    return new Decimal(raw);
  }

  /** Parses a decimal string ('1.5', '2e3', '.25') or a finite non-negative JS number. */
  static from(value: Decimalish): Decimal {
    if (value instanceof Decimal) return value;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new BadDecimalFormatError(String(value));
      return new Decimal(parse(value.toString()));
    }
    if (typeof value === 'string') return new Decimal(parse(value));
    throw new BadDecimalFormatError(String(value));
  }

  static min(a: Decimalish, b: Decimalish): Decimal {
    const x = Decimal.from(a);
    const y = Decimal.from(b);
    return x.lt(y) ? x : y;
  }

  static max(a: Decimalish, b: Decimalish): Decimal {
    const x = Decimal.from(a);
    const y = Decimal.from(b);
    return x.gt(y) ? x : y;
  }

  get isZero(): boolean {
    return this.raw === 0n;
  }

  get isInfinite(): boolean {
    return this.raw === MAX_UINT256;
  }

  /** This value when it is not zero, otherwise undefined (handy in `a.nonZero ?? b`). */
  get nonZero(): Decimal | undefined {
    return this.isZero ? undefined : this;
  }

  add(other: Decimalish): Decimal {
    return new Decimal(this.raw + Decimal.from(other).raw);
  }

  /** Throws NegativeDecimalError when `other` is larger. */
  sub(other: Decimalish): Decimal {
    return new Decimal(this.raw - Decimal.from(other).raw);
  }

  /** Difference floored at zero. */
  subOrZero(other: Decimalish): Decimal {
    const o = Decimal.from(other);
    return this.gt(o) ? new Decimal(this.raw - o.raw) : Decimal.ZERO;
  }

  /** Product, truncated to 18 decimals. */
  mul(other: Decimalish): Decimal {
    return new Decimal((this.raw * Decimal.from(other).raw) / SCALE);
  }

  /** Quotient, truncated; dividing by zero gives INFINITY. */
  div(divisor: Decimalish): Decimal {
    const d = Decimal.from(divisor);
    if (d.isZero) return Decimal.INFINITY;
    return new Decimal((this.raw * SCALE) / d.raw);
  }

  /** Quotient rounded up; dividing by zero gives INFINITY. */
  divCeil(divisor: Decimalish): Decimal {
    const d = Decimal.from(divisor);
    if (d.isZero) return Decimal.INFINITY;
    return new Decimal((this.raw * SCALE + d.raw - 1n) / d.raw);
  }

  /** this x multiplier / divisor with a single truncation (the way contracts compute ratios). */
  mulDiv(multiplier: Decimalish, divisor: Decimalish): Decimal {
    const d = Decimal.from(divisor);
    if (d.isZero) return Decimal.INFINITY;
    return new Decimal((this.raw * Decimal.from(multiplier).raw) / d.raw);
  }

  /** Integer power by squaring, each step rounded half up like the contracts' decay computation. */
  pow(exponent: number): Decimal {
    if (!Number.isSafeInteger(exponent) || exponent < 0) {
      throw new RangeError('Decimal.pow needs a non-negative integer exponent');
    }
    const roundedMul = (a: bigint, b: bigint) => (a * b + SCALE / 2n) / SCALE;
    let base = this.raw;
    let result = SCALE;
    let n = exponent;
    while (n > 0) {
      if (n % 2 === 1) result = roundedMul(result, base);
      n = Math.floor(n / 2);
      if (n > 0) base = roundedMul(base, base);
    }
    return new Decimal(result);
  }

  eq(other: Decimalish): boolean {
    return this.raw === Decimal.from(other).raw;
  }
  lt(other: Decimalish): boolean {
    return this.raw < Decimal.from(other).raw;
  }
  lte(other: Decimalish): boolean {
    return this.raw <= Decimal.from(other).raw;
  }
  gt(other: Decimalish): boolean {
    return this.raw > Decimal.from(other).raw;
  }
  gte(other: Decimalish): boolean {
    return this.raw >= Decimal.from(other).raw;
  }

  /**
   * Without `precision`: every significant decimal ('1.5', '2'). With it: exactly that many
   * decimals, rounded half up. INFINITY prints as '∞'.
   */
  toString(precision?: number): string {
    if (this.isInfinite) return '∞';
    if (precision === undefined) {
      const whole = this.raw / SCALE;
      const fraction = (this.raw % SCALE).toString().padStart(PRECISION, '0').replace(/0+$/, '');
      return fraction ? `${whole}.${fraction}` : `${whole}`;
    }
    if (!Number.isInteger(precision) || precision < 0) {
      throw new RangeError('precision must be a non-negative integer');
    }
    const kept = Math.min(precision, PRECISION);
    const unit = 10n ** BigInt(PRECISION - kept);
    const rounded = (this.raw + unit / 2n) / unit; // half up; unit/2 is 0 when nothing is dropped
    const divisor = 10n ** BigInt(kept);
    const whole = rounded / divisor;
    if (precision === 0) return `${whole}`;
    const fraction = (rounded % divisor).toString().padStart(kept, '0').padEnd(precision, '0');
    return `${whole}.${fraction}`;
  }

  /** Display form: thousands separators and `precision` decimals (2 by default). */
  prettify(precision = 2): string {
    if (this.isInfinite) return '∞';
    const [whole = '', fraction] = this.toString(precision).split('.');
    return fraction === undefined ? groupThousands(whole) : `${groupThousands(whole)}.${fraction}`;
  }

  /** Short display form with K, M, B or T, keeping about three significant digits ('1.23K', '45.6M'). */
  shorten(): string {
    if (this.isInfinite) return '∞';
    const wholeDigits = this.toString(0).length;
    const magnitude = Math.min(Math.floor((wholeDigits - 1) / 3), MAGNITUDES.length - 1);
    const decimals = Math.max(3 * (magnitude + 1) - wholeDigits, 0);
    const scaled = new Decimal(this.raw / 10n ** BigInt(3 * magnitude));
    return scaled.prettify(decimals) + MAGNITUDES[magnitude];
  }

  /**
   * Display form of a ratio as a percentage ('115.5%'): 0 decimals from 1000% up, 1 decimal from
   * 10% up, otherwise 2. INFINITY prints as '∞'.
   */
  toPercent(): string {
    if (this.isInfinite) return '∞';
    const percent = this.mul(100);
    const decimals = percent.gte(1000) ? 0 : percent.gte(10) ? 1 : 2;
    return `${percent.toString(decimals)}%`;
  }
}
