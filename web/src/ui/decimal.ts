// Exact decimal strings (the server sends amounts with 18 places): sums, sign tests and display
// with a fixed number of places (cut, not rounded), without floating point.

const SCALE = 18;

/** A decimal string as an integer of 10^-18 units. */
export function toUnits(text: string): bigint {
  const s = String(text ?? '').trim();
  const m = /^([+-])?(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || (!m[2] && !m[3])) return 0n;
  const whole = BigInt(m[2] || '0');
  const frac = BigInt(((m[3] ?? '') + '0'.repeat(SCALE)).slice(0, SCALE));
  const v = whole * 10n ** BigInt(SCALE) + frac;
  return m[1] === '-' ? -v : v;
}

export function fromUnits(v: bigint): string {
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const base = 10n ** BigInt(SCALE);
  return `${neg ? '-' : ''}${abs / base}.${(abs % base).toString().padStart(SCALE, '0')}`;
}

export const isPositive = (t: string) => toUnits(t) > 0n;
export const isNegative = (t: string) => toUnits(t) < 0n;
export const isZero = (t: string) => toUnits(t) === 0n;

export function addDecimals(values: readonly string[]): string {
  return fromUnits(values.reduce((a, v) => a + toUnits(v), 0n));
}

/** `places` decimals (cut toward zero), with thousands separators. */
export function formatDecimal(text: string, places: number): string {
  const v = toUnits(text);
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const base = 10n ** BigInt(SCALE);
  const whole = (abs / base).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = (abs % base).toString().padStart(SCALE, '0').slice(0, places);
  const shown = `${whole}${places > 0 ? `.${frac}` : ''}`;
  return neg && /[1-9]/.test(shown) ? `-${shown}` : shown;
}
