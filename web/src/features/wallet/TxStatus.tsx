// The transaction status bar (TxStatusBar.tsx) and the hook features use to send transactions
// through it:
//   const send = useSendWithStatus();
//   await send('Stake 32 ETH', () => writeContractAsync({...}));
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useReducer,
  useRef,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useClient } from 'wagmi';
import type { Hash } from 'viem';
import { idleTx, TX_STATUS_HIDE_MS, txReducer, type TxState } from './txStatus.ts';
import type { TxOrigin } from './TxStatusBar.tsx';

// The bar itself (Mantine's Notification in a portal) loads with the first transaction.
const loadBar = () => import('./TxStatusBar.tsx');
const TxStatusBar = lazy(loadBar);

type Send = (label: string, sendTx: () => Promise<Hash>) => Promise<TxState['phase']>;

const TxContext = createContext<{ state: TxState; send: Send } | null>(null);

export function TxStatusProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(txReducer, idleTx);
  const client = useClient();
  const queryClient = useQueryClient();
  const nextId = useRef(0);
  // The button the person sent the transaction with, and what keeps its form in sight above the
  // bar (loaded with the first transaction).
  const origin = useRef<TxOrigin>({ button: null });
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
      const [{ keepFormClear }] = await Promise.all([
        import('../../notifications/formClearance.ts'),
        loadBar(),
      ]);
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
      {state.phase !== 'idle' && (
        <Suspense fallback={null}>
          <TxStatusBar state={state} origin={origin} />
        </Suspense>
      )}
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
