// Wallet connection states of spec 002 section 4 and how a connect error maps onto them.
import { authMessages } from '@payd/schemas';

export type ConnectionState =
  'inactive' | 'activating' | 'active' | 'rejectedByUser' | 'alreadyPending' | 'failed';

function codeOf(e: unknown): number | undefined {
  let cur = e as { code?: number; cause?: unknown } | undefined;
  for (let i = 0; cur && i < 5; i++) {
    if (typeof cur.code === 'number') return cur.code;
    cur = cur.cause as typeof cur;
  }
  return undefined;
}

/** 4001: the user rejected the request; -32002: a request is already pending in the wallet. */
export function connectErrorState(e: unknown): ConnectionState {
  const code = codeOf(e);
  const text = String((e as Error)?.message ?? '');
  if (code === 4001 || /user rejected|user denied/i.test(text)) return 'rejectedByUser';
  if (code === -32002 || /already pending/i.test(text)) return 'alreadyPending';
  return 'failed';
}

/** Text of a failed connection: no wallet in the browser gets the spec's install hint. */
export function connectErrorText(e: unknown): string {
  const err = e as { name?: string; shortMessage?: string; message?: string };
  if (err?.name === 'ProviderNotFoundError' || /provider not found/i.test(err?.message ?? ''))
    return authMessages.installMetaMask;
  return err?.shortMessage ?? err?.message ?? '';
}

export interface ConnectionModal {
  title: string;
  text: string;
  /** Buttons: retry and/or cancel. */
  retry: boolean;
}

export function connectionModal(state: ConnectionState, errorText: string): ConnectionModal | null {
  switch (state) {
    case 'activating':
      return {
        title: 'Confirm connection',
        text: 'Confirm the request in your wallet to connect it to payd.',
        retry: false,
      };
    case 'rejectedByUser':
      return { title: 'Cancel connection?', text: authMessages.connectAccount, retry: true };
    case 'alreadyPending':
      return { title: 'Connection already requested', text: authMessages.acceptConnection, retry: true };
    case 'failed':
      return { title: 'Failed to connect', text: errorText || authMessages.installMetaMask, retry: true };
    default:
      return null;
  }
}

/**
 * Spec 002 section 4: changing the chain while another API chain was set logs the user out.
 * True when the wallet moves away from the chain the session's API belongs to.
 */
export function chainChangeEndsSession(
  previous: number | undefined,
  next: number | undefined,
  apiChain: number,
): boolean {
  return previous === apiChain && next !== undefined && next !== apiChain;
}
