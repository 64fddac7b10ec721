// Exact decimal arithmetic on strings for money (spec: never a float). A value is a bigint scaled
// by 10^18 (wei precision); parsing rejects anything that is not a plain decimal number.

export const SCALE = 18;
const ONE = 10n ** BigInt(SCALE);

/** Parses '12', '0.1', '-3.25' into an 18-decimal fixed-point bigint; null when not a number. */
export function toFixed(value: string): bigint | null {
  const m = /^\s*(-?)(\d*)(?:\.(\d*))?\s*$/.exec(value);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null;
  const frac = (m[3] ?? '').slice(0, SCALE).padEnd(SCALE, '0');
  const abs = BigInt(m[2] || '0') * ONE + BigInt(frac || '0');
  return m[1] === '-' ? -abs : abs;
}

/** toFixed that throws: for values that a caller already validated. */
export function fx(value: string): bigint {
  const v = toFixed(value);
  if (v === null) throw new Error(`not a decimal number: ${value}`);
  return v;
}

/** Formats a fixed-point bigint with `decimals` places (truncated toward zero), trailing zeros kept. */
export function fromFixed(v: bigint, decimals: number = SCALE): string {
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const cut = abs / 10n ** BigInt(SCALE - decimals);
  const s = cut.toString().padStart(decimals + 1, '0');
  const int = s.slice(0, s.length - decimals);
  const frac = s.slice(s.length - decimals);
  const out = decimals > 0 ? `${int}.${frac}` : int;
  return neg && cut !== 0n ? `-${out}` : out;
}

/** fromFixed without trailing zeros ('1.50' reads '1.5', '2.00' reads '2'). */
export function plain(v: bigint, decimals: number = SCALE): string {
  const s = fromFixed(v, decimals);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

export function mul(a: bigint, b: bigint): bigint {
  return (a * b) / ONE;
}

/** a × b rounded up (away from zero for positives) at 18 decimals. */
export function mulUp(a: bigint, b: bigint): bigint {
  const p = a * b;
  return p % ONE === 0n ? p / ONE : p / ONE + (p > 0n ? 1n : 0n);
}

/** a / b truncated; b must not be zero. */
export function div(a: bigint, b: bigint): bigint {
  return (a * ONE) / b;
}

/** Rounds up to `decimals` places (positives). */
export function ceilTo(v: bigint, decimals: number): bigint {
  const unit = 10n ** BigInt(SCALE - decimals);
  return v % unit === 0n ? v : (v / unit + 1n) * unit;
}

/** Rounds half up to `decimals` places (positives). */
export function roundTo(v: bigint, decimals: number): bigint {
  const unit = 10n ** BigInt(SCALE - decimals);
  return ((v + unit / 2n) / unit) * unit;
}

export const FIXED_ONE = ONE;
