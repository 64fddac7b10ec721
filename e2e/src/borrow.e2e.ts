// The borrow journey of issue 11 (spec 000 section 1: 'Open a collateral position called a cache
// ... adjust it ... or close it'): an approved customer with the dev wallet lands on /borrower,
// is refused bad input by the field before the wallet is asked, opens a cache and adjusts it both
// ways, and each time the preview is what the chain then holds. A second wallet that KYC has not
// approved on chain is told why it cannot borrow, and nothing is sent. axe on the page, and
// screenshots at 1280x800 and 390x844 into PAYD_E2E_SHOTS.
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import {
  Decimal,
  createChainStore,
  openCache,
  readMarket,
  sendPAYD,
} from '../../packages/protocol/src/index.ts';
import { formatViolations, runAxe, seriousViolations } from './harness/axe.ts';
import { launchBrowser } from './harness/browser.ts';
import { chainBalance } from './harness/dashboard.ts';
import { devWalletKey, protocolSigner, stackDeployment } from './harness/lending.ts';
import { countMails, readMail } from './harness/mailbox.ts';
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

async function txConfirmed(page: Page, label: RegExp): Promise<void> {
  const bar = page.getByTestId('tx-status');
  await bar.getByText(label).waitFor({ timeout: 120_000 });
  await bar.getByText('Confirmed', { exact: true }).waitFor({ timeout: 120_000 });
}

async function noSeriousA11y(page: Page, where: string): Promise<void> {
  // The wallet layer's tx status bar hides 5 s after a confirmation; the page is checked without it
  // (its dimmed 'Confirmed' text fails color-contrast: reported to the wallet layer's owner).
  await page.getByTestId('tx-status').waitFor({ state: 'detached', timeout: 30_000 });
  const serious = seriousViolations(await runAxe(page));
  expect(serious, formatViolations(where, serious)).toEqual([]);
}

const text = async (page: Page, id: string) => ((await page.getByTestId(id).textContent()) ?? '').trim();

/** The transactions `address` has sent, as the chain counts them. */
async function sentCount(address: string): Promise<bigint> {
  const r = await fetch(inject('chainUrl'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_getTransactionCount',
      params: [address, 'latest'],
    }),
  });
  return BigInt(((await r.json()) as { result: string }).result);
}

/** Sends the adjustment form as filled and checks the chain then holds the previewed cache. */
async function adjustAndMatch(page: Page, kind: string, label: RegExp): Promise<void> {
  const form = page.getByRole('region', { name: 'Adjust your cache' });
  await page.getByTestId('adjust-kind').getByText(kind, { exact: true }).waitFor();
  const debt = await text(page, 'preview-debt');
  const collateral = await text(page, 'preview-collateral');
  const ratio = await text(page, 'preview-ratio');
  await form.getByRole('button', { name: 'Adjust cache' }).click();
  await txConfirmed(page, label);
  await expect.poll(() => text(page, 'cache-debt'), { timeout: 60_000 }).toBe(debt);
  expect(await text(page, 'cache-collateral')).toBe(collateral);
  expect(await text(page, 'cache-ratio')).toBe(ratio);
}

type Deployment = Awaited<ReturnType<typeof stackDeployment>>;

async function opensTheLendingPage(page: Page): Promise<void> {
  await page.goto('/borrower');
  await page.getByRole('heading', { name: 'Borrow', level: 1 }).waitFor({ timeout: 60_000 });
  await page.getByRole('navigation', { name: 'Lending' }).getByRole('link', { name: 'Borrow' }).waitFor();
  const open = page.getByRole('region', { name: 'Open a cache' });
  const openButton = open.getByRole('button', { name: 'Open cache' });
  await expect.poll(() => openButton.isEnabled(), { timeout: 60_000 }).toBe(true);
}

