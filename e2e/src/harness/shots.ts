// Screenshots of a page at the two sizes the pages are checked at (1280x800 and 390x844), into
// PAYD_E2E_SHOTS when it is set (see README); nothing otherwise.
import type { Page } from 'playwright-core';

export async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.PAYD_E2E_SHOTS;
  if (!dir) return;
  const before = page.viewportSize();
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    // Let the layout's transitions (the sidebar folding away on a phone) finish first.
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
    );
    // Best effort: a busy machine may keep a screenshot waiting; the journey does not depend on it.
    await page
      .screenshot({ path: `${dir}/${name}-${width}x${height}.png`, fullPage: true, timeout: 60_000 })
      .catch((e: unknown) => console.warn(`screenshot ${name} ${width}x${height}: ${String(e)}`));
  }
  if (before) await page.setViewportSize(before);
}
