// Pure rules of the staking screens about validators (spec 001 sections 4, 5 and 9): which codes
// the dashboard lists and counts, badges, uptime texts, the 2-day withdraw rule and the withdraw
// messages. "Now" is the beacon chain's time (dashboardApi's chain clock), not the browser's.

import { networkLinks } from './networkLinks.ts';
import { plural, pluralWord, type QueueEntry } from '@payd/schemas';
import { addDecimals } from '../../ui/decimal.ts';
import { ETH_PER_VALIDATOR } from './stakeRules.ts';

export { ETH_PER_VALIDATOR };

export type ValidatorRow = Record<string, unknown>;

/** Codes the dashboard's validators table shows. */
export const DASHBOARD_CODES: readonly string[] = ['1', '2', '3', '4', '6', '7'];
/**
 * Codes that count toward Total Staked (32 ETH each): pending, active and exiting validators. Spec
 * 001 also counts 7, but an exited validator no longer stakes: its balance is on its way to the
 * withdrawal address (shown apart, `exitedBalance`) and leaves the total.
 */
export const STAKED_CODES: readonly string[] = ['1', '2', '3', '4'];
/** Exited, its balance not yet paid out by the withdrawal sweep. */
export const EXITED_CODES: readonly string[] = ['7'];
/** Live validators: the manage screen's dropdown. */
export const LIVE_CODES: readonly string[] = ['1', '2', '3'];
/** Only code-3 validators activated more than 2 days ago are withdrawable. */
export const WITHDRAWABLE_AFTER_MS = 172_800_000;
export const PAGE_SIZE = 5;

export const ValidatorMessages = {
  drawingDownTooMuch: 'You are drawing down more ETH than you have staked.',
  notEnoughActive: 'Not enough active validator(s) to be withdrawn at this moment.',
  notReady: 'The current validator is not ready for withdrawal yet.',
  noValidators: 'No validators, please stake ETH.',
  /** Under the dashboard's disabled Withdraw ETH (the validators card already says noValidators). */
  nothingToWithdraw: 'Nothing to withdraw: no validators are staked.',
} as const;

export const code = (v: ValidatorRow): string => String(v.ValidatorStatusCd5 ?? '');

export function dashboardValidators(all: readonly ValidatorRow[]): ValidatorRow[] {
  return all.filter((v) => DASHBOARD_CODES.includes(code(v)));
}

export function stakedCount(all: readonly ValidatorRow[]): number {
  return all.filter((v) => STAKED_CODES.includes(code(v))).length;
}

/** Exited validators whose balance the sweep has still to pay, with that balance (ETH, 18 places). */
export function exitedBalance(all: readonly ValidatorRow[]): { count: number; eth: string } {
  const exited = all.filter((v) => EXITED_CODES.includes(code(v)));
  const balances = exited.map((v) => String(v.Balance5 ?? '') || '0');
  return { count: exited.length, eth: addDecimals(balances) };
}

export function liveValidators(all: readonly ValidatorRow[]): ValidatorRow[] {
  return all.filter((v) => LIVE_CODES.includes(code(v)));
}

/** Code 6 gets a grey badge, the others green. */
export function validatorBadgeColor(c: string): 'gray' | 'green' {
  return c === '6' ? 'gray' : 'green';
}

/** The status text (ValidatorStatusCd5Text), or the code when the server sent none. */
export function validatorStatusText(v: ValidatorRow): string {
  const t = v.ValidatorStatusCd5Text;
  return typeof t === 'string' && t ? t : code(v) || 'N/A';
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function daysHours(ms: number): string {
  const abs = Math.max(0, ms);
  const days = Math.floor(abs / DAY);
  const hours = Math.floor((abs % DAY) / HOUR);
  return `${plural(days, 'day')}, ${plural(hours, 'hour')}`;
}

/** 'in ~N days, M hours' (spec 001) until a time; 'in under an hour' rather than '~0 days, 0 hours'. */
function inAbout(ms: number): string {
  return ms < HOUR ? 'in under an hour' : `in ~${daysHours(ms)}`;
}

const time = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const t = Date.parse(String(v));
  return Number.isNaN(t) ? null : t;
};

