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

export type RewardPeriod = 'Daily' | 'Weekly' | 'Monthly' | 'LTD';
export const REWARD_PERIODS: readonly RewardPeriod[] = ['Daily', 'Weekly', 'Monthly', 'LTD'];
const prefixOf: Record<RewardPeriod, string> = {
  Daily: 'Daily_',
  Weekly: 'Weekly_',
  Monthly: 'Monthly_',
  LTD: '',
};

export interface RewardLine {
  label: string;
  amount: string;
  pct: string;
}

export interface RewardView {
  total: RewardLine;
  lines: RewardLine[];
  /** LTD only: the total's annualised percentage. */
  annualizedPct: string | null;
  /** True when the period has no rewards (or the record is missing): 'No recent rewards.' */
  empty: boolean;
}

/** The rewards card for one tab, from GetRewards' record (null when the call failed). */
export function rewardView(
  record: Record<string, unknown> | null | undefined,
  period: RewardPeriod,
): RewardView {
  const p = prefixOf[period];
  const get = (k: string) => String(record?.[`${p}${k}`] ?? '0');
  const line = (label: string, name: string): RewardLine => ({
    label,
    amount: get(`${name}Amt`),
    pct: get(`${name}Pct`),
  });
  const total = line('Total Rewards', 'TotalReward');
  return {
    total,
    lines: [
      line('Staking Rewards', 'StakeReward'),
      line('Fees Rewards', 'MiningReward'),
      line('MEV Rewards', 'MEVReward'),
    ],
    annualizedPct: period === 'LTD' ? String(record?.TotalRewardPctAnnualized ?? '0') : null,
    empty: !record || isZero(total.amount),
  };
}

/** A percentage with 2 decimals (cut), e.g. '3.14%'. */
export function formatPct(text: string): string {
  return `${formatDecimal(text, 4)}%`;
}
