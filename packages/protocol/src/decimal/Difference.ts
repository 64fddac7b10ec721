// A signed change between two Decimals ('+1.50', '-200'), for showing what an action would change.
import { Decimal, type Decimalish } from './Decimal.ts';

export type DifferenceSign = '' | '+' | '-';

export class Difference {
  /** '+' when the new value is larger, '-' when smaller, '' when equal. */
  readonly sign: DifferenceSign;
  /** Size of the change; INFINITY when exactly one side is infinite. */
  readonly absoluteValue: Decimal;

  private constructor(sign: DifferenceSign, absoluteValue: Decimal) {
    this.sign = sign;
    this.absoluteValue = absoluteValue;
  }

  /**
   * `to - from` as a signed value. Undefined when either side is missing or both are infinite,
   * since no meaningful change can be stated then.
   */
  static between(to: Decimalish | undefined, from: Decimalish | undefined): Difference | undefined {
    if (to === undefined || from === undefined) return undefined;
    const a = Decimal.from(to);
    const b = Decimal.from(from);
    if (a.isInfinite && b.isInfinite) return undefined;
    if (a.isInfinite) return new Difference('+', Decimal.INFINITY);
    if (b.isInfinite) return new Difference('-', Decimal.INFINITY);
    if (a.gt(b)) return new Difference('+', a.sub(b));
    if (b.gt(a)) return new Difference('-', b.sub(a));
    return new Difference('', Decimal.ZERO);
  }

  get isPositive(): boolean {
    return this.sign === '+';
  }

  get isNegative(): boolean {
    return this.sign === '-';
  }

  mul(multiplier: Decimalish): Difference {
    return new Difference(this.sign, this.absoluteValue.mul(multiplier));
  }

  toString(precision?: number): string {
    return this.sign + this.absoluteValue.toString(precision);
  }

  prettify(precision?: number): string {
    return this.sign + this.absoluteValue.prettify(precision);
  }
}