async function isRefusedBadInput(page: Page): Promise<void> {
  const open = page.getByRole('region', { name: 'Open a cache' });
  const openButton = open.getByRole('button', { name: 'Open cache' });
  await open.getByLabel('Collateral (ETH)').fill('ten');
  await open.getByLabel('Borrow (PAYD)').fill('3000.0000000000000000001');
  await open.getByText('bad decimal format').nth(1).waitFor();
  expect(await open.getByText('bad decimal format').count()).toBe(2);
  // A refused opening is disabled, with its reasons by the fields (issue 27 item 10).
  expect(await openButton.isDisabled()).toBe(true);
  await open.getByLabel('Collateral (ETH)').fill('1000');
  await open.getByText('This is more ETH than your wallet holds.').waitFor();
  await open.getByLabel('Collateral (ETH)').fill('10');
  await open.getByLabel('Borrow (PAYD)').fill('1000');
  // Under the minimum at once: said as it is, not as 'within 10 minutes' (issue 27 item 10).
  await open
    .getByText(
      /^The debt would be 1,2\d\d\.\d\d PAYD, under the minimum of 2,700\.00 PAYD \(the 200 PAYD liquidation reserve and the fee included\): borrow more\.$/,
    )
    .waitFor();
  expect(await open.getByText(/within 10 minutes/).count()).toBe(0);
  // The form says '1e1' is 10, as spec 000 section 5 allows.
  await open.getByLabel('Collateral (ETH)').fill('1e1');
  expect(await open.getByText('bad decimal format').count()).toBe(0);
  await open.getByLabel('Collateral (ETH)').fill('0.001');
  await open.getByLabel('Borrow (PAYD)').fill('5000');
  await page.getByTestId('open-refusal').getByText('The collateral ratio must be at least 115%.').waitFor();
  expect(await openButton.isDisabled()).toBe(true);
  expect(await page.getByTestId('tx-status').count()).toBe(0);
}

async function opensACacheAsPreviewed(page: Page): Promise<void> {
  const open = page.getByRole('region', { name: 'Open a cache' });
  const openButton = open.getByRole('button', { name: 'Open cache' });
  // The open form shows the ETH price; Max fills the wallet's ETH less 0.02 for gas (issue 27 item 10).
  expect(await text(page, 'open-eth-price')).toMatch(/^ETH price: [\d,]+\.\d\d PAYD$/);
  await open.getByRole('button', { name: 'Max collateral' }).click();
  expect(Number(await open.getByLabel('Collateral (ETH)').inputValue())).toBeGreaterThan(50);
  await open.getByLabel('Collateral (ETH)').fill('10');
  await open.getByLabel('Borrow (PAYD)').fill('5000');
  await expect.poll(() => text(page, 'preview-debt')).toMatch(/^5,2\d\d\.\d\d PAYD$/);
  const debt = await text(page, 'preview-debt');
  const ratio = await text(page, 'preview-ratio');
  expect(await text(page, 'preview-reserve')).toBe('200 PAYD');
  expect(await text(page, 'preview-minimum-debt')).toBe('2,700 PAYD');
  await noSeriousA11y(page, '/borrower (open)');
  await shoot(page, 'lending-borrow-open');
  await openButton.click();
  await txConfirmed(page, /Open a cache/);
  const cache = page.getByRole('region', { name: 'Your cache', exact: true });
  await cache.waitFor({ timeout: 60_000 });
  await expect.poll(() => text(page, 'cache-debt'), { timeout: 60_000 }).toBe(debt);
  expect(await text(page, 'cache-collateral')).toBe('10.0000 ETH');
  expect(await text(page, 'cache-ratio')).toBe(ratio);
  await page.getByTestId('cache-redemption-risk').waitFor({ timeout: 60_000 });
}

async function adjustsUp(page: Page): Promise<void> {
  const form = page.getByRole('region', { name: 'Adjust your cache' });
  await form.getByLabel('Collateral to add (ETH)').fill('1');
  await form.getByLabel('PAYD to borrow').fill('1000');
  // The preview reads before -> after.
  expect(await text(page, 'preview-collateral-before')).toBe('10.0000 ETH →');
  expect(await text(page, 'preview-collateral')).toBe('11.0000 ETH');
  await noSeriousA11y(page, '/borrower (adjust)');
  await shoot(page, 'lending-borrow-adjust');
  await adjustAndMatch(page, 'Add 1.0000 ETH and borrow 1,000.00 PAYD', /Add 1.0000 ETH and borrow/);
}

