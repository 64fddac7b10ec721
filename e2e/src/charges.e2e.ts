// Daily charges and termination of issue 12 (spec 001 section 4 'Wallet status', section 9 'Daily
// charge per validator') on `npm start`'s embedded default, where the charge job runs every 5 s on
// the dev chain's clock: a customer stakes 2 validators and tops up 20 credits by card (10 days at
// 1 credit a validator and day); the dev clock moves forward a day at a time and /payment's Total
// Balance shows each day's 2.00 credits charged from the first full UTC day after activation (the
// activation day is free); when the credits pay 7 days or fewer (and the 3 grace days after
// activation have passed) the low-credit e-mail arrives, and when they can no longer pay the next day (7 days after the warning) the
// termination e-mail arrives, the validators exit on the dev beacon node (the dashboard shows them
// exiting) and /accountStatus shows 'Account Has Been Terminated' with the spec's message. Then
// (issue 24) termination is no lock-out: the page shows each exit's true state and the date its
// ETH is expected, 'Contact support' reaches support, the terminated customer still downloads the
// deposit data, the words (after 'Confirm it's you') and a statement, while the stake page stays
// closed; once the validators have exited the customer comes back (registers the wallet again).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchBrowser } from './harness/browser.ts';
import {
  advanceChain,
  chainNow,
  clearOfMidnight,
  dashboardUntil,
  validatorStatuses,
} from './harness/dashboard.ts';
import { comesBack, terminatedStillReads } from './harness/terminated.ts';
import { countMails, readMail } from './harness/mailbox.ts';
import { shoot } from './harness/shots.ts';
import { approvedCustomer, connectDevWallet, registerWallet, stakeValidators } from './harness/staking.ts';

const baseURL = inject('stackUrl');
const staff = inject('staff');
const EPOCH_S = 48;
const DAY_S = 86_400;
const WARNING = 'payd: your credits are running low';
const TERMINATED = 'payd: your validators have been exited';
const CREDITS_ALERT = 'payd: Your credits are running out';
const CREDITS_ALERT_TITLE = 'Your credits are running out';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Credits as exact hundredths ('12.30' → 1230n, '-2.00' → -200n). */
const hundredths = (s: string) => {
  const m = /(-?)(\d[\d,]*)(?:\.(\d{1,2}))?/.exec(s);
  if (!m) throw new Error(`no amount in "${s}"`);
  const v = BigInt(m[2]!.replace(/,/g, '')) * 100n + BigInt((m[3] ?? '0').padEnd(2, '0'));
  return m[1] ? -v : v;
};

/** The Total Balance card's credits on a fresh /payment, in hundredths. */
async function credits(page: Page): Promise<bigint> {
  await page.goto('/payment');
  const figure = page.getByTestId('balance-credits').filter({ hasText: /\d/ });
  await figure.waitFor();
  return hundredths(await figure.innerText());
}

/** Reloads /payment until the credits are `want` hundredths (the job runs every 5 s). */
async function creditsUntil(page: Page, want: bigint): Promise<void> {
  await expect.poll(() => credits(page), { timeout: 120_000, interval: 2_000 }).toBe(want);
}

/** Tops up `amount` credits by card with Stripe's test card that succeeds, on the local provider. */
async function cardTopUp(page: Page, amount: string): Promise<void> {
  await page.goto('/payment');
  await page.getByTestId('top-up-credits').fill(amount);
  await page.getByTestId('pay-usd').click();
  await page.getByTestId('top-up-confirm').click();
  await page.waitForURL((u) => u.pathname === '/stripeCheckout');
  const form = page.getByTestId('local-card-form');
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiration').fill('12 / 34');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL((u) => u.pathname === '/paymentConfirm', { timeout: 60_000 });
  await page.getByRole('heading', { name: 'Your payment is successful' }).waitFor();
}

/** The credits alerts on /alerts, reached through the top bar's 'Alerts' with its unread count. */
async function creditsAlerts(page: Page): Promise<{ items: number; unread: number }> {
  await page.goto('/dashboard');
  const bell = page.getByRole('link', { name: /^Alerts\s*\d+\s*unread$/ });
  await bell.waitFor({ timeout: 30_000 });
  const unread = Number(/\d+/.exec((await bell.textContent()) ?? '')![0]);
  await bell.click();
  await page.waitForURL((u) => u.pathname === '/alerts');
  // Withdrawals paid each dev day add alerts meanwhile: the page counts at least what the bar did.
  const shown = page.getByText(/^\d+ unread$/);
  await shown.waitFor();
  expect(Number(/\d+/.exec(await shown.innerText())![0])).toBeGreaterThanOrEqual(unread);
  const items = page
    .getByRole('list', { name: 'Alerts' })
    .getByRole('listitem')
    .filter({ hasText: CREDITS_ALERT_TITLE });
  return { items: await items.count(), unread };
}

