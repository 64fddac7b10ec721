// Toasts of spec 002 ('Notifications'): type E is an error, anything else a success; the
// <Notifications> host (bottom right, limit 1, 5000 ms) is mounted once in the app shell. The package
// loads on the first toast, not with /login (whose JavaScript must stay under 200 kB).
import type { ValidationError } from '@payd/schemas';
import { createElement } from 'react';
import { i18n } from '../i18n/language.ts';
import { translated } from '../i18n/useT.ts';

let toasts: Promise<typeof import('@mantine/notifications')> | undefined;
const loadToasts = () => (toasts ??= import('@mantine/notifications'));

export const TOAST_TIMEOUT_MS = 5000;
export const TOAST_STACK_LIMIT = 1;
/**
 * Toasts and the transaction status sit in the bottom right corner, at most this wide, clear of
 * the header and of the forms' labels and buttons (issue 27: bottom centre, they covered a form's
 * labels at 1280 px). On a phone they take the width less the margins, at the bottom.
 */
export const TOAST_POSITION = 'bottom-right';
export const TOAST_MAX_WIDTH = 340;
/** Room left under a page while a toast shows, so its last labels and buttons scroll clear of it. */
export const TOAST_CLEARANCE = 112;
/** The toasts' and the bar's distance from the screen's bottom edge, and Mantine's enter transition. */
const TOAST_MARGIN = 16;
const TOAST_ENTER_MS = 300;

/** The control a person used last (the button that sent a form): a toast keeps its form in sight. */
let lastUsed: Element | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'click',
    (e) => {
      lastUsed =
        (e.target instanceof Element && e.target.closest('button, a, input, [role="button"]')) || lastUsed;
    },
    true,
  );
  document.addEventListener(
    'submit',
    (e) => {
      lastUsed = (e as SubmitEvent).submitter ?? (e.target instanceof Element ? e.target : lastUsed);
    },
    true,
  );
}
let toastCount = 0;

/**
 * Once the toast `id` is in place: the page keeps room under it for as long as it shows, and the
 * form the person used scrolls clear of it when it would cover it (a phone, a form at the bottom).
 */
function keepClearOfToast(id: string, used: Element | null): void {
  setTimeout(() => {
    const toast = document.querySelector<HTMLElement>(`[data-toast="${id}"]`);
    if (!toast) return;
    void import('./formClearance.ts').then(({ keepFormClear }) =>
      keepFormClear(used, toast, toast.getBoundingClientRect().height + TOAST_MARGIN * 1.5, id),
    );
  }, TOAST_ENTER_MS);
}

export interface Notification {
  message: string;
  /** 'E' for an error; anything else is a success. */
  msgType?: string;
  title?: string;
  validationErrors?: ValidationError[];
}

/**
 * Shows a toast in the language on screen: its default title ('Error', 'Success') from the
 * catalogue, and a title, message or field message that is an English catalogue text (a schema
 * rule's, as the web words them) in its translation; the server's own texts come translated.
 */
export function notify(n: Notification): void {
  const error = n.msgType === 'E';
  const text = (s: string) => String(translated(s));
  const lines = (n.validationErrors ?? []).map((v) => text(v.message));
  const id = `toast-${++toastCount}`;
  const used = lastUsed;
  void loadToasts().then(({ notifications }) =>
    notifications.show({
      id,
      'data-toast': id,
      'data-testid': 'toast',
      onOpen: () => keepClearOfToast(id, used),
      onClose: () =>
        void import('./formClearance.ts').then(({ keepRoomUnderPage }) => keepRoomUnderPage(id, 0)),
      color: error ? 'red' : 'teal',
      title: n.title !== undefined ? text(n.title) : i18n._(error ? 'toast.error' : 'toast.success'),
      message:
        lines.length === 0
          ? text(n.message)
          : createElement(
              'div',
              null,
              createElement('div', null, text(n.message)),
              createElement(
                'ul',
                { style: { margin: '4px 0 0', paddingLeft: 18 } },
                lines.map((l, i) => createElement('li', { key: i }, l)),
              ),
            ),
      autoClose: TOAST_TIMEOUT_MS,
      withBorder: true,
      // The icon-only close button gets a name a screen reader can say (and a person's test can find).
      closeButtonProps: { 'aria-label': i18n._('toast.close') },
    }),
  );
}

/** A failed request: its message and validation errors as an error toast. */
export function notifyFailure(e: unknown): void {
  const err = e as { message?: string; validationErrors?: ValidationError[] };
  notify({
    msgType: 'E',
    message: err?.message || i18n._('toast.failed'),
    validationErrors: err?.validationErrors,
  });
}

/** A successful reply with a message shows it as a success toast. */
export function notifyReplyMessage(reply: { message?: string }): void {
  if (reply.message) notify({ msgType: 'S', message: reply.message });
}