async function adjustsDown(page: Page): Promise<void> {
  const form = page.getByRole('region', { name: 'Adjust your cache' });
  // Mantine's SegmentedControl hides its radios; a person clicks their labels.
  await form
    .locator('label')
    .filter({ hasText: /^Withdraw collateral$/ })
    .click();
  await form
    .locator('label')
    .filter({ hasText: /^Repay PAYD$/ })
    .click();
  await form.getByLabel('Collateral to withdraw (ETH)').fill('12');
  await form.getByText('This is more than the collateral of your cache.').waitFor();
  await form.getByLabel('Collateral to withdraw (ETH)').fill('1');
  // More than the debt: refused with the debt and what can be repaid (issue 27 item 10).
  await form.getByLabel('PAYD to repay').fill('100000');
  await form
    .getByText(/^That is more than the debt of your cache, [\d,.]+ PAYD\. You can repay at most [\d,.]+ PAYD/)
    .waitFor();
  expect(await form.getByRole('button', { name: 'Adjust cache' }).isDisabled()).toBe(true);
  // Max repays down to the minimum debt, within the wallet's PAYD.
  await form.getByRole('button', { name: 'Max repayment' }).click();
  expect(Number(await form.getByLabel('PAYD to repay').inputValue())).toBeGreaterThan(0);
  await form.getByLabel('PAYD to repay').fill('1000');
  await adjustAndMatch(page, 'Withdraw 1.0000 ETH and repay 1,000.00 PAYD', /Withdraw 1.0000 ETH/);
}

async function seesWhatClosingNeeds(page: Page): Promise<void> {
  const close = page.getByRole('region', { name: 'Close your cache' });
  await close.getByTestId('close-needed').getByText(/PAYD$/).waitFor();
  await close.getByTestId('close-held').getByText(/PAYD$/).waitFor();
  // The wallet holds the PAYD borrowed, not the fees on top: it is told how much more it needs.
  await close
    .getByTestId('close-shortfall')
    .getByText(/^You need [\d,]+\.\d\d more PAYD to close this cache\.$/)
    .waitFor();
  expect(await close.getByRole('button', { name: 'Close cache' }).isDisabled()).toBe(true);
  await shoot(page, 'lending-borrow-cache');
}

/** A friend opens a cache of their own and sends the borrower 100 PAYD; returns the deployment. */
async function friendSends100Payd(borrowerAddress: `0x${string}`): Promise<Deployment> {
  const friend = await approvedCustomer(browser, baseURL, staff, 'friend');
  await connectDevWallet(friend.page);
  await registerWallet(friend.page);
  const deployment = await stackDeployment(baseURL);
  const f = await protocolSigner(deployment, await devWalletKey(friend.page));
  await (await openCache(f, { depositCollateral: 10, borrowPAYD: 5000 })).waitForSuccess();
  await (await sendPAYD(f, borrowerAddress, 100)).waitForSuccess();
  return deployment;
}

async function closesTheCache(
  page: Page,
  borrowerAddress: `0x${string}`,
  deployment: Deployment,
): Promise<void> {
  const close = page.getByRole('region', { name: 'Close your cache' });
  await close.getByTestId('close-shortfall').waitFor({ state: 'detached', timeout: 60_000 });
  const closeButton = close.getByRole('button', { name: 'Close cache' });
  await expect.poll(() => closeButton.isEnabled(), { timeout: 60_000 }).toBe(true);
  const needed = Decimal.from((await text(page, 'close-needed')).replace(/ PAYD$/, '').replaceAll(',', ''));
  const heldBefore = Decimal.from((await text(page, 'close-held')).replace(/ PAYD$/, '').replaceAll(',', ''));
  const ethBefore = await chainBalance(borrowerAddress);
  await shoot(page, 'lending-borrow-close');
  await closeButton.click();
  await txConfirmed(page, /Close the cache/);
  const closed = page.getByTestId('cache-closed-status');
  await closed.getByText('Status: closed by owner').waitFor({ timeout: 60_000 });
  await closed.getByText('Your cache is closed').waitFor();
  await page.getByRole('region', { name: 'Open a cache' }).waitFor();
  expect(await page.getByRole('region', { name: 'Your cache', exact: true }).count()).toBe(0);
  // Back: the 10 ETH of collateral, less the gas of the close (far under 0.01 ETH).
  const ethBack = (await chainBalance(borrowerAddress)) - ethBefore;
  expect(ethBack > 9_990_000_000_000_000_000n && ethBack <= 10_000_000_000_000_000_000n, `${ethBack}`).toBe(
    true,
  );
  // The wallet paid what the close card said it needed.
  const store = createChainStore(await protocolSigner(deployment, await devWalletKey(page)));
  try {
    const { paydBalance } = await store.start();
    const paid = heldBefore.sub(paydBalance);
    expect(paid.gte(needed.sub('0.01')) && paid.lte(needed.add('0.01')), paid.toString()).toBe(true);
  } finally {
    store.stop();
  }
  await noSeriousA11y(page, '/borrower (closed)');
  await shoot(page, 'lending-borrow-closed');
}