/**
 * Uptime: a dash for code 6 or without activation time; below 3 'Active in ~N days, M hours'
 * until ActivationUtc5; otherwise the time elapsed since activation, up to the exit once the
 * validator has exited (ExitUtc5 passed): an exited validator's uptime stops.
 */
export function uptimeText(v: ValidatorRow, now: number): string {
  const c = code(v);
  const activation = time(v.ActivationUtc5);
  if (c === '6' || activation === null) return '-';
  const below3 = c === '' || Number(c) < 3;
  if (below3) return `Active ${inAbout(activation - now)}`;
  const exit = time(v.ExitUtc5);
  return daysHours((exit !== null && exit < now ? exit : now) - activation);
}

/** What the activation queue says of a validator (SyncValidators' Queue entry). */
export type ActivationQueueEntry = Pick<
  QueueEntry,
  'Position' | 'QueueLength' | 'Scheduled' | 'ActivationUtc'
>;

/**
 * A validator waiting for activation: its place in the chain's queue and when it becomes active,
 * e.g. '1 of 2 in the activation queue · active in ~0 days, 1 hour (about 24 Nov 2026, 14:05 UTC)';
 * 'Active in ~… (on …)' once the chain has set the epoch. Null when it is not waiting.
 */
export function activationText(
  v: ValidatorRow,
  entry: ActivationQueueEntry | undefined,
  now: number,
): string | null {
  const c = code(v);
  if (!entry || !(c === '' || Number(c) < 3)) return null;
  const at = time(entry.ActivationUtc);
  if (at === null) return null;
  const when = `${inAbout(at - now)} (${entry.Scheduled ? 'on' : 'about'} ${dateTimeUtc(new Date(at))})`;
  if (entry.Scheduled || entry.Position === null) return `Active ${when}`;
  return `${entry.Position} of ${entry.QueueLength} in the activation queue · active ${when}`;
}

/** When a validator may be exited (activation + 2 days, the chain's time); null before activation. */
export function readyToExitAt(v: ValidatorRow): Date | null {
  const activation = time(v.ActivationUtc5);
  return activation === null ? null : new Date(activation + WITHDRAWABLE_AFTER_MS);
}

/** 'Ready to exit on 24 Nov 2026, 14:05 UTC' (the 2-day rule), or null when it cannot be told yet. */
export function readyToExitText(v: ValidatorRow): string | null {
  const at = readyToExitAt(v);
  return at ? `Ready to exit on ${dateTimeUtc(at)}` : null;
}

