// What the wallet status page tells a terminated customer (issue 24), as pure functions: where
// each validator's exit stands and the date its ETH is expected (SyncValidators' Exits: the beacon
// chain's exit and withdrawable epochs, then the sweep's visit), and when they may come back
// (mayComeBack of @payd/schemas, the rule the server applies).
import { mayComeBack, type ExitEntry } from '@payd/schemas';
import { code, dateTimeUtc, validatorName, type ValidatorRow } from './validatorsRules.ts';

/** One exit as SyncValidators answers it. */
export type { ExitEntry };

export interface ExitLine {
  name: string;
  pubkey: string;
  /** Where the exit stands, in words. */
  state: string;
  /** 'ETH expected by …', 'ETH paid to your withdrawal address', or null when it cannot be told yet. */
  eth: string | null;
}

const when = (iso: string | null | undefined) => (iso ? dateTimeUtc(new Date(iso)) : null);

/** A validator's exit, from its row and the beacon chain's entry (when the chain scheduled one). */
export function exitLine(v: ValidatorRow, exit: ExitEntry | undefined, now: number): ExitLine {
  const base = { name: validatorName(v), pubkey: String(v.PubKey5 ?? '') };
  const c = code(v);
  if (exit?.State === 'withdrawn' || c === '6')
    return { ...base, state: 'Withdrawn', eth: 'ETH paid to your withdrawal address' };
  if (exit) {
    const exitAt = Date.parse(exit.ExitUtc);
    const state =
      exit.State === 'exiting' && exitAt > now
        ? `Exiting: leaves the beacon chain on ${when(exit.ExitUtc)}`
        : `Exited on ${when(exit.ExitUtc)}`;
    const eth = exit.EthExpectedUtc ? `ETH expected by ${when(exit.EthExpectedUtc)}` : null;
    return { ...base, state, eth };
  }
  if (c === '7') return { ...base, state: 'Exited', eth: 'ETH on its way to your withdrawal address' };
  if (c === '3' || c === '4')
    return { ...base, state: 'Exit requested: waiting for the beacon chain to schedule it', eth: null };
  return { ...base, state: 'Waiting for activation: it exits as soon as it is active', eth: null };
}

/** The validators the exits concern: every one ever deposited (an empty code never was). */
export function exitedValidators(all: readonly ValidatorRow[]): ValidatorRow[] {
  return all.filter((v) => code(v) !== '');
}

/** Whether the customer may come back now (every validator has exited). */
export function comeBackOpen(all: readonly ValidatorRow[]): boolean {
  return mayComeBack(all.map(code));
}

/** The last of the exits' dates: when coming back opens, once the chain has scheduled every exit. */
export function lastExitText(all: readonly ValidatorRow[], exits: readonly ExitEntry[]): string | null {
  const last = lastExitAt(all, exits);
  return last ? dateTimeUtc(new Date(last)) : null;
}

/** The last of the exits' times (ms), or null while the chain has not scheduled every exit. */
export function lastExitAt(all: readonly ValidatorRow[], exits: readonly ExitEntry[]): number | null {
  const byKey = new Map(exits.map((e) => [e.PubKey.toLowerCase(), e]));
  let last = 0;
  for (const v of exitedValidators(all)) {
    if (['6', '7'].includes(code(v))) continue;
    const e = byKey.get(String(v.PubKey5 ?? '').toLowerCase());
    if (!e) return null;
    last = Math.max(last, Date.parse(e.ExitUtc));
  }
  return last || null;
}