/** The dev panel on /system sets the ETH price to `price` (2 decimals) from the borrower's wallet. */
async function setsThePriceOnTheDevPanel(page: Page, price: Decimal): Promise<void> {
  await page.goto('/system');
  const panel = page.getByRole('region', { name: 'Dev chain tools (chain 88 only)' });
  await panel.getByLabel('ETH price (PAYD)').fill(price.toString(2));
  await panel.getByRole('button', { name: 'Set price' }).click();
  await txConfirmed(page, /Set the ETH price/);
  await panel
    .getByTestId('dev-price')
    .getByText(`${price.prettify(2)} PAYD`)
    .waitFor({ timeout: 60_000 });
}

const BAND_SUBJECT = "payd: Your cache's collateral ratio is below 150%";

/**
 * Issue 29: the borrower keeps only a 150% band in the alert settings; the dev panel drops the ETH
 * price until the cache is at 140%; the e-mail and the in-app alert arrive once, with the ratio,
 * the price, the collateral and the debt the cache then has; the price goes back.
 */
async function aBandAlertArrivesOnce(page: Page, email: string, deployment: Deployment): Promise<void> {
  await page.goto('/alerts');
  await page.getByRole('heading', { name: 'Alert settings', level: 2 }).waitFor({ timeout: 60_000 });
  await page.getByLabel('Collateral ratio bands (%)').fill('150');
  await page.getByRole('button', { name: 'Save alert settings' }).click();
  await page.getByRole('status').getByText('Alert settings saved.').waitFor();
  expect(await page.getByLabel('Collateral ratio bands (%)').inputValue()).toBe('150');

  const owner = await protocolSigner(deployment, await devWalletKey(page));
  const { cache, price: p0 } = await readMarket(owner, owner.userAddress);
  const dropped = Decimal.from(cache.debt.mul('1.4').div(cache.collateral).toString(2));
  const ratio = cache.collateralRatio(dropped).mul(100).toString(1);
  expect(Number(ratio)).toBeLessThan(150);
  await setsThePriceOnTheDevPanel(page, dropped);

  // The e-mail: the band, the ratio, the price, the collateral and the debt, and the way to help.
  const mail = await readMail(page.context(), email, BAND_SUBJECT, { timeoutMs: 60_000 });
  const debt = cache.debt.toString(2);
  const collateral = cache.collateral.toString(4);
  expect(mail).toContain(
    `At ETH $${dropped.toString(2)} your cache's ratio is ${ratio}%: ${collateral} ETH ` +
      `($${cache.collateral.mul(dropped).toString(2)}) against ${debt} PAYD.`,
  );
  expect(mail).toContain(`Add collateral or repay: ${baseURL.replace(/\/$/, '')}/borrower`);

  // In the app: the top bar's 'Alerts' counts it unread, and /alerts says the same.
  await page.goto('/borrower');
  const bell = page.getByRole('link', { name: /^Alerts\s*\d+\s*unread$/ });
  await bell.waitFor({ timeout: 30_000 });
  const unread = Number(/\d+/.exec((await bell.textContent()) ?? '')![0]);
  expect(unread).toBeGreaterThanOrEqual(1);
  await bell.click();
  await page.waitForURL((u) => u.pathname === '/alerts');
  const list = page.getByRole('list', { name: 'Alerts' });
  const band = list.getByRole('listitem').filter({ hasText: "Your cache's collateral ratio is below 150%" });
  await band.getByText(`your cache's ratio is ${ratio}%`, { exact: false }).waitFor();
  await page.getByText(`${unread} unread`, { exact: true }).waitFor();

  // Later passes of the alert job (every 5 s on chain 88) send nothing more for the same condition.
  await page.waitForTimeout(15_000);
  await page.reload();
  await band.first().waitFor();
  expect(await band.count()).toBe(1);
  expect(await countMails(page.context(), email, BAND_SUBJECT)).toBe(1);

  // Marked read, the count goes down by one.
  await band.getByRole('button', { name: 'Mark read' }).click();
  await page.getByText(unread > 1 ? `${unread - 1} unread` : 'No unread alerts', { exact: true }).waitFor();

  // The price goes back (the cache can be closed only out of recovery mode).
  await setsThePriceOnTheDevPanel(page, p0);
  await page.goto('/borrower');
}