it(
  'charges a customer daily, warns when the credits run low and terminates when they run out',
  { timeout: 1_800_000 },
  async () => {
    const { page, email, password } = await approvedCustomer(browser, baseURL, staff, 'charges');
    const context = page.context();
    const wallet = await connectDevWallet(page);
    await registerWallet(page);
    // The validators start before a midnight: their activation day is free, the next one is charged.
    await clearOfMidnight(12 * EPOCH_S + 3600);
    await stakeValidators(page, 2);

    // 20 credits before the validators are active: 10 days of 2 validators at 1 credit a day.
    await cardTopUp(page, '20');
    await creditsUntil(page, 2000n);
    await advanceChain(12 * EPOCH_S);
    await dashboardUntil(
      page,
      async () => (await validatorStatuses(page)).join(',') === 'Active,Active',
      'both validators active',
    );
    await page.goto('/payment');
    await page.getByTestId('balance-validators').filter({ hasText: '2' }).waitFor();
    expect(await page.getByTestId('balance-remaining').innerText()).toMatch(/about 10 days/);
    await shoot(page, 'charges-01-topped-up');
    expect(await countMails(context, email, WARNING)).toBe(0);

    // A day at a time: each midnight after the first passes charges both validators' day.
    for (let day = 1; day <= 11; day++) {
      await advanceChain(DAY_S);
      await creditsUntil(page, 2000n - 200n * BigInt(day - 1));
      if (day === 2) {
        // 'Charges this month': a day's charge counts in that day's month, so when the charged day
        // (the one before the chain's today) ended a month, this month has none yet.
        const today = new Date((await chainNow()) * 1000);
        const charged = new Date(today.getTime() - DAY_S * 1000);
        const charges = hundredths(await page.getByTestId('balance-charges').innerText());
        if (charged.getUTCMonth() === today.getUTCMonth()) expect(charges).toBeGreaterThanOrEqual(200n);
        else expect(charges).toBe(0n);
        await shoot(page, 'charges-02-first-day-charged');
      }
      if (day === 3) expect(await countMails(context, email, WARNING)).toBe(0);
      if (day === 4) {
        // 14 credits pay 7 days: the warning (CREDIT_WARNING_DAYS, default 7).
        const warning = await readMail(context, email, WARNING, { timeoutMs: 60_000 });
        expect(warning).toContain('Your payd credit balance is 14.00 credits.');
        expect(warning).toContain('/payment');
        expect(await page.getByTestId('balance-remaining').innerText()).toMatch(/about 7 days/);
        await shoot(page, 'charges-03-warned');
        // Issue 29: the credits alert, by e-mail and in the app, with the balance and the daily cost.
        const alert = await readMail(context, email, CREDITS_ALERT, { timeoutMs: 60_000 });
        expect(alert).toContain(
          'Your balance is 14.00 credits; your validators cost 2.00 credits a day. They pay about 7 more days of your validators.',
        );
        expect(alert).toContain('Top up credits: ');
        const inApp = await creditsAlerts(page);
        expect(inApp.items).toBe(1);
        expect(inApp.unread).toBeGreaterThanOrEqual(1);
        await page
          .getByRole('listitem')
          .filter({ hasText: CREDITS_ALERT_TITLE })
          .getByText('Your balance is 14.00 credits', { exact: false })
          .waitFor();
      }
      if (day < 11) expect(await countMails(context, email, TERMINATED)).toBe(0);
    }

    // 0 credits cannot pay the next day, and the warning went out 7 days ago: termination.
    const terminated = await readMail(context, email, TERMINATED, { timeoutMs: 120_000 });
    expect(terminated).toContain('Your payd account has been terminated');
    expect(terminated).toContain('2 validators have been exited');
    // Its links lead to pages a terminated customer opens: the exits' dates and support.
    expect(terminated).toContain('/accountStatus');
    expect(terminated).toContain('/customer-support');
    expect(await countMails(context, email, WARNING)).toBe(1);
    // The credits ran lower every day since, and were told once (issue 29).
    expect(await countMails(context, email, CREDITS_ALERT)).toBe(1);
    expect((await creditsAlerts(page)).items).toBe(1);
    await page.goto('/payment');
    await page.getByTestId('balance-remaining').filter({ hasText: /\w/ }).waitFor();
    await shoot(page, 'charges-04-credits-out');

    // The exits reach the dev beacon node: the dashboard shows both validators leaving.
    await advanceChain(2 * EPOCH_S);
    await dashboardUntil(
      page,
      async () => (await validatorStatuses(page)).every((s) => /Exit/i.test(s)),
      'both validators exiting',
    );
    expect(await validatorStatuses(page)).toHaveLength(2);
    await shoot(page, 'charges-05-dashboard-exiting');

    await page.goto('/accountStatus');
    await page.getByRole('heading', { name: 'Account Has Been Terminated' }).waitFor();
    await page
      .getByTestId('terminated-message')
      .getByText(/Their ETH is moved to your withdrawal address as/)
      .waitFor();
    await shoot(page, 'charges-06-terminated');

    await terminatedStillReads(page, wallet, password);
    await comesBack(page);
  },
);
