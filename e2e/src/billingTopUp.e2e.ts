// Credit top-ups by ETH and FTX (issue 12, spec 001 'Payment page', sections 5, 7, 9) on `npm
// start`'s stack: a customer with 2 active validators tops up 10 credits by ETH and 5 by FTX from
// the dev wallet (which the journey first funds with FTX from the deployer), the server verifies
// each on chain and the balance and Payment History change; the history is exported to
// 'Payment History {yyyymmdd}.xlsx', opened and its sheet read. /Pricing is readable signed out.
import { mkdirSync, readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { createPublicClient, createWalletClient, http, type Address } from 'viem';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { connectSigner, transferFTX, type ProtocolDeployment } from '../../packages/protocol/src/index.ts';
import { formatViolations, runAxe, seriousViolations } from './harness/axe.ts';
import { launchBrowser, openPage } from './harness/browser.ts';
import { advanceChain, dashboardUntil, validatorStatuses } from './harness/dashboard.ts';
import { approvedCustomer, connectDevWallet, registerWallet, stakeValidators } from './harness/staking.ts';

const baseURL = inject('stackUrl');
const staff = inject('staff');
const EPOCH_S = 48;
const SHOTS = process.env.PAYD_E2E_SHOTS;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const [width, height, suffix] of [
    [1280, 800, ''],
    [390, 844, '-phone'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/${name}${suffix}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** The entries of a stored (or deflated) zip file. */
function unzip(file: Buffer): Map<string, string> {
  let end = file.length - 22;
  while (end >= 0 && file.readUInt32LE(end) !== 0x06054b50) end--;
  const count = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  const out = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const method = file.readUInt16LE(at + 10);
    const size = file.readUInt32LE(at + 20);
    const nameLen = file.readUInt16LE(at + 28);
    const extraLen = file.readUInt16LE(at + 30);
    const commentLen = file.readUInt16LE(at + 32);
    const local = file.readUInt32LE(at + 42);
    const name = file.subarray(at + 46, at + 46 + nameLen).toString('utf8');
    const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    const body = file.subarray(start, start + size);
    out.set(name, (method === 8 ? inflateRawSync(body) : body).toString('utf8'));
    at += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

/** Sends `amount` FTX from the chain's first (deployer) account, which holds all FTX, to `to`. */
async function fundFtx(to: Address, amount: string): Promise<void> {
  const deployment = (await (await fetch(new URL('/deployment.json', baseURL))).json()) as ProtocolDeployment;
  const transport = http(inject('chainUrl'));
  const publicClient = createPublicClient({ transport });
  const [deployer] = (await publicClient.request({ method: 'eth_accounts' } as never)) as Address[];
  const walletClient = createWalletClient({ account: deployer!, transport });
  const connection = await connectSigner({ walletClient, publicClient, deployment });
  await (await transferFTX(connection, to, amount)).waitForSuccess();
}

/** No serious or critical WCAG 2.1 A/AA violation on the page as it is now. */
async function expectAccessible(page: Page, where: string): Promise<void> {
  const serious = seriousViolations(await runAxe(page));
  expect(serious, formatViolations(where, serious)).toEqual([]);
}

const hundredths = (s: string) => {
  const m = /(-?)(\d[\d,]*)(?:\.(\d{1,2}))?/.exec(s)!;
  const v = BigInt(m[2]!.replace(/,/g, '')) * 100n + BigInt((m[3] ?? '0').padEnd(2, '0'));
  return m[1] ? -v : v;
};

async function topUp(page: Page, credits: string, currency: 'eth' | 'ftx'): Promise<void> {
  await page.getByTestId('top-up-credits').fill(credits);
  await page.getByTestId(`pay-${currency}`).click();
  await page.getByTestId('top-up-review').waitFor();
  if (currency === 'ftx') {
    expect(await page.getByTestId('top-up-review-discount').innerText()).toBe('20% off');
    await shot(page, 'topup-01b-review-ftx');
  }
  await page.getByTestId('top-up-confirm').click();
  await page.getByTestId('top-up-done').waitFor({ timeout: 120_000 });
}

it('/Pricing is readable signed out', { timeout: 120_000 }, async () => {
  const { page } = await openPage(browser, baseURL, 'pricing visitor');
  await page.goto('/Pricing');
  await page.getByRole('heading', { name: 'Pricing' }).waitFor();
  await expect.poll(() => page.getByTestId('rate-usd').innerText()).toBe('1');
  expect(await page.getByTestId('rate-eth').innerText()).toMatch(/^0\.\d+$/);
  expect(await page.getByTestId('rate-ftx').innerText()).toBe('2');
  expect(await page.getByTestId('pricing-note').innerText()).toMatch(/convenience only/);
  await expectAccessible(page, '/Pricing');
  await shot(page, 'topup-00-pricing');
});

it(
  'a customer with validators tops up by ETH and by FTX and exports the history',
  { timeout: 900_000 },
  async () => {
    const { page } = await approvedCustomer(browser, baseURL, staff, 'topup');
    const wallet = await connectDevWallet(page);
    await registerWallet(page);
    await stakeValidators(page, 2);
    await advanceChain(12 * EPOCH_S);
    await dashboardUntil(
      page,
      async () => (await validatorStatuses(page)).join(',') === 'Active,Active',
      'both validators active',
    );
    await fundFtx(wallet, '1000');

    await page.goto('/payment');
    await page.getByTestId('balance-validators').filter({ hasText: '2' }).waitFor();
    const before = hundredths(await page.getByTestId('balance-credits').innerText());
    await expectAccessible(page, '/payment');
    // Below the minimum: the spec's message next to the field, the pay buttons disabled.
    await page.getByTestId('top-up-credits').fill('0.5');
    await page.getByText('The minimum top-up amount is 1 Credit.').waitFor();
    expect(await page.getByTestId('pay-eth').isDisabled()).toBe(true);
    await shot(page, 'topup-01-minimum');
    // A year for 2 validators (730 credits): the hint gives the discounts the review applies.
    await page.getByTestId('top-up-credits').fill('730');
    await expect.poll(() => page.getByTestId('top-up-prices').innerText()).toMatch(/FTX \(28% off\)/);
    expect(await page.getByTestId('top-up-prices').innerText()).toMatch(/ETH \(10% off\).*USD \(10% off\)$/);
    await page.getByTestId('pay-ftx').click();
    expect(await page.getByTestId('top-up-review-discount').innerText()).toBe('28% off');
    await shot(page, 'topup-01a-year-discount');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await topUp(page, '10', 'eth');
    await page.getByTestId('payment-row').first().waitFor();
    await expect
      .poll(async () => hundredths(await page.getByTestId('balance-credits').innerText()) - before)
      .toBe(1000n);
    expect((await page.getByTestId('payment-row').first().locator('td').allInnerTexts())[0]).toBe(
      'ETH Payment',
    );

    await topUp(page, '5', 'ftx');
    await expect
      .poll(async () => hundredths(await page.getByTestId('balance-credits').innerText()) - before)
      .toBe(1500n);
    const first = await page.getByTestId('payment-row').first().locator('td').allInnerTexts();
    expect(first).toEqual([
      'FTX Payment',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/),
      '8.0000',
      'FTX',
      '5.00',
    ]);
    await shot(page, 'topup-02-history');
    // The review modal fades out after the top-up: axe reads the page once it is gone, not the
    // half-transparent title of its last frames.
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expectAccessible(page, '/payment with history');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('payment-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Payment History \d{8}\.xlsx$/);
    const files = unzip(readFileSync((await download.path())!));
    expect(files.get('xl/workbook.xml')).toContain('name="Payment History"');
    const sheet = files.get('xl/worksheets/sheet1.xml')!;
    for (const text of [
      'Payment Type',
      'Date',
      'Amount',
      'Currency',
      'Credits',
      'FTX Payment',
      'ETH Payment',
    ])
      expect(sheet).toContain(`>${text}<`);
    // Amounts and credits are numbers a spreadsheet adds up, not text: 8 FTX for 5 credits.
    expect(sheet).toMatch(/<c r="C\d+" s="\d+"><v>8\.0000<\/v><\/c>/);
    expect(sheet).toMatch(/<c r="E\d+" s="\d+"><v>5\.00<\/v><\/c>/);
    expect(sheet).toMatch(/>\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC</);
  },
);
