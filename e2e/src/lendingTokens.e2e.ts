// The lending token journey of issue 11 (spec 000 section 1: 'Stake FTX, with discount tiers that
// lower fees'; 'Send PAYD and transfer FTX'): a staker takes FTX from the chain-88 dev panel, stakes
// 1,000 FTX (tier 1, 10%) and the Borrow page's fee preview drops by that 10%; the staker opens a
// cache for PAYD, sends PAYD and FTX to a second person whose open /send page shows them arrive
// without a reload, and who sends PAYD back; bad input is refused by the field before the wallet
// is asked; the dev panel drops the ETH price and /system follows. axe on each new page, and
// screenshots at 1280x800 and 390x844 into PAYD_E2E_SHOTS.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { formatViolations, runAxe, seriousViolations } from './harness/axe.ts';
import { launchBrowser } from './harness/browser.ts';
import { shoot } from './harness/shots.ts';
import { approvedCustomer, connectDevWallet, registerWallet } from './harness/staking.ts';

const baseURL = inject('stackUrl');
const staff = inject('staff');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The number in a text such as '1,234.50 PAYD', as hundredths (an integer: no float arithmetic). */
function hundredths(text: string): bigint {
  const m = /([\d,]+)(?:\.(\d+))?/.exec(text);
  if (!m) throw new Error(`no amount in '${text}'`);
  return BigInt(m[1]!.replace(/,/g, '')) * 100n + BigInt((m[2] ?? '').padEnd(2, '0').slice(0, 2));
}

async function txConfirmed(page: Page, label: RegExp): Promise<void> {
  const bar = page.getByTestId('tx-status');
  await bar.getByText(label).waitFor({ timeout: 120_000 });
  await bar.getByText('Confirmed', { exact: true }).waitFor({ timeout: 120_000 });
}

async function noSeriousA11y(page: Page, where: string): Promise<void> {
  const serious = seriousViolations(await runAxe(page));
  expect(serious, formatViolations(where, serious)).toEqual([]);
}

/** The Borrow page's fee preview for 10 ETH and 5,000 PAYD. */
async function previewFee(page: Page): Promise<string> {
  await page.goto('/borrower');
  const form = page.getByRole('region', { name: 'Open a cache' });
  await form.getByLabel('Collateral (ETH)').fill('10');
  await form.getByLabel('Borrow (PAYD)').fill('5000');
  const fee = page.getByTestId('preview-fee');
  await expect.poll(async () => (await fee.textContent()) ?? '', { timeout: 30_000 }).toMatch(/PAYD/);
  return (await fee.textContent()) ?? '';
}

/** The friend sends 100 of the 1,000 PAYD back, after a refused amount above the balance. */
async function sendBack(b: Page, to: string): Promise<void> {
  const back = b.getByRole('region', { name: 'Send tokens' });
  await back.getByLabel('Recipient address').fill(to);
  await back.getByLabel('Amount (PAYD)').fill('1000.01');
  await back.getByText('More than your balance of 1,000.0000 PAYD').waitFor();
  await back.getByLabel('Amount (PAYD)').fill('100');
  await back.getByRole('button', { name: 'Send PAYD' }).click();
  await txConfirmed(b, /Send 100.00 PAYD/);
  await b.getByTestId('send-balances').getByText('900.00 PAYD · 500.00 FTX').waitFor({ timeout: 60_000 });
}

/** Returns the fee the store's borrowing rate gives before the discount. */
async function stakes1000Ftx(a: Page): Promise<string> {
  await a.goto('/ftxStaking');
  const panel = a.getByRole('region', { name: 'Dev chain tools (chain 88 only)' });
  await panel.getByRole('button', { name: 'Get 10,000 FTX' }).click();
  await a.getByTestId('ftx-balance').getByText('10,000.00 FTX').waitFor({ timeout: 60_000 });
  await a.getByTestId('ftx-tier').getByText('No tier: no discount').waitFor();
  const nextFee = a.getByTestId('ftx-next-fee');
  const storeFee = /the fee is ([\d,.]+) PAYD/.exec((await nextFee.textContent()) ?? '')![1]!;
  await a
    .getByRole('row', { name: /1,000 – 10,000 FTX/ })
    .getByText('10%')
    .waitFor();
  const form = a.getByRole('region', { name: 'Stake or unstake FTX' });
  await form.getByLabel('Amount (FTX)').fill('10a');
  await form.getByRole('button', { name: 'Stake FTX' }).click();
  await form.getByText('bad decimal format').waitFor();
  await form.getByLabel('Amount (FTX)').fill('20000');
  await form.getByText('More than your balance of 10,000.0000 FTX').waitFor();
  await form.getByLabel('Amount (FTX)').fill('1000');
  await form.getByText('After this: 1,000.00 FTX staked, tier 1, 10% off fees.').waitFor();
  await noSeriousA11y(a, '/ftxStaking');
  await shoot(a, 'lending-ftx-staking-before');
  await form.getByRole('button', { name: 'Stake FTX' }).click();
  await txConfirmed(a, /Stake 1,000.00 FTX/);
  await a.getByTestId('ftx-tier').getByText('Tier 1: 10% off fees').waitFor({ timeout: 60_000 });
  await a.getByTestId('ftx-staked').getByText('1,000.00 FTX').waitFor();
  await a
    .getByTestId('ftx-unlock')
    .getByText(/^Locked until /)
    .waitFor();
  await a
    .getByTestId('ftx-next-fee')
    .getByText(/your 10% discount takes/)
    .waitFor();
  await shoot(a, 'lending-ftx-staking');
  return storeFee;
}

