// The transaction status bar and the hook features use to send transactions through it:
//   const send = useSendWithStatus();
//   await send('Stake 32 ETH', () => writeContractAsync({...}));
import { Loader, Notification, Portal } from '@mantine/core';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useReducer,
  useRef,
  type ReactNode,
  type RefObject,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useClient } from 'wagmi';
import type { Hash } from 'viem';
import { TOAST_CLEARANCE, TOAST_MAX_WIDTH } from '../../notifications/notify.ts';
import { idleTx, TX_STATUS_HIDE_MS, txReducer, txStatusText, type TxState } from './txStatus.ts';

type Send = (label: string, sendTx: () => Promise<Hash>) => Promise<TxState['phase']>;

const TxContext = createContext<{ state: TxState; send: Send } | null>(null);

export function TxStatusProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(txReducer, idleTx);
  const client = useClient();
  const queryClient = useQueryClient();
  const nextId = useRef(0);
  // The button the person sent the transaction with, and what keeps its form in sight above the
  // bar (loaded with the first transaction).
  const origin = useRef<{ button: Element | null; keepFormClear?: KeepFormClear }>({ button: null });
  // A mined transaction (succeeded or reverted, gas is spent either way) changes the wallet's
  // balances: the wallet header's ETH and token reads are fetched again at once, not at their
  // next interval.
  const refreshBalances = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['balance'] });
    void queryClient.invalidateQueries({ queryKey: ['readContract'] });
  }, [queryClient]);

  const send = useCallback<Send>(
    async (label, sendTx) => {
      const id = ++nextId.current;
      const button = document.activeElement;
      const { keepFormClear } = await import('./formClearance.ts');
      origin.current = { button, keepFormClear };
      dispatch({ type: 'start', id, label });
      let hash: Hash;
      try {
        hash = await sendTx();
      } catch (error) {
        dispatch({ type: 'sendFailed', id, error });
        return 'failed';
      }
      dispatch({ type: 'sent', id, hash });
      if (!client) return 'waitingForConfirmation';
      let receipt;
      try {
        const { receiptOf } = await import('./txOutcome.ts');
        receipt = await receiptOf(client, hash);
      } catch (error) {
        dispatch({ type: 'sendFailed', id, error });
        return 'failed';
      }
      refreshBalances();
      if (receipt.status === 'success') {
        dispatch({ type: 'mined', id });
        dispatch({ type: 'settled', id });
        return 'confirmed';
      }
      const { revertReasonOf } = await import('./txOutcome.ts');
      const reason = await revertReasonOf(client, hash, receipt.blockNumber);
      dispatch({ type: 'reverted', id, reason });
      return 'failed';
    },
    [client, refreshBalances],
  );

  useEffect(() => {
    if (!['confirmed', 'failed', 'cancelled'].includes(state.phase)) return;
    const t = window.setTimeout(() => dispatch({ type: 'clear', id: state.id }), TX_STATUS_HIDE_MS);
    return () => window.clearTimeout(t);
  }, [state.phase, state.id]);

  return (
    <TxContext.Provider value={{ state, send }}>
      {children}
      <TxStatusBar state={state} origin={origin} />
    </TxContext.Provider>
  );
}

export function useSendWithStatus(): Send {
  const ctx = useContext(TxContext);
  if (!ctx) throw new Error('useSendWithStatus outside TxStatusProvider');
  return ctx.send;
}

export function useTxState(): TxState {
  const ctx = useContext(TxContext);
  if (!ctx) throw new Error('useTxState outside TxStatusProvider');
  return ctx.state;
}

type KeepFormClear = typeof import('./formClearance.ts').keepFormClear;

function TxStatusBar({
  state,
  origin,
}: {
  state: TxState;
  origin: RefObject<{ button: Element | null; keepFormClear?: KeepFormClear }>;
}) {
  // A new callback for each transaction: React calls it once the bar of that transaction is in
  // the page (the portal mounts after its first render).
  const barRef = useCallback(
    (bar: HTMLDivElement | null) =>
      origin.current.keepFormClear?.(origin.current.button, bar, TOAST_CLEARANCE),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [state.id, origin],
  );
  if (state.phase === 'idle') return null;
  const busy = state.phase === 'waitingForApproval' || state.phase === 'waitingForConfirmation';
  const color =
    state.phase === 'failed' ? 'red' : state.phase === 'cancelled' ? 'gray' : busy ? 'payd' : 'teal';
  return (
    <Portal>
      <div
        style={{
          position: 'fixed',
          // The bottom right corner, as the toasts (notify.ts): clear of the sidebar, the header and
          // the forms' labels, which it covered at the bottom left of the page (issue 27).
          left: 'calc(var(--app-shell-navbar-offset, 0px) + 16px)',
          right: 16,
          bottom: 16,
          display: 'flex',
          justifyContent: 'flex-end',
          zIndex: 300,
          pointerEvents: 'none',
        }}
      >
        <Notification
          ref={barRef}
          role="status"
          aria-live="polite"
          withCloseButton={false}
          color={color}
          icon={busy ? <Loader size={16} color="white" /> : undefined}
          title={state.label}
          style={{ width: '100%', maxWidth: TOAST_MAX_WIDTH, pointerEvents: 'auto' }}
          // Mantine dims the text under a title to gray.6 (3.32:1 on white, under WCAG AA's 4.5:1).
          styles={{ description: { color: 'var(--mantine-color-text)' } }}
          data-testid="tx-status"
        >
          {txStatusText(state)}
        </Notification>
      </div>
    </Portal>
  );
}
