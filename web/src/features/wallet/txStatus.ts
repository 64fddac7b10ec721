// Transaction states of spec 002 section 4 as a pure reducer: idle -> waitingForApproval ->
// waitingForConfirmation -> confirmedOneShot -> confirmed | failed | cancelled -> idle (after 5 s).
import { authMessages } from '@payd/schemas';

export type TxPhase =
  | 'idle'
  | 'waitingForApproval'
  | 'waitingForConfirmation'
  | 'confirmedOneShot'
  | 'confirmed'
  | 'failed'
  | 'cancelled';

export interface TxState {
  phase: TxPhase;
  /** What the transaction does, e.g. 'Stake 32 ETH'. */
  label: string;
  hash?: `0x${string}`;
  /** Error text for failed. */
  error?: string;
  /** Identifies the transaction so late events of an earlier one are ignored. */
  id: number;
}

export type TxEvent =
  | { type: 'start'; id: number; label: string }
  | { type: 'sent'; id: number; hash: `0x${string}` }
  | { type: 'mined'; id: number }
  | { type: 'settled'; id: number }
  | { type: 'reverted'; id: number; reason?: string }
  | { type: 'sendFailed'; id: number; error: unknown }
  | { type: 'clear'; id: number };

/** How long confirmed, failed and cancelled stay visible. */
export const TX_STATUS_HIDE_MS = 5000;

export const idleTx: TxState = { phase: 'idle', label: '', id: 0 };

export function sendErrorText(error: unknown): { phase: 'cancelled' | 'failed'; error?: string } {
  const text = collectMessages(error);
  if (text.includes(authMessages.txUserDenied) || /user rejected|user denied/i.test(text))
    return { phase: 'cancelled' };
  return { phase: 'failed', error: authMessages.txFailedToSend };
}

function collectMessages(e: unknown): string {
  const parts: string[] = [];
  let cur = e as { message?: string; details?: string; shortMessage?: string; cause?: unknown } | undefined;
  for (let i = 0; cur && i < 6; i++) {
    parts.push(cur.message ?? '', cur.details ?? '', cur.shortMessage ?? '');
    cur = cur.cause as typeof cur;
  }
  return parts.join(' | ');
}

export function txReducer(state: TxState, event: TxEvent): TxState {
  if (event.type === 'start') return { phase: 'waitingForApproval', label: event.label, id: event.id };
  if (event.id !== state.id) return state;
  switch (event.type) {
    case 'sent':
      return { ...state, phase: 'waitingForConfirmation', hash: event.hash };
    case 'mined':
      return { ...state, phase: 'confirmedOneShot' };
    case 'settled':
      return state.phase === 'confirmedOneShot' ? { ...state, phase: 'confirmed' } : state;
    case 'reverted':
      return { ...state, phase: 'failed', error: event.reason ? `Reverted: ${event.reason}` : 'Failed' };
    case 'sendFailed':
      return { ...state, ...sendErrorText(event.error) };
    case 'clear':
      return ['confirmed', 'failed', 'cancelled'].includes(state.phase) ? { ...idleTx, id: state.id } : state;
  }
}

export function txStatusText(state: TxState): string {
  switch (state.phase) {
    case 'waitingForApproval':
      return 'Waiting for approval in your wallet';
    case 'waitingForConfirmation':
      return 'Waiting for confirmation';
    case 'confirmedOneShot':
    case 'confirmed':
      return 'Confirmed';
    case 'cancelled':
      return 'Cancelled';
    case 'failed':
      return state.error ?? 'Failed';
    default:
      return '';
  }
}
