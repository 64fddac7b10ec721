// Where a toast shows (issue 27, item 10): the transaction status bar and the app's toasts must not
// cover the page's header nor a form's labels and buttons, at 1280 px and at phone width.
import type { ElementHandle, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The visible boxes of `elements`, with what each says (for the failure message). */
async function boxesOf(elements: (Locator | ElementHandle)[]): Promise<{ text: string; box: Box }[]> {
  const out: { text: string; box: Box }[] = [];
  for (const one of elements) {
    if (!(await one.isVisible())) continue;
    const box = await one.boundingBox();
    if (box && box.width > 0 && box.height > 0)
      out.push({ text: ((await one.textContent()) ?? '').trim().slice(0, 60), box });
  }
  return out;
}

/**
 * Fails when the shown toast `toast` covers the header or a label or button of `form` (found before
 * the click: a button that is sending loses its name). Takes the boxes as they are on screen now:
 * the toast must be showing (the caller waits for it).
 */
export async function expectToastClearOf(page: Page, toast: Locator, form: ElementHandle): Promise<void> {
  const shown = await toast.boundingBox();
  const dir = process.env.PAYD_E2E_SHOTS;
  if (dir)
    await page
      .screenshot({ path: `${dir}/toast-${page.viewportSize()?.width ?? 0}.png`, timeout: 30_000 })
      .catch((e: unknown) => console.warn(`toast screenshot: ${String(e)}`));
  expect(shown, 'the toast is on screen').not.toBeNull();
  const fields = await form.$$('label, button');
  expect(fields.length, 'the form has labels and buttons').toBeGreaterThan(0);
  const covered = [
    ...(await boxesOf(await page.getByRole('banner').all())),
    ...(await boxesOf(fields)),
  ].filter(({ box }) => overlaps(box, shown!));
  expect(
    covered.map((c) => c.text),
    `the toast at ${JSON.stringify(shown)} (viewport ${JSON.stringify(page.viewportSize())})`,
  ).toEqual([]);
}

/** The form (or card) around the button named `name`, the innermost one: call it before the click. */
export async function formAround(page: Page, name: string): Promise<ElementHandle> {
  const form = await page
    .locator('form, .mantine-Card-root, .mantine-Paper-root')
    .filter({ has: page.getByRole('button', { name, exact: true }) })
    .last()
    .elementHandle();
  if (!form) throw new Error(`no form around the button ${name}`);
  return form;
}
