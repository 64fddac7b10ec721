// Journeys of the liveness step (issue 4): with Chromium's fake camera showing a face the test
// reaches PASSED and the server records it; with Chromium's own fake video (no face) it fails,
// and 'I have an issue' mails support (read from the dev mailbox).
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { callKycPerson } from './harness/api.ts';
import { openPage } from './harness/browser.ts';
import { readMail } from './harness/mailbox.ts';
import { newPerson, signUp } from './harness/person.ts';
import {
  failLiveness,
  launchBrowserWithCamera,
  livenessStatus,
  passLiveness,
  reportLivenessIssue,
  startLiveness,
} from './harness/liveness.ts';

const baseURL = inject('stackUrl');
const SUPPORT = process.env.PAYD_E2E_SUPPORT_EMAIL ?? 'support@payd.local';
const browsers: Browser[] = [];

afterAll(async () => {
  for (const b of browsers) await b.close();
});

type Row = Record<string, unknown>;

/** A signed-up customer whose personal details are saved (the wizard's step 1, in one call). */
async function customerAtLiveness(page: Page, label: string): Promise<{ email: string; name: string }> {
  const person = newPerson(label);
  await signUp(page, person);
  const name = `Liveness ${randomBytes(3).toString('hex')}`;
  const blank = await callKycPerson(page, 'GetNewMst', {});
  const saved = await callKycPerson(page, 'SaveData', {
    mst: { ...(blank.data as Row), Name15: name, GenderCd15: 'F', DateOfBirth15: '1990-05-04' },
    dtl: [],
    options: {},
  });
  expect(saved).toMatchObject({ status: 'success' });
  return { email: person.email, name };
}

/** Screenshots at 1280x800 and 390x844 into PAYD_E2E_SHOTS (when set); the page keeps its size. */
async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env.PAYD_E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${dir}/${name}-${width}x${height}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** What the person reads under the status (what happened, what to do next). */
const livenessMessage = (page: Page) => page.getByTestId('liveness-message');
/** Scores and thresholds are the reviewers'; the person never reads them. */
const JARGON = /real \d|live \d|score|\d\.\d\d/i;
/** The session id line (spec 002 section 5), the reference a person quotes to support. */
const livenessSession = (page: Page) => page.getByTestId('liveness-session');

async function ownRecord(page: Page): Promise<Row> {
  const r = await callKycPerson(page, 'LoadInitPage', {
    options: { FirstOrDefault: 'Y', SkipMetaData: 'Y', SkipSupportingData: 'Y', TopN: 1 },
  });
  return (r.data as { Mst: Row }).Mst;
}

describe('liveness step', () => {
  it('passes with a face in front of the camera: selfie shown, recorded by the server, on to disclosures', async () => {
    const browser = await launchBrowserWithCamera();
    browsers.push(browser);
    const { page } = await openPage(browser, baseURL, 'liveness passes');
    await customerAtLiveness(page, 'live');
    await page.goto('/liveness');
    await expect.poll(() => livenessStatus(page).innerText()).toBe('Status: Not started');
    await passLiveness(page, { continue: false });
    // The session id the spec shows, as a reference for support.
    expect(await livenessSession(page).innerText()).toMatch(
      /^Session ID: \S{8,} \(quote it if you contact support about this test\)$/,
    );
    // Told in words that they passed and what comes next; no scores.
    expect((await livenessMessage(page).innerText()).replace(/\s+/g, ' ')).toBe(
      "You passed the liveness test. Click 'Continue' for the last step: the risks and disclosures.",
    );
    expect(await page.getByRole('main').innerText()).not.toMatch(JARGON);
    await expect(page.getByRole('button', { name: 'Start Liveness Test' }).count()).resolves.toBe(0);
    await shots(page, 'liveness-passed');

    const row = await ownRecord(page);
    expect(row.LivenessPassed15).toBe('Y');
    expect(JSON.parse(String(row.PicMed15))).toMatchObject({ mimeType: 'image/jpeg' });

    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/disclosures');
    // Done once, the step sends the customer on to the status page.
    await page.goto('/liveness');
    await page.waitForURL(/\/(kyc-status|kyc-Status|disclosures)$/);
  });

  it("fails without a face; 'I have an issue' mails support and the modal leads to disclosures", async () => {
    const browser = await launchBrowserWithCamera(null);
    browsers.push(browser);
    const { context, page } = await openPage(browser, baseURL, 'liveness fails');
    const { email, name } = await customerAtLiveness(page, 'noface');
    // While the camera looks, the page says READY and shows the camera (Chromium's test pattern).
    await startLiveness(page);
    await expect
      .poll(() => livenessStatus(page).innerText(), { timeout: 60_000, interval: 250 })
      .toBe('Status: READY');
    expect(await page.getByRole('button', { name: 'Start Liveness Test' }).isDisabled()).toBe(true);
    await page.getByLabel('Camera').waitFor();
    await shots(page, 'liveness-ready');
    await failLiveness(page, { started: true });
    // Told in words that they did not pass, and what to do: try again, or 'I have an issue'.
    const failed = await livenessMessage(page).innerText();
    expect(failed).toMatch(/^You did not pass the liveness test\.\s/);
    // The status, the session id and the data text (why), as spec 002 section 5 lists them.
    expect(await livenessSession(page).innerText()).toMatch(/^Session ID: \S{8,} /);
    expect(await page.getByTestId('liveness-data').innerText()).toMatch(/^Details: \S/);
    expect(failed).toContain("Click 'Start Liveness Test' to try again");
    expect(failed).toContain("click 'I have an issue' below");
    expect(await page.getByRole('main').innerText()).not.toMatch(JARGON);
    await page.getByText('OR', { exact: true }).waitFor();
    await page
      .getByText(/will reply to you within 7 days/)
      .first()
      .waitFor();
    await shots(page, 'liveness-failed');

    await reportLivenessIssue(page);
    await shots(page, 'liveness-issue-modal');
    const mail = await readMail(context, SUPPORT, 'Liveness test issue');
    expect(mail).toContain(`E-mail: ${email}`);
    expect(mail).toContain(`Name: ${name}`);
    expect((await ownRecord(page)).LivenessPassed15 ?? null).toBeNull();

    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/disclosures');
  });
});
