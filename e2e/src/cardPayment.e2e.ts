// Card top-ups of issue 12 (spec 001 sections 2 'Payment page', 4 'Payment', 9 'Card payments') on
// `npm start`'s embedded default, whose local card provider takes Stripe's published test cards and
// books through the same signed webhook Stripe would use: a customer with 2 validators tops up 10
// credits by card with 4242 4242 4242 4242, sees 'Your payment is successful', the credits and the
// 'Credit Card' row in Payment History; then 4000 0000 0000 0002 is refused with the provider's
// message and books nothing.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchBrowser } from './harness/browser.ts';
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

/** Credits as exact hundredths ('12.30' → 1230n). */
const hundredths = (s: string) => {
  const m = /(-?)(\d[\d,]*)(?:\.(\d{1,2}))?/.exec(s)!;
  const v = BigInt(m[2]!.replace(/,/g, '')) * 100n + BigInt((m[3] ?? '0').padEnd(2, '0'));
  return m[1] ? -v : v;
};

/** From /payment: the credits, 'Pay by card' and the review modal's confirm, to /stripeCheckout. */
async function startCardTopUp(page: Page, credits: string): Promise<void> {
  await page.goto('/payment');
  await page.getByTestId('top-up-credits').fill(credits);
  await page.getByTestId('pay-usd').click();
  await page.getByTestId('top-up-confirm').click();
  await page.waitForURL((u) => u.pathname === '/stripeCheckout');
  await page.getByTestId('local-card-form').waitFor();
}

async function payWith(page: Page, number: string): Promise<void> {
  const form = page.getByTestId('local-card-form');
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiration').fill('12 / 34');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: 'Pay' }).click();
}

it(
  'a customer with validators tops up by card with 4242… and is refused with 4000…0002',
  { timeout: 900_000 },
  async () => {
    const { page } = await approvedCustomer(browser, baseURL, staff, 'card');
    await connectDevWallet(page);
    await registerWallet(page);
    await stakeValidators(page, 2);
    await advanceChain(12 * EPOCH_S);
    await dashboardUntil(
      page,
      async () => (await validatorStatuses(page)).join(',') === 'Active,Active',
      'both validators active',
    );

    await page.goto('/payment');
    await page.getByTestId('balance-validators').filter({ hasText: '2' }).waitFor();
    const before = hundredths(await page.getByTestId('balance-credits').innerText());

    // 10 credits at the default 1 USD a credit: 10.00 USD, priced by the server.
    await startCardTopUp(page, '10');
    expect(await page.getByTestId('card-credits').innerText()).toBe('10.00');
    expect(await page.getByTestId('card-amount').innerText()).toBe('10.00 USD');
    await shot(page, 'card-01-checkout');
    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL((u) => u.pathname === '/paymentConfirm', { timeout: 60_000 });
    await page.getByRole('heading', { name: 'Your payment is successful' }).waitFor();
    await shot(page, 'card-02-confirm');
    // Opened directly, without the payment it came from, it announces nothing.
    await page.goto('/paymentConfirm');
    await page.getByTestId('payment-not-booked').waitFor();
    expect(await page.getByRole('heading', { name: 'Your payment is successful' }).count()).toBe(0);
    await shot(page, 'card-02b-confirm-direct');
    await page.getByRole('link', { name: 'Go Back to Payment' }).click();
    await page.waitForURL((u) => u.pathname === '/payment');
    const first = page.getByTestId('payment-row').first();
    await first.waitFor();
    expect(await first.locator('td').allInnerTexts()).toEqual([
      'Credit Card',
      expect.any(String),
      '10.0000',
      'USD',
      '10.00',
    ]);
    await page.getByTestId('balance-credits').filter({ hasText: /\d/ }).waitFor();
    expect(hundredths(await page.getByTestId('balance-credits').innerText()) - before).toBe(1000n);
    await shot(page, 'card-03-history');

    // The declined test card: the provider's message, no credits, no history row.
    await startCardTopUp(page, '5');
    await payWith(page, '4000 0000 0000 0002');
    await expect
      .poll(
        () =>
          page
            .getByTestId('card-refused')
            .innerText()
            .catch(() => ''),
        { timeout: 30_000 },
      )
      .toBe('Your card was declined.');
    expect(new URL(page.url()).pathname).toBe('/stripeCheckout');
    await shot(page, 'card-04-declined');
    await page.goto('/payment');
    await page.getByTestId('payment-row').first().waitFor();
    expect(await page.getByTestId('payment-row').count()).toBe(1);
    expect(hundredths(await page.getByTestId('balance-credits').innerText()) - before).toBe(1000n);
  },
);
