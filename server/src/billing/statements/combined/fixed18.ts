// Signed amounts of the combined statement as bigint at 18 decimals (the chain's scale): the
// records' numeric text and the chain's wei read into one scale, products and quotients rounded
// half away from zero, printed with a chosen number of decimals. No amount passes through a float.

export const ONE = 10n ** 18n;

/** '-12.5' (at most 18 decimals) → -12500000000000000000n. */
export function parseFixed(text: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,18}))?$/.exec(text.trim());
  if (!m) throw new Error(`not a decimal: ${text}`);
  const v = BigInt(m[2]!) * ONE + BigInt((m[3] ?? '').padEnd(18, '0'));
  return m[1] ? -v : v;
}

/** a / b rounded half away from zero. */
function divRound(a: bigint, b: bigint): bigint {
  const negative = a < 0n !== b < 0n;
  const [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  const q = (x * 2n + y) / (y * 2n);
  return negative ? -q : q;
}

export const mulFixed = (a: bigint, b: bigint): bigint => divRound(a * b, ONE);
export const divFixed = (a: bigint, b: bigint): bigint => divRound(a * ONE, b);

/** `v` rounded to `decimals` (half away from zero), kept at 18 decimals. */
export function roundFixed(v: bigint, decimals: number): bigint {
  const unit = 10n ** BigInt(18 - decimals);
  return divRound(v, unit) * unit;
}

/** `v` printed with `decimals` decimals (rounded half away from zero): formatFixed(-1.5e18, 2) = '-1.50'. */
export function formatFixed(v: bigint, decimals: number): string {
  const r = roundFixed(v, decimals);
  const abs = r < 0n ? -r : r;
  const whole = (abs / ONE).toString();
  const frac = (abs % ONE).toString().padStart(18, '0').slice(0, decimals);
  return `${r < 0n ? '-' : ''}${whole}${decimals ? `.${frac}` : ''}`;
}
