// A person downloads a statement from its list: they come back to the list until the statement is
// there, click its Download button, land on the confirmation, and the PDF the new window was sent to
// is read back as text.
import type { Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect } from 'vitest';

/** Opens `path` (a statement list) and downloads the statement `label`; returns the PDF's text. */
export async function downloadListedStatement(page: Page, path: string, label: string): Promise<string> {
  await page.goto(path);
  const row = page.getByTestId('statement-row').filter({ hasText: label });
  // A statement is made once its month's records are in (the charge of the month's last day, every
  // wallet synced past its end): the person comes back to the list until it is there.
  for (
    let tries = 1;
    !(await row.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    ));
    tries++
  ) {
    if (tries >= 12) throw new Error(`no '${label}' statement listed on ${path} after a minute`);
    await page.reload();
  }
  const [request] = await Promise.all([
    page.context().waitForEvent('request', (r) => r.url().includes('StakeStmtWs.asmx/Download')),
    row.getByRole('button', { name: `Download the ${label} statement` }).click(),
  ]);
  await page.waitForURL((u) => u.pathname === '/StmtDownloadConfirm');
  await page.getByRole('heading', { name: 'Statement Downloaded' }).waitFor();
  const res = await page.context().request.get(request.url());
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  expect(res.headers()['content-disposition']).toMatch(/^inline; filename=".+\.pdf"$/);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await res.body())), {
    mergePages: true,
  });
  return text;
}
