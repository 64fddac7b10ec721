// The rows of the reward statement detail page, from a statement's Summary8 (exact decimals as
// text): one per validator and a total. Rewards add the consensus and the execution rewards as
// decimal strings, without floats; fees and MEV are also given apart, as on the dashboard.

interface Figures {
  validatorId?: number;
  validatorIndex?: string | null;
  opening?: string;
  consensusRewards?: string;
  executionRewards?: string;
  feesRewards?: string;
  mevRewards?: string;
  withdrawals?: string;
  closing?: string;
}

export interface RewardRow {
  key: string;
  name: string;
  opening: string;
  rewards: string;
  consensus: string;
  /** Null on a statement made before fees and MEV were given apart. */
  fees: string | null;
  mev: string | null;
  withdrawals: string;
  closing: string;
  total: boolean;
}

const SCALE = 18;

function toUnits(text: string): bigint {
  const neg = text.trim().startsWith('-');
  const [i = '0', f = ''] = text.trim().replace(/^[-+]/, '').split('.');
  const units =
    BigInt(i || '0') * 10n ** BigInt(SCALE) + BigInt((f + '0'.repeat(SCALE)).slice(0, SCALE) || '0');
  return neg ? -units : units;
}

function fromUnits(u: bigint): string {
  const neg = u < 0n;
  const abs = neg ? -u : u;
  const s = abs.toString().padStart(SCALE + 1, '0');
  return `${neg ? '-' : ''}${s.slice(0, -SCALE)}.${s.slice(-SCALE)}`;
}

/** a + b of two decimal strings, 18 places. */
export function addDecimals(a: string, b: string): string {
  return fromUnits(toUnits(a) + toUnits(b));
}

function row(f: Figures, name: string, total: boolean): RewardRow {
  return {
    key: total ? 'total' : String(f.validatorId),
    name,
    opening: f.opening ?? '0',
    rewards: addDecimals(f.consensusRewards ?? '0', f.executionRewards ?? '0'),
    consensus: f.consensusRewards ?? '0',
    fees: f.feesRewards ?? null,
    mev: f.mevRewards ?? null,
    withdrawals: f.withdrawals ?? '0',
    closing: f.closing ?? '0',
    total,
  };
}

export function rewardRows(summary: Record<string, unknown>): RewardRow[] {
  const validators = (summary.validators ?? []) as Figures[];
  const out = validators.map((v) => row(v, `Validator ${v.validatorIndex ?? 'pending'}`, false));
  if (summary.total) out.push(row(summary.total as Figures, 'All validators', true));
  return out;
}

/** 'YYYY-MM-01' → the month's last day, YYYY-MM-DD. */
export function lastDayOf(month: string): string {
  const d = new Date(`${month}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
}
