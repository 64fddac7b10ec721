// Keeps the form a person used in sight above what shows at the bottom of the screen (issue 27,
// item 10): the transaction status bar, a toast. Loaded when one shows, not with the page.
/** A box on screen, top and bottom in viewport pixels. */
export interface VerticalBox {
  top: number;
  bottom: number;
}

/** The room each of the bar and the toasts wants under the page, in pixels. */
const rooms = new Map<string, number>();

/** Keeps `px` pixels under the page for `owner` (0: none); the page keeps the most any wants. */
export function keepRoomUnderPage(owner: string, px: number): void {
  if (px > 0) rooms.set(owner, px);
  else rooms.delete(owner);
  const most = Math.max(0, ...rooms.values());
  document.body.style.paddingBottom = most > 0 ? `${most}px` : '';
}

/** Whether two boxes on screen share some columns. */
const sideBySide = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right;

/** The gap left between the form a person sent from and the status bar under it. */
export const TX_STATUS_GAP = 8;

/**
 * How far to scroll the page down so that the status bar (its top at `barTop`) does not cover the
 * form the transaction was sent from, nor, when the whole form cannot fit between the header and
 * the bar, the button that sent it. 0 when nothing is covered.
 */
export function scrollClearOfBar(
  form: VerticalBox,
  button: VerticalBox,
  barTop: number,
  headerBottom: number,
): number {
  for (const box of [form, button]) {
    const overlap = box.bottom + TX_STATUS_GAP - barTop;
    if (overlap <= 0) return 0;
    const room = box.top - headerBottom - TX_STATUS_GAP;
    if (overlap <= room) return overlap;
  }
  return 0;
}

/**
 * While the bar shows (`bar` set), the page keeps `room` pixels under its content (TOAST_CLEARANCE;
 * passed in, so that this module loads nothing else), so its last fields can
 * scroll clear of the bar; when the bar appears over the form the transaction was sent from, that
 * form (or, when it is too tall, its button) scrolls up above the bar. `bar` null: the bar is gone.
 * A toast does the same as `owner` 'toast', with the control the person used last as `button`.
 */
export function keepFormClear(
  button: Element | null,
  bar: HTMLElement | null,
  room: number,
  owner = 'status',
): void {
  keepRoomUnderPage(owner, bar ? room : 0);
  if (!button?.isConnected || !bar) return;
  const form = button.closest('form, .mantine-Card-root, .mantine-Paper-root') ?? button;
  const shown = bar.getBoundingClientRect();
  // Beside the bar (a wide screen, the form in the middle): nothing to move.
  if (!sideBySide(form.getBoundingClientRect(), shown)) return;
  const by = scrollClearOfBar(
    form.getBoundingClientRect(),
    button.getBoundingClientRect(),
    shown.top,
    document.querySelector('header')?.getBoundingClientRect().bottom ?? 0,
  );
  if (by > 0) window.scrollBy(0, by);
}
