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
  void loadToasts().then(({ notifications }) =>
    notifications.show({
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
