// The pure rules of a top-up (issue 25 item 2) as the web applies them: what the validator row says
// (kind, balance, active) and the pending top-ups make of the limits in @payd/schemas (topUpForm,
// the rules TopUpValidator applies on the server), where the action lives (topUpPath, for links
// from the dashboard), and what the customer reads about a top-up. No React: topUpRules.test.ts.
import {
  MIN_DEPOSIT_ETH,
  topUpForm,
  topUpLimitEth,
  validatorKindOf,
  type TopUpRow,
  type TopUpTarget,
  type ValidatorKind,
} from '@payd/schemas';
import type { ValidatorRow } from './validatorsRules.ts';

const GWEI_PER_ETH = 1_000_000_000n;

// Where the action lives: the links to /manageValidator are made in @payd/schemas (alerts link there too).
export { manageValidatorPath, TOP_UP_PARAM, topUpPath, VALIDATOR_PARAM } from '@payd/schemas';

/** A decimal ETH string (Balance5, 9 places) in gwei; 0 when empty or unreadable. */
export function ethToGwei(eth: unknown): bigint {
  const m = /^(\d+)(?:\.(\d{0,9}))?/.exec(String(eth ?? '').trim());
  if (!m) return 0n;
  return BigInt(m[1]!) * GWEI_PER_ETH + BigInt((m[2] ?? '').padEnd(9, '0') || '0');
}

/** The validator's kind: its row's WithdrawalKind5, else its credentials. */
export function kindOf(v: ValidatorRow): ValidatorKind {
  const k = String(v.WithdrawalKind5 ?? '');
  if (k === '0x01' || k === '0x02') return k;
  const json = String(v.ValidatorJson5 ?? '');
  const wc = /"withdrawal_credentials"\s*:\s*"([^"]+)"/.exec(json)?.[1];
  return (wc && validatorKindOf(wc)) || '0x01';
}

/** The ETH of this validator's top-ups that are sent and not yet credited, in gwei. */
export function pendingTopUpGwei(pubkey: string, topUps: readonly TopUpRow[]): bigint {
  return topUps
    .filter((t) => t.State === 'pending' && t.PubKey === pubkey.toLowerCase())
    .reduce((sum, t) => sum + BigInt(t.AmountEth) * GWEI_PER_ETH, 0n);
}

/** What the top-up form checks the amount against, from the row as the last sync left it. */
export function topUpTargetOf(v: ValidatorRow, topUps: readonly TopUpRow[]): TopUpTarget {
  return {
    kind: kindOf(v),
    balanceGwei: ethToGwei(v.Balance5),
    pendingGwei: pendingTopUpGwei(String(v.PubKey5 ?? ''), topUps),
    active: String(v.ValidatorStatusCd5 ?? '') === '3',
  };
}

/** Why this amount cannot be added (the schema's message), or null. */
export function topUpAmountError(target: TopUpTarget, amountEth: number | null): string | null {
  const r = topUpForm(target).safeParse({ amountEth: amountEth ?? Number.NaN });
  return r.success ? null : (r.error.issues[0]?.message ?? null);
}

/** The line under the amount: what may be added. */
export function topUpRangeText(target: TopUpTarget): string {
  const max = topUpLimitEth(target);
  if (max < MIN_DEPOSIT_ETH) return 'Nothing can be added to this validator.';
  return max === MIN_DEPOSIT_ETH
    ? 'You can add 1 ETH.'
    : `You can add ${MIN_DEPOSIT_ETH} to ${max} whole ETH.`;
}

/** How a top-up reads in the validator's list of top-ups. */
export function topUpStateText(t: TopUpRow): string {
  if (t.State === 'credited') return `Top-up of ${t.AmountEth} ETH credited`;
  if (t.State === 'pending')
    return `Top-up of ${t.AmountEth} ETH pending: the beacon chain credits it once it has processed the deposit`;
  return `Top-up of ${t.AmountEth} ETH not sent`;
}

/** The top-ups of one validator worth showing: sent ones (pending or credited), newest first. */
export function topUpsOf(pubkey: string, topUps: readonly TopUpRow[]): TopUpRow[] {
  return topUps.filter((t) => t.PubKey === pubkey.toLowerCase() && t.State !== 'signed');
}
