// The rows of the reward statement detail page, from a statement's Summary8 (exact decimals as
// text): one per validator and a total, each adding up as opening + deposits + rewards -
// withdrawals = closing. The balance is what the beacon chain holds, so its rewards are the
// consensus rewards; fees and MEV go to the fee recipient and stand beside the sum, not in it,
// each apart as on the dashboard. Withdrawals are negative in the records and shown as the amount
// taken out. No floats.

interface Figures {
  validatorId?: number;
  validatorIndex?: string | null;
  opening?: string;
  deposits?: string;
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
  deposits: string;
  /** Consensus rewards and penalties: the part of the balance's change that was earned. */
  rewards: string;
  /** Fees and MEV, paid to the fee recipient: earned, but not part of the balance. */
  executionRewards: string;
  /** Null on a statement made before fees and MEV were given apart. */
  fees: string | null;
  mev: string | null;
  /** Taken out of the balance, as a positive amount. */
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
    deposits: f.deposits ?? '0',
    rewards: addDecimals(f.consensusRewards ?? '0', '0'),
    executionRewards: addDecimals(f.executionRewards ?? '0', '0'),
    fees: f.feesRewards ?? null,
    mev: f.mevRewards ?? null,
    withdrawals: fromUnits(-toUnits(f.withdrawals ?? '0')),
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
