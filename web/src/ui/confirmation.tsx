// The confirmation pages (/withdrawConfirm, /StmtDownloadConfirm) announce a success only when the
// action that succeeded led there: it navigates with confirmedBy(action) as the route state. Opened
// directly (a bookmark, a typed or shared URL) they say that nothing was done instead.
import { Alert } from '@mantine/core';
import { useLocation } from 'react-router';
import { useT } from '../i18n/useT.ts';

export type ConfirmedAction = 'withdraw' | 'statementDownload';

/** The route state an action navigates to its confirmation page with. */
export function confirmedBy(action: ConfirmedAction): { state: { confirmed: ConfirmedAction } } {
  return { state: { confirmed: action } };
}

/** True when this page was reached from `action`'s success. */
export function useConfirmed(action: ConfirmedAction): boolean {
  const state = useLocation().state as { confirmed?: unknown } | null;
  return state?.confirmed === action;
}

/** What a confirmation page says when it was opened without the action (an English catalogue
 * text is shown in the language on screen). */
export function NothingConfirmed({ text }: { text: string }) {
  const { message } = useT();
  return (
    <Alert color="gray" data-testid="nothing-confirmed">
      {message(text)}
    </Alert>
  );
}
