// The transaction status bar of TxStatus.tsx, at the bottom right while a transaction is under way
// and for a moment after: loaded with the first transaction, not with the wallet pages.
import { Loader, Notification, Portal } from '@mantine/core';
import { useCallback, type RefObject } from 'react';
import { TOAST_CLEARANCE, TOAST_MAX_WIDTH } from '../../notifications/notify.ts';
import { useT } from '../../i18n/useT.ts';
import { txStatusText, type TxState } from './txStatus.ts';

type KeepFormClear = typeof import('../../notifications/formClearance.ts').keepFormClear;

/** The button a transaction was sent with, and what keeps its form in sight above the bar. */
export interface TxOrigin {
  button: Element | null;
  keepFormClear?: KeepFormClear;
}

export default function TxStatusBar({ state, origin }: { state: TxState; origin: RefObject<TxOrigin> }) {
  // A new callback for each transaction: React calls it once the bar of that transaction is in
  // the page (the portal mounts after its first render).
  const barRef = useCallback(
    (bar: HTMLDivElement | null) =>
      origin.current.keepFormClear?.(origin.current.button, bar, TOAST_CLEARANCE),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [state.id, origin],
  );
  const { t, message } = useT();
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
          // The sender words its label in the active language; a fixed English one is looked up.
          title={message(state.label)}
          style={{ width: '100%', maxWidth: TOAST_MAX_WIDTH, pointerEvents: 'auto' }}
          // Mantine dims the text under a title to gray.6 (3.32:1 on white, under WCAG AA's 4.5:1).
          styles={{ description: { color: 'var(--mantine-color-text)' } }}
          data-testid="tx-status"
        >
          {statusText(state, t, message)}
        </Notification>
      </div>
    </Portal>
  );
}

/** The status line in the active language; a revert's reason is the chain's own words. */
function statusText(
  state: TxState,
  t: ReturnType<typeof useT>['t'],
  message: ReturnType<typeof useT>['message'],
): string {
  const reverted = state.phase === 'failed' ? /^Reverted: (.*)$/s.exec(state.error ?? '') : null;
  return reverted ? t('tx.reverted', { reason: reverted[1] }) : message(txStatusText(state));
}
