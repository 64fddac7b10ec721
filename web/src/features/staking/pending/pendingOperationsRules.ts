// What the pending operations list says of each operation (GetPendingOperations' entries), as pure
// functions: its name, where it stands, and when it is expected, in the dates of the staking screens
// (dateTimeUtc, 'in ~N days, M hours').
import type { PendingOperationEntry } from '@payd/schemas';
import { dateTimeUtc } from '../validatorsRules.ts';

export const OPERATION_NAMES: Record<PendingOperationEntry['Kind'], string> = {
  deposit: 'Deposit',
  'top-up': 'Top-up',
  activation: 'Activation',
  exit: 'Exit',
  'partial-withdrawal': 'Partial withdrawal',
  consolidation: 'Consolidation',
};

const STATE_TEXT: Record<PendingOperationEntry['State'], string> = {
  awaiting_finality: 'Waiting for its block to be finalized',
  queued: 'In the queue',
  postponed: 'Waiting until the validator is withdrawable',
  awaiting_deposit: 'Waiting for its deposit',
  eligible: 'Eligible, waiting for finality',
  scheduled: 'Scheduled',
  exiting: 'Exiting',
  exited: 'Exited, waiting to be withdrawable',
  withdrawable: 'Withdrawable, waiting for the withdrawal sweep',
};

/** Where the operation stands, with its place in its queue when it has one ('In the queue: 3 of 40'). */
export function stateText(op: PendingOperationEntry): string {
  const place =
    op.Position !== null && op.QueueLength !== null ? ` (${op.Position} of ${op.QueueLength})` : '';
  return `${STATE_TEXT[op.State]}${place}`;
}

/** What completes on the date: credited, active, paid out, moved. */
const DONE: Record<PendingOperationEntry['Kind'], string> = {
  deposit: 'credited',
  'top-up': 'credited',
  activation: 'active',
  exit: 'ETH paid to the withdrawal address',
  'partial-withdrawal': 'ETH paid to the withdrawal address',
  consolidation: 'balance moved to the target',
};

function inAbout(ms: number): string {
  const hours = Math.max(0, Math.round(ms / 3_600_000));
  const days = Math.floor(hours / 24);
  return `in ~${days} day${days === 1 ? '' : 's'}, ${hours % 24} hour${hours % 24 === 1 ? '' : 's'}`;
}

/** 'Active in ~0 days, 2 hours (about 15 Oct 2025, 11:02 UTC)', or a dash when the rules cannot tell. */
export function expectedText(op: PendingOperationEntry, now: number): string {
  if (!op.ExpectedUtc) return '-';
  const at = Date.parse(op.ExpectedUtc);
  const done = DONE[op.Kind];
  const when =
    at <= now
      ? `due (${dateTimeUtc(new Date(at))})`
      : `${inAbout(at - now)} (about ${dateTimeUtc(new Date(at))})`;
  return `${done.charAt(0).toUpperCase()}${done.slice(1)} ${when}`;
}

/** The ETH of the operation ('10 ETH'), without trailing zeros; null when it has none. */
export function amountText(op: PendingOperationEntry): string | null {
  if (op.AmountEth === null) return null;
  const [whole, frac = ''] = op.AmountEth.split('.');
  const f = frac.replace(/0+$/, '');
  return `${whole}${f ? `.${f}` : ''} ETH`;
}
