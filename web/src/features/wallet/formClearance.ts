// Keeps the form a transaction was sent from in sight above the status bar (issue 27, item 10).
// Loaded when a transaction starts, not with the page.
/** A box on screen, top and bottom in viewport pixels. */
export interface VerticalBox {
  top: number;
  bottom: number;
}

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
 */
export function keepFormClear(button: Element | null, bar: HTMLElement | null, room: number): void {
  document.body.style.paddingBottom = bar ? `${room}px` : '';
  if (!button?.isConnected || !bar) return;
  const form = button.closest('form, .mantine-Card-root, .mantine-Paper-root') ?? button;
  const by = scrollClearOfBar(
    form.getBoundingClientRect(),
    button.getBoundingClientRect(),
    bar.getBoundingClientRect().top,
    document.querySelector('header')?.getBoundingClientRect().bottom ?? 0,
  );
  if (by > 0) window.scrollBy(0, by);
}
