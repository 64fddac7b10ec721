// The statements journey of issue 12 (spec 001 'Statement lists', 'Confirmation pages'): an
// approved customer stakes 2 validators and earns rewards; the lists are empty with the spec's
// texts; the dev clock moves past the month's end; the customer opens the reward and the account
// statements of that month from their lists (each opens in a new window, the page says 'Statement
// Downloaded' and 'Go Back to Statement' returns to the list), and the journey reads the PDFs'
// text: each validator's deposits and consensus rewards equal the sums of the customer's own
// transaction history of that month. Before the month's end the customer tops up 100 credits by
// card (the local card provider, Stripe's test card 4242…), and the daily charge job charges the 2
// validators each day; the account statement's opening balance, top-ups, charges and closing
// balance equal what /payment shows for that month. axe checks both lists.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { callAs } from './harness/api.ts';
import { formatViolations, runAxe, seriousViolations } from './harness/axe.ts';
import { launchBrowser } from './harness/browser.ts';
import { downloadListedStatement } from './harness/statements.ts';
import {
  advanceChain,
  chainNow,
  clearOfMidnight,
  dashboardUntil,
  openDashboard,
  validatorStatuses,
} from './harness/dashboard.ts';
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
  for (const [width, height, suffix] of [
    [1280, 800, ''],
    [390, 844, '-phone'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/${name}${suffix}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Exact 18-place decimal sums, as bigint units. */
const units = (s: string) => {
  const neg = s.startsWith('-');
  const [i = '0', f = ''] = s.replace(/^-/, '').split('.');
  const u = BigInt(i) * 10n ** 18n + BigInt((f + '0'.repeat(18)).slice(0, 18));
  return neg ? -u : u;
};
const text18 = (u: bigint) => {
  const s = (u < 0n ? -u : u).toString().padStart(19, '0');
  return `${u < 0n ? '-' : ''}${s.slice(0, -18)}.${s.slice(-18)}`;
};

/** Credits as exact hundredths ('12.30' → 1230n, '-2.00' → -200n). */
const hundredths = (s: string) => {
  const m = /(-?)(\d[\d,]*)(?:\.(\d{1,2}))?/.exec(s);
  if (!m) throw new Error(`no amount in "${s}"`);
  const v = BigInt(m[2]!.replace(/,/g, '')) * 100n + BigInt((m[3] ?? '0').padEnd(2, '0'));
  return m[1] ? -v : v;
};

/** The Total Balance card's figure `testId` on a fresh /payment, in hundredths. */
async function balanceFigure(page: Page, testId: string): Promise<bigint> {
  await page.goto('/payment');
  const figure = page.getByTestId(testId).filter({ hasText: /\d/ });
  await figure.waitFor();
  return hundredths(await figure.innerText());
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

async function expectNoSeriousAxe(page: Page, where: string): Promise<void> {
  const serious = seriousViolations(await runAxe(page));
  expect(serious, formatViolations(where, serious)).toEqual([]);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Clicks the list row of `label`; returns the PDF the new window was sent to. */
async function downloadFromList(page: Page, path: string, label: string): Promise<string> {
  const text = await downloadListedStatement(page, path, label);
  await shot(page, `statement-downloaded-${path.slice(1)}`);
  await page.getByRole('button', { name: 'Go Back to Statement' }).click();
  await page.waitForURL((u) => u.pathname === path);
  // Opened directly, the confirmation announces no download.
  await page.goto('/StmtDownloadConfirm');
  await page.getByTestId('nothing-confirmed').waitFor();
  expect(await page.getByRole('heading', { name: 'Statement Downloaded' }).count()).toBe(0);
  await page.goto(path);
  return text.replace(/\s+/g, ' ');
}

type ValidatorSums = Map<string, { deposits: bigint; consensus: bigint; withdrawals: bigint }>;

async function seesEmptyStatementLists(page: Page): Promise<void> {
  await page.goto('/rewardStatements');
  await page.getByText('No reward statements.').waitFor();
  await shot(page, 'reward-statements-empty');
  await expectNoSeriousAxe(page, '/rewardStatements (empty)');
  await page.goto('/accountStatements');
  await page.getByText('No account statements.').waitFor();
  await expectNoSeriousAxe(page, '/accountStatements (empty)');
}

async function stakesTwoAndEarnsRewards(page: Page): Promise<void> {
  // The validators become active and earn for 3 hours before the credits are read (0, no charge
  // yet): no midnight may pass in that time.
  await clearOfMidnight(12 * EPOCH_S + 4 * 3600);
  await page.goto('/dashboard');
  await stakeValidators(page, 2);
  await dashboardUntil(
    page,
    async () => /^64(\.\d{1,4})? ETH$/.test(await page.getByTestId('total-staked').innerText()),
    '64 ETH staked',
  );
  await advanceChain(12 * EPOCH_S);
  await dashboardUntil(
    page,
    async () => (await validatorStatuses(page)).join(',') === 'Active,Active',
    'both validators active',
  );
  await advanceChain(3 * 3600);
  await openDashboard(page);
}

/** The customer's own history of `month`, summed per validator. */
async function monthRecordsByValidator(page: Page, wallet: string, month: string): Promise<ValidatorSums> {
  const history = await callAs<{ Rows: Record<string, string | number | null>[] }>(
    page,
    'EthTxHistory',
    'GetDailyHistory',
    { walletAddress: wallet, limit: 32767 },
  );
  expect(history.status).toBe('success');
  const inMonth = history.data!.Rows.filter((r) => String(r.Day ?? r.TimeStamp22).startsWith(month));
  const byIndex = new Map<string, { deposits: bigint; consensus: bigint; withdrawals: bigint }>();
  for (const r of inMonth) {
    const v = byIndex.get(String(r.ValidatorIndex)) ?? { deposits: 0n, consensus: 0n, withdrawals: 0n };
    v.deposits += units(String(r.StakeAmt22));
    v.consensus += units(String(r.StakeRewardAmt22));
    v.withdrawals += units(String(r.WithdrawAmt22));
    byIndex.set(String(r.ValidatorIndex), v);
  }
  expect(byIndex.size).toBe(2);
  return byIndex;
}

async function readsTheRewardStatement(page: Page, label: string, byIndex: ValidatorSums): Promise<void> {
  const reward = await downloadFromList(page, '/rewardStatements', label);
  await shot(page, 'reward-statements');
  await expectNoSeriousAxe(page, '/rewardStatements');
  expect(reward).toContain('Monthly Reward Statement');
  expect(reward).toContain(`(${label}, UTC)`);
  for (const [index, v] of byIndex) {
    const block = reward.slice(reward.indexOf(`Validator ${index} (id`));
    expect(block).toMatch(new RegExp(`^Validator ${index} \\(id \\d+\\)`));
    expect(block).toContain(`Deposits ${text18(v.deposits)} ETH`);
    expect(block).toContain(`Consensus rewards ${text18(v.consensus)} ETH`);
    expect(block).toContain(`Withdrawals ${text18(v.withdrawals)} ETH`);
    expect(block).toContain(`Closing balance ${text18(v.deposits + v.consensus + v.withdrawals)} ETH`);
    expect(v.consensus).toBeGreaterThan(0n);
  }
  const total = [...byIndex.values()].reduce((a, v) => a + v.deposits + v.consensus + v.withdrawals, 0n);
  expect(reward.slice(reward.indexOf('All validators (2)'))).toContain(
    `Closing balance ${text18(total)} ETH`,
  );
}

async function readsTheAccountStatement(
  page: Page,
  label: string,
  month: string,
  topUps: bigint,
): Promise<void> {
  const account = await downloadFromList(page, '/accountStatements', label);
  await shot(page, 'account-statements');
  await expectNoSeriousAxe(page, '/accountStatements');
  expect(account).toContain('Monthly Account Statement');
  expect(account).toContain(`(${label}, UTC)`);
  const figure = (name: string) => {
    const m = new RegExp(`${name} (-?\\d+\\.\\d{2}) CR`).exec(account);
    if (!m) throw new Error(`no '${name}' in the account statement: ${account}`);
    return hundredths(m[1]!);
  };
  expect(figure('Credits opening balance')).toBe(0n);
  expect(figure('Top-ups')).toBe(topUps);
  // At least the month's last day, 2 validators at 1 credit each a day.
  const charges = figure('Charges');
  expect(charges).toBeGreaterThanOrEqual(200n);
  expect(charges % 200n).toBe(0n);
  expect(figure('Closing balance')).toBe(topUps - charges);
  expect(account).toMatch(/\d{4}-\d{2}-\d{2} Credit Card 100\.0+ USD 100\.0+ CR/);
  // One line a charged day, each 2 validators of 64 ETH effective balance (2 x 32: 2.00 credits),
  // adding up to the charges.
  const days = [
    ...account.matchAll(/(\d{4}-\d{2}-\d{2}) 2 validator\(s\), 64 ETH effective balance 2\.00 CR/g),
  ];
  expect(BigInt(days.length) * 200n).toBe(charges);
  expect(days.every((d) => d[1]!.startsWith(month))).toBe(true);
}

it(
  'a customer with 2 validators downloads the reward and account statements of an ended month and reads them',
  { timeout: 1_500_000 },
  async () => {
    const { page } = await approvedCustomer(browser, baseURL, staff, 'statements');
    const wallet = await connectDevWallet(page);
    await registerWallet(page);

    await seesEmptyStatementLists(page);

    await stakesTwoAndEarnsRewards(page);

    // 100 credits by card before the month's end (50 days of 2 validators at 1 credit a day).
    expect(await balanceFigure(page, 'balance-credits')).toBe(0n);
    await cardTopUp(page, '100');
    await expect.poll(() => balanceFigure(page, 'balance-topups'), { timeout: 60_000 }).toBe(10_000n);
    await shot(page, 'payment-topped-up');

    // Past the month's end by an hour: the statements wait for the month's records (the charge of
    // its last day, the beacon sync past its end), not for the 2-day fallback. A jump of 2 days at
    // once would let the fallback make the account statement before the charge job caught up.
    const now = await chainNow();
    const at = new Date(now * 1000);
    const month = `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
    const label = `${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
    const end = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1) / 1000;
    // What /payment says of the month, while it is still the month (its 'this month' follows the
    // dev clock, as the charges do).
    const topUps = await balanceFigure(page, 'balance-topups');
    expect(topUps).toBe(10_000n);
    await advanceChain(end - now + 3600);
    await openDashboard(page);

    // The records: the customer's own history of that month, per validator.
    const byIndex = await monthRecordsByValidator(page, wallet, month);

    await readsTheRewardStatement(page, label, byIndex);

    // The detail page shows that month.
    await page
      .getByTestId('statement-row')
      .filter({ hasText: label })
      .getByRole('link', { name: 'Details' })
      .click();
    await page.getByTestId('statement-period').waitFor();
    // The table renders a moment after the period line (its scroll container measures first).
    await expect.poll(() => page.getByTestId('reward-statement-row').count(), { timeout: 10_000 }).toBe(3);
    await shot(page, 'reward-statement-detail');

    await readsTheAccountStatement(page, label, month, topUps);
  },
);
