// Reads e-mails the way a developer does: on the dev mailbox page, which shows what the server's
// SMTP sink received.
import type { BrowserContext } from 'playwright-core';

/** Text of the newest mail to `to` with subject `subject`, waiting up to `timeoutMs` for it. */
export async function readMail(
  context: BrowserContext,
  to: string,
  subject: string,
  options: { after?: number; timeoutMs?: number } = {},
): Promise<string> {
  const page = await context.newPage();
  try {
    const deadline = Date.now() + (options.timeoutMs ?? 20_000);
    for (;;) {
      await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
      await page.getByRole('heading', { name: 'payd dev mailbox' }).waitFor();
      const mails = page.locator('article').filter({ has: page.getByRole('heading', { name: subject }) });
      // Mails are listed newest first; `after` skips ones that were there before.
      const count = await mails.count();
      if (count > (options.after ?? 0)) return await mails.first().locator('pre').innerText();
      if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to} arrived in the dev mailbox`);
      await page.waitForTimeout(300);
    }
  } finally {
    await page.close();
  }
}

/** How many mails to `to` with `subject` the mailbox shows now. */
export async function countMails(context: BrowserContext, to: string, subject: string): Promise<number> {
  const page = await context.newPage();
  try {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
    await page.getByRole('heading', { name: 'payd dev mailbox' }).waitFor();
    return await page
      .locator('article')
      .filter({ has: page.getByRole('heading', { name: subject }) })
      .count();
  } finally {
    await page.close();
  }
}

/** The confirmation code in a mail's text ("... code is: ABC123"). */
export function codeIn(text: string): string {
  const match = /code is:\s*(\S+)/i.exec(text);
  if (!match?.[1]) throw new Error(`no code in mail:\n${text}`);
  return match[1];
}