async function sendsPaydAndFtx(a: Page, aAddress: `0x${string}`, bAddress: `0x${string}`): Promise<void> {
  await a.goto('/send');
  const send = a.getByRole('region', { name: 'Send tokens' });
  await send.getByLabel('Recipient address').fill('0x1234');
  await send.getByLabel('Amount (PAYD)').fill('1.0000000000000000001');
  await send.getByRole('button', { name: 'Send PAYD' }).click();
  await send.getByText('Enter an address: 0x followed by 40 hexadecimal characters').waitFor();
  await send.getByText('bad decimal format').waitFor();
  expect(
    await a
      .getByTestId('tx-status')
      .getByText(/^Send /)
      .count(),
  ).toBe(0); // nothing went to the wallet
  await send.getByLabel('Recipient address').fill(aAddress);
  await send.getByText('This is your own address').waitFor();
  await send.getByLabel('Recipient address').fill(bAddress);
  await send.getByLabel('Amount (PAYD)').fill('1000');
  await noSeriousA11y(a, '/send');
  await shoot(a, 'lending-send');
  await send.getByRole('button', { name: 'Send PAYD' }).click();
  await txConfirmed(a, /Send 1,000.00 PAYD/);
  await send.locator('label').filter({ hasText: 'Transfer FTX' }).click();
  await send.getByLabel('Recipient address').fill(bAddress);
  await send.getByLabel('Amount (FTX)').fill('500');
  await send.getByRole('button', { name: 'Transfer FTX' }).click();
  await txConfirmed(a, /Transfer 500.00 FTX/);
}

async function dropsThePrice(a: Page): Promise<void> {
  await a.goto('/system');
  const price = a.getByTestId('system-price');
  await price.getByText(/PAYD$/).waitFor({ timeout: 60_000 });
  const oldPrice = hundredths((await price.textContent()) ?? '');
  await noSeriousA11y(a, '/system');
  await shoot(a, 'lending-system');
  const newPrice = oldPrice / 200n; // half the price, in whole PAYD
  const devPanel = a.getByRole('region', { name: 'Dev chain tools (chain 88 only)' });
  await devPanel.getByLabel('ETH price (PAYD)').fill(newPrice.toString());
  await devPanel.getByRole('button', { name: 'Set price' }).click();
  await txConfirmed(a, /Set the ETH price/);
  await expect
    .poll(async () => hundredths((await price.textContent()) ?? ''), { timeout: 60_000 })
    .toBe(newPrice * 100n);
  await a
    .getByTestId('dev-price')
    .getByText(`${newPrice.toLocaleString('en-US')}.00 PAYD`)
    .waitFor();
  await shoot(a, 'lending-system-price-dropped');
}

it(
  'a staker stakes FTX and pays 10% less borrowing fee; PAYD and FTX go between two people; the dev panel drops the price',
  { timeout: 900_000 },
  async () => {
    const staker = await approvedCustomer(browser, baseURL, staff, 'ftxstaker');
    const a = staker.page;
    const aAddress = await connectDevWallet(a);
    await registerWallet(a);
    await a.goto('/borrower');

    // The fee before staking, on the Borrow page that replaces onboarding for this customer.
    await a.getByRole('heading', { name: 'Borrow', level: 1 }).waitFor({ timeout: 60_000 });
    const feeBefore = await previewFee(a);

    // FTX from the dev panel, then a stake of 1,000 FTX: tier 1, 10% off.
    const storeFee = await stakes1000Ftx(a);

    // The fee the store's borrowing rate gives drops by the tier's 10%.
    const nextFee = a.getByTestId('ftx-next-fee');
    const paid = /so you pay ([\d,.]+) PAYD/.exec((await nextFee.textContent()) ?? '')![1]!;
    expect(hundredths(paid)).toBe((hundredths(storeFee) * 90n) / 100n);

    // The Borrow page's fee preview drops by the same 10%; the cache opened gives PAYD to send.
    const feeAfter = await previewFee(a);
    const before = hundredths(feeBefore);
    expect(before).toBeGreaterThan(0n);
    expect(hundredths(feeAfter)).toBe((before * 90n) / 100n);
    await a
      .getByTestId('preview-fee-note')
      .getByText(/less your FTX discount of 10%/)
      .waitFor();
    await a.getByRole('region', { name: 'Open a cache' }).getByRole('button', { name: 'Open cache' }).click();
    await txConfirmed(a, /^Open a cache/);

    // The second person keeps /send open while PAYD and FTX arrive.
    const friend = await approvedCustomer(browser, baseURL, staff, 'tokenfriend');
    const b = friend.page;
    const bAddress = await connectDevWallet(b);
    await b.goto('/send');
    await b.getByTestId('send-balances').getByText('0.00 PAYD · 0.00 FTX').waitFor({ timeout: 60_000 });

    await sendsPaydAndFtx(a, aAddress, bAddress);

    // Seen on the friend's open page without a reload; the friend sends 100 PAYD back.
    await b.getByTestId('send-balances').getByText('1,000.00 PAYD · 500.00 FTX').waitFor({ timeout: 60_000 });
    await sendBack(b, aAddress);

    // The dev panel drops the price; /system follows by itself.
    await dropsThePrice(a);
  },
);