/** '24 Nov 2026, 14:05 UTC'. */
export function dateTimeUtc(d: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${p(d.getUTCHours())}:${p(d.getUTCMinutes())} UTC`;
}

/** Code 3 with an index, activated more than 2 days before `now`. */
export function isWithdrawable(v: ValidatorRow, now: number): boolean {
  const activation = time(v.ActivationUtc5);
  return (
    code(v) === '3' &&
    v.ValidatorIndex5 !== null &&
    v.ValidatorIndex5 !== undefined &&
    v.ValidatorIndex5 !== '' &&
    activation !== null &&
    now - activation > WITHDRAWABLE_AFTER_MS
  );
}

export function withdrawableCount(all: readonly ValidatorRow[], now: number): number {
  return all.filter((v) => isWithdrawable(v, now)).length;
}

/** The withdraw screen's message for `count` validators, or null when it may continue. */
export function withdrawError(count: number, all: readonly ValidatorRow[], now: number): string | null {
  if (!count) return null;
  if (count * ETH_PER_VALIDATOR > stakedCount(all) * ETH_PER_VALIDATOR)
    return ValidatorMessages.drawingDownTooMuch;
  if (count > withdrawableCount(all, now)) return ValidatorMessages.notEnoughActive;
  return null;
}

/**
 * Why the dashboard's Withdraw ETH is disabled, or null: nothing staked, or nothing withdrawable yet
 * (the withdraw screen's own rule and message, so the button never leads to a form that refuses).
 */
export function withdrawDisabledReason(all: readonly ValidatorRow[], now: number): string | null {
  if (!stakedCount(all)) return ValidatorMessages.nothingToWithdraw;
  if (!withdrawableCount(all, now)) return ValidatorMessages.notEnoughActive;
  return null;
}

/** What the 'Withdrawal Confirmation' modal says of `count` validators, in the right number. */
export function withdrawConfirmText(count: number): string {
  return (
    `You are withdrawing ${plural(count, 'validator')} (${count * ETH_PER_VALIDATOR} ETH). ` +
    `${pluralWord(count, 'Its exit is', 'Their exits are')} signed and sent to the beacon chain now; the ETH ` +
    'reaches your withdrawal address after the withdrawal queue (2 to 5 days).'
  );
}

/** The validator-count input: whole numbers from 0 (decimals dropped, blanks and junk are 0). */
export function parseCount(text: string | number): number {
  const n = typeof text === 'number' ? text : Number(String(text).trim() || '0');
  if (!Number.isFinite(n) || n < 0) return 0;
  return Math.trunc(n);
}

/** Keys blocked in the count input (spec 001 section 5). */
export const BLOCKED_COUNT_KEYS: readonly string[] = ['e', 'E', '+', '-', '.'];

/** Why Exit Validator is disabled, or null when it is enabled (spec 001 'Single-validator ... exit'). */
export function exitDisabledReason(
  rows: readonly ValidatorRow[],
  busy: boolean,
  now: number,
): 'no-row' | 'exiting' | 'busy' | 'not-ready' | null {
  const first = rows[0];
  if (!first) return 'no-row';
  if (code(first) === '4') return 'exiting';
  if (busy) return 'busy';
  if (!isWithdrawable(first, now)) return 'not-ready';
  return null;
}

/** A validator as a person names it: 'Validator 12' by its index, else its shortened public key. */
export function validatorName(v: ValidatorRow): string {
  const index = v.ValidatorIndex5;
  if (index !== null && index !== undefined && index !== '') return `Validator ${String(index)}`;
  return shortKey(String(v.PubKey5 ?? ''), 10, 6);
}

/** '0x1234…abcd' for a public key or address. */
export function shortKey(key: string, head = 6, tail = 4): string {
  return key.length > head + tail + 1 ? `${key.slice(0, head)}…${key.slice(-tail)}` : key;
}

/**
 * Where to look a validator up by index on the network: the public beacon explorer (testnet
 * variants by chain), on chain 88 the dev beacon node's API (`beaconUrl`); null when none.
 */
export function beaconExplorerUrl(
  index: unknown,
  networkId: number | string | null | undefined,
  beaconUrl?: string | null,
): string | null {
  if (index === null || index === undefined || index === '') return null;
  return networkLinks(networkId, beaconUrl).validator(String(index));
}

/** The 24 words in rows of 6. */
export function wordRows(mnemonic: string, perRow = 6): string[][] {
  const words = mnemonic.trim().split(/\s+/).filter(Boolean);
  const rows: string[][] = [];
  for (let i = 0; i < words.length; i += perRow) rows.push(words.slice(i, i + perRow));
  return rows;
}

/** One page (0-based) of `rows`, and how many pages there are (at least 1). */
export function pageOf<T>(rows: readonly T[], page: number, size = PAGE_SIZE): { rows: T[]; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const p = Math.min(Math.max(0, page), pages - 1);
  return { rows: rows.slice(p * size, p * size + size), pages };
}

/** DisplayMnemonic or GetKeystore refused for want of a recent proven sign-in (features/accounts/reauth.ts). */
export { isReauthRequired } from '../accounts/index.ts';

const hasIndex = (v: ValidatorRow) =>
  v.ValidatorIndex5 !== null && v.ValidatorIndex5 !== undefined && v.ValidatorIndex5 !== '';

/** A live validator in the manage screen's dropdown: its key, and its index when it has one. */
export function validatorOptionLabel(v: ValidatorRow): string {
  return `${shortKey(String(v.PubKey5), 10, 8)}${hasIndex(v) ? ` (index ${String(v.ValidatorIndex5)})` : ''}`;
}

/** The validator's index, 'N/A' before it has one. */
export function validatorIndexText(v: ValidatorRow): string {
  return hasIndex(v) ? String(v.ValidatorIndex5) : 'N/A';
}