async function aWalletKycHasNotApprovedSendsNothing(page: Page): Promise<void> {
  await page.evaluate(
    (key) => localStorage.setItem('payd.devWallet.key', key),
    `0x${randomBytes(32).toString('hex')}`,
  );
  await page.goto('/borrower');
  const refusal = page.getByRole('alert').filter({ hasText: 'This wallet cannot borrow' });
  await refusal.getByText(/not approved by KYC, so it cannot borrow/).waitFor({ timeout: 60_000 });
  const other = await page.getByTestId('wallet-account').getAttribute('title');
  expect(other).toMatch(/^0x[0-9a-fA-F]{40}$/);
  const stranger = page.getByRole('region', { name: 'Open a cache' });
  await stranger.getByLabel('Collateral (ETH)').fill('10');
  await stranger.getByLabel('Borrow (PAYD)').fill('5000');
  expect(await stranger.getByRole('button', { name: 'Open cache' }).isDisabled()).toBe(true);
  expect(await page.getByTestId('tx-status').count()).toBe(0);
  expect(await sentCount(other!)).toBe(0n);
  await noSeriousA11y(page, '/borrower (not approved)');
  await shoot(page, 'lending-borrow-kyc-refused');
}

it(
  'a borrower opens a cache and adjusts it both ways as previewed; a wallet KYC has not approved sends nothing',
  { timeout: 900_000 },
  async () => {
    const borrower = await approvedCustomer(browser, baseURL, staff, 'borrower');
    const page = borrower.page;
    const borrowerAddress = await connectDevWallet(page);
    await registerWallet(page);

    // The lending page replaces the onboarding list on /borrower.
    await opensTheLendingPage(page);

    // Bad input gets its message by the field and never reaches the wallet.
    await isRefusedBadInput(page);

    // Open 10 ETH / 5,000 PAYD: the chain holds what the preview said.
    await opensACacheAsPreviewed(page);

    // Adjust up: add 1 ETH and borrow 1,000 PAYD in one form.
    await adjustsUp(page);

    // Adjust down: withdraw 1 ETH and repay 1,000 PAYD; too much is refused first.
    await adjustsDown(page);

    // Closing shows the PAYD needed against what the wallet holds.
    await seesWhatClosingNeeds(page);

    // Issue 29: with a 150% band set, the dev panel's price drop brings one e-mail and one alert.
    await aBandAlertArrivesOnce(page, borrower.email, await stackDeployment(baseURL));

    // A friend with a cache of their own sends the borrower 100 PAYD (set-up through the
    // protocol); the page sees it by itself and the borrower closes the cache from the browser,
    // repaying the debt less the 200 PAYD reserve, and gets the 10 ETH back.
    const deployment = await friendSends100Payd(borrowerAddress);
    await closesTheCache(page, borrowerAddress, deployment);

    // A second dev wallet, never approved by KYC on chain: told why, and nothing is sent.
    await aWalletKycHasNotApprovedSendsNothing(page);
  },
);
