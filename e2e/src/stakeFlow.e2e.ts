// The stake flow of spec 001 in the browser: an approved customer connects the dev wallet,
// registers it on /accountStatus (the server marks it Approved in the on-chain KYC manager), stakes
// 2 validators through the MultipleDeposit contract from their own wallet, and lands on '/'; the
// server then holds two deposited validators for the wallet. A second stake of 1 adds a third.
// A newcomer's first day (issue 17): the first page after sign-up and login follows their
// progress, the wallet pages say when KYC is under review, the role page's steps show what is done,
// registration confirms itself, the stake shows its phases and survives a reload, and a confirmed
// deposit goes straight to the dashboard.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  connectReadOnly,
  createProtocolClient,
  isKycApproved,
  type ProtocolDeployment,
} from '@payd/protocol';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchBrowser, openPage } from './harness/browser.ts';
import { submitKycWithLiveness } from './harness/kyc.ts';
import { launchBrowserWithCamera } from './harness/liveness.ts';
import { logOutAndIn, newPerson, signUp } from './harness/person.ts';
import { shoot } from './harness/shots.ts';
import {
  approveKyc,
  approvedCustomer,
  callAs,
  connectDevWallet,
  registerWallet,
  stakeValidators,
} from './harness/staking.ts';

const baseURL = inject('stackUrl');
const staff = inject('staff');
const chainUrl = inject('chainUrl');
let browser: Browser;
let cameraBrowser: Browser | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await cameraBrowser?.close();
});

type Row = Record<string, unknown>;

/** The role page's step `n` and its state ('Done', 'In progress' or neither). */
function step(page: Page, n: number, title: string) {
  return page.getByRole('group', { name: `Step ${n}: ${title}` });
}

/**
 * Holds the browser's view of transaction receipts (the chain RPC answers null for them) while
 * `held()` is true, as if the deposit were not mined yet; everything else passes through.
 */
async function holdReceipts(context: BrowserContext, held: () => boolean): Promise<void> {
  const port = new URL(chainUrl).port;
  await context.route(
    (url) => url.port === port,
    async (route) => {
      const request = route.request();
      if (request.method() !== 'POST' || !held()) return route.continue();
      const body = request.postDataJSON() as
        { id: number; method: string } | { id: number; method: string }[];
      const calls = Array.isArray(body) ? body : [body];
      const receiptIds = new Set(
        calls.filter((c) => c.method === 'eth_getTransactionReceipt').map((c) => c.id),
      );
      if (!receiptIds.size) return route.continue();
      const response = await route.fetch();
      const json = (await response.json()) as
        { id: number; result?: unknown } | { id: number; result?: unknown }[];
      const nulled = (r: { id: number; result?: unknown }) =>
        receiptIds.has(r.id) ? { ...r, result: null } : r;
      await route.fulfill({ response, json: Array.isArray(json) ? json.map(nulled) : nulled(json) });
    },
  );
}

async function mineBlock(): Promise<void> {
  const reply = await fetch(chainUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] }),
  });
  if (!reply.ok) throw new Error(`evm_mine: ${reply.status}`);
}

it(
  "a newcomer's first pages follow their progress: KYC, review, approval, wallet, dashboard",
  { timeout: 400_000 },
  async () => {
    cameraBrowser = await launchBrowserWithCamera();
    const { page } = await openPage(cameraBrowser, baseURL, 'newcomer progress');
    const person = newPerson('newcomer');
    await signUp(page, person);
    // Sign-up lands on the KYC start, not on a borrower page.
    await page.waitForURL((u) => u.pathname === '/welcome');

    // KYC step 1 (in one call), the liveness test with the fake camera, the disclosures: submitted.
    const keyId = await submitKycWithLiveness(page, `Newcomer ${person.email.slice(9, 17)}`);

    // Under review: login lands on the KYC status; the wallet pages say so, with the status link.
    await logOutAndIn(page, person.email, person.password, '/kyc-status');
    await page.getByTestId('kyc-status').getByText('Status: Waiting for Review').waitFor();
    for (const path of ['/stakeETH', '/dashboard']) {
      await page.goto(path);
      const notice = page.getByTestId('kyc-notice');
      await notice.getByText('Status: Waiting for Review').waitFor();
      await notice.getByText(/Your KYC is being reviewed/).waitFor();
      expect(await page.getByRole('button', { name: 'Use dev wallet' }).count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe(path);
      if (path === '/stakeETH') await shoot(page, 'stakeETH-kyc-under-review');
    }
    await page.getByRole('link', { name: 'View KYC status' }).click();
    await page.waitForURL((u) => u.pathname === '/kyc-status');
    // The wallet status page stays open: a wallet can be connected and registered at any KYC stage.
    await page.goto('/accountStatus');
    await page.getByRole('button', { name: 'Use dev wallet' }).waitFor();
    expect(await page.getByTestId('kyc-notice').count()).toBe(0);
    await page.goto('/borrower');
    await step(page, 1, 'Verify your identity').getByText('In progress').waitFor();
    await step(page, 1, 'Verify your identity').getByRole('link', { name: 'View KYC status' }).waitFor();
    expect(await step(page, 1, 'Verify your identity').getByText('Done').count()).toBe(0);
    await shoot(page, 'borrower-kyc-under-review');

    // Approved, no wallet yet: login lands on the wallet status page.
    await approveKyc(browser, baseURL, staff, keyId, 'newcomer');
    await logOutAndIn(page, person.email, person.password, '/accountStatus');
    await page.goto('/borrower');
    await step(page, 1, 'Verify your identity').getByText('Done', { exact: true }).waitFor();
    await step(page, 2, 'Connect your wallet').getByRole('link', { name: 'Connect wallet' }).waitFor();
    expect(await step(page, 2, 'Connect your wallet').getByText('Done').count()).toBe(0);
    await shoot(page, 'borrower-kyc-approved');

    // Registration: the agent is explained; confirming says so (notification, status Approved).
    await connectDevWallet(page);
    await page
      .getByText('An agent is the person or company who referred you to payd, through whom you stake.', {
        exact: false,
      })
      .waitFor();
    await shoot(page, 'accountStatus-register');
    await page.getByRole('button', { name: 'Confirm Wallet Registration' }).click();
    await page.getByTestId('wallet-registered').waitFor();
    await page.getByTestId('wallet-status').getByText('Approved').waitFor();
    await page.getByText('Your wallet is registered to your account and approved for staking.').waitFor();
    await shoot(page, 'accountStatus-registered');
    await page.waitForURL((u) => u.pathname === '/dashboard');

    // Approved with a wallet: login lands on the dashboard; /borrower is now the Borrow page
    // (issue 11), and the role landing of /lender shows both steps done.
    await logOutAndIn(page, person.email, person.password, '/dashboard');
    await page.goto('/borrower');
    await page.getByRole('heading', { name: 'Borrow', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Open cache' }).waitFor();
    await page.goto('/lender');
    await step(page, 1, 'Verify your identity').getByText('Done', { exact: true }).waitFor();
    await step(page, 2, 'Connect your wallet').getByText('Done', { exact: true }).waitFor();
    await step(page, 3, 'Secure your account').getByRole('link', { name: 'Security settings' }).waitFor();
    await shoot(page, 'lender-wallet-registered');
  },
);

async function walletIsApprovedOnChain(page: Page, address: `0x${string}`): Promise<void> {
  const deployment = (await (await fetch(`${baseURL}/deployment.json`)).json()) as ProtocolDeployment;
  const chain = await connectReadOnly({
    publicClient: createProtocolClient({ deployment, rpcUrl: chainUrl }),
    deployment,
  });
  await expect.poll(() => isKycApproved(chain, address)).toBe(true);
  const status = await callAs<Row>(page, 'StakeWalletAddress', 'GetWalletStatus', {
    walletAddress: address,
  });
  expect(status.data).toMatchObject({ StakeWalletStatusCd2: 'A', StakeWalletStatusCd2Text: 'Approved' });
}

async function stakeOptionOffersBothChoices(page: Page): Promise<void> {
  await page.goto('/stakeOption');
  await page.getByRole('heading', { name: 'What do you want to do today?' }).waitFor();
  const individual = page.getByRole('radio', { name: 'I want to stake ETH using the payd services' });
  const business = page.getByRole('radio', {
    name: 'I want to delegate my existing ETH staking services to payd',
  });
  expect(await individual.isChecked()).toBe(true);
  expect(await business.isChecked()).toBe(false);
  await shoot(page, 'stakeOption');
  // The business choice continues to the dashboard (spec 001 section 2).
  await business.click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/dashboard/);
  // The individual choice (the default) continues to the stake screen.
  await page.goto('/stakeOption');
  await page.getByRole('heading', { name: 'What do you want to do today?' }).waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/stakeETH/);
}

/** The wallet strip (spec 002 section 4): ETH, FTX and PAYD balances, copy buttons for the tokens. */
async function walletStripShowsBalances(page: Page): Promise<void> {
  const strip = page.getByLabel('Wallet', { exact: true });
  await expect
    .poll(async () => [
      await strip.getByTestId('eth-balance').innerText(),
      await strip.getByTestId('ftx-balance').innerText(),
      await strip.getByTestId('payd-balance').innerText(),
    ])
    .toEqual([
      expect.stringMatching(/^[\d.,]+ ETH$/),
      expect.stringMatching(/^[\d.,]+ FTX$/),
      expect.stringMatching(/^[\d.,]+ PAYD$/),
    ]);
  await strip.getByRole('button', { name: 'Copy FTX token address' }).waitFor();
  await strip.getByRole('button', { name: 'Copy PAYD token address' }).waitFor();
}

async function tooManyValidatorsIsRefused(page: Page): Promise<void> {
  await page.goto('/stakeETH');
  await page.getByRole('heading', { name: 'Stake ETH' }).waitFor();
  const count = page.getByLabel('Number of validators');
  await count.fill('4');
  // The spec's sentence verbatim, and beside it the most this wallet can pay for.
  await page
    .getByText(
      'You are staking more ETH than you have in your wallet. Please refresh this page and try again.',
      {
        exact: true,
      },
    )
    .waitFor();
  await page.getByText('This wallet can pay for at most 3 validators (3 × 32 = 96 ETH, plus gas).').waitFor();
  expect(await page.getByLabel('ETH amount').inputValue()).toBe('128');
  expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
  await shoot(page, 'stakeETH-too-many');
}

/** The Transaction Summary says the daily fee and how long the credits last, before anything is sent. */
async function summarySaysTheFee(page: Page): Promise<void> {
  const summary = page.getByRole('dialog', { name: 'Transaction Summary' });
  const fee = summary.getByTestId('stake-daily-fee');
  await fee.filter({ hasText: 'credits a day' }).waitFor();
  expect(await fee.innerText()).toBe(
    '2.00 credits a day (1.00 per 32 ETH of effective balance), from the first full UTC day after activation',
  );
  expect(await summary.getByTestId('stake-fee-quote').innerText()).toBe(
    '2 validators of 32 ETH: 2.00 credits a day (1.00 each)',
  );
  expect(await summary.getByTestId('stake-credit-runway').innerText()).toBe(
    'You have no credits yet: top up after the deposit to keep your validators running.',
  );
  await shoot(page, 'stakeETH-summary-fee');
}

/** After the deposit the dashboard says the fee and the runway, and its button opens /payment. */
async function dashboardLeadsToTopUp(page: Page): Promise<void> {
  const prompt = page.getByTestId('top-up-prompt');
  await prompt.getByText('Top up your credits').waitFor();
  expect(await prompt.innerText()).toContain('You have no credits yet');
  await prompt.getByRole('link', { name: 'Top up credits' }).click();
  await page.waitForURL((u) => u.pathname === '/payment');
  await page.getByTestId('top-up-credits').waitFor();
}

it(
  'an approved customer registers the dev wallet, stakes 2 validators, then 1 more',
  { timeout: 400_000 },
  async () => {
    const { page } = await approvedCustomer(browser, baseURL, staff, 'staker');
    const address = await connectDevWallet(page);
    // No sidebar before the wallet is approved.
    expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
    await registerWallet(page);

    // The server marked the approved customer's registered wallet Approved in the on-chain KYC manager.
    // Read through @payd/protocol over the deployment the stack serves to the web app.
    await walletIsApprovedOnChain(page, address);

    // /stakeOption offers the spec's two choices, each continuing where the spec says.
    await stakeOptionOffersBothChoices(page);
    await walletStripShowsBalances(page);

    // The stake screen's rules before anything is sent: too many says the most the wallet can pay.
    await tooManyValidatorsIsRefused(page);
    const count = page.getByLabel('Number of validators');

    // Stake 2, watching the phases; the browser does not see the deposit mined until released.
    let held = true;
    await holdReceipts(page.context(), () => held);
    // The keys are made while PrepareDeposits runs: held here until the page has been seen saying so.
    let releaseSave = () => {};
    const saveHeld = new Promise<void>((resolve) => (releaseSave = resolve));
    await page.route('**/Eth2WalletWs.asmx/PrepareDeposits', async (route) => {
      await saveHeld;
      await route.continue();
    });
    await count.fill('2');
    await page.getByLabel(/I confirm that the withdrawal address/).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await summarySaysTheFee(page);
    await page
      .getByRole('dialog', { name: 'Transaction Summary' })
      .getByRole('button', { name: 'Send ETH' })
      .click();
    const progress = page.getByTestId('stake-progress');
    await progress.getByText('Creating Validator(s)...').waitFor();
    await progress.getByText('Creating 2 validator keys…').waitFor();
    await shoot(page, 'stakeETH-creating-keys');
    releaseSave();
    await progress.getByText('Deposit sent, waiting for its confirmation…').waitFor({ timeout: 120_000 });
    await progress.getByText('2 validators: keys made').waitFor();
    await progress.getByText('Deposit data checked: 2 of 2').waitFor();
    const hash = (await progress.getByTestId('deposit-tx').innerText()).trim();
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    await progress.getByText(/You can leave this page/).waitFor();
    await shoot(page, 'stakeETH-deposit-sent');

    // The person leaves and comes back: the page picks the deposit up again.
    await page.reload();
    await progress.getByText('Deposit sent, waiting for its confirmation…').waitFor({ timeout: 60_000 });
    expect((await progress.getByTestId('deposit-tx').innerText()).trim()).toBe(hash);
    await shoot(page, 'stakeETH-deposit-resumed');

    // Mined: confirmed, then straight to the dashboard with a confirmation (no /accountStatus detour).
    const visited: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) visited.push(new URL(f.url()).pathname);
    });
    held = false;
    await mineBlock();
    await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 60_000 });
    await page.getByText('Deposit confirmed').waitFor();
    await page.getByText(/2 validators staked: 64 ETH deposited/).waitFor();
    expect(visited).not.toContain('/accountStatus');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.context().unrouteAll({ behavior: 'ignoreErrors' });
    await shoot(page, 'dashboard-after-stake');
    await dashboardLeadsToTopUp(page);
    // The deposit is handled: the stake page shows its form again.
    await page.goto('/stakeETH');
    await page.getByLabel('Number of validators').waitFor();
    expect(await progress.count()).toBe(0);
    await page.goto('/dashboard');

    const wallets = await callAs<{ key: string; label: string }[]>(page, 'Eth2Wallet', 'GetEth2Wallet5List', {
      searchStr: '',
      topN: 50,
    });
    const wallet = wallets.data!.find((w) => w.label.toLowerCase() === address.toLowerCase());
    expect(wallet).toBeDefined();
    const validators = await callAs<Row[]>(page, 'Eth2Wallet', 'GetEth2Wallet5DtlById', {
      keyId: wallet!.key,
      options: {},
    });
    expect(validators.data).toHaveLength(2);
    // SyncValidators saw the deposits on chain: no validator is left with an empty status.
    for (const v of validators.data!) expect(v.ValidatorStatusCd5 ?? '').not.toBe('');
    // 64 ETH left the customer's own wallet (100 ETH from the faucet, minus gas).
    const reply = await fetch(chainUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [address, 'latest'] }),
    });
    const wei = BigInt(((await reply.json()) as { result: string }).result);
    expect(wei).toBeLessThan(36n * 10n ** 18n);
    expect(wei).toBeGreaterThan(35n * 10n ** 18n);

    // A second stake adds to the same wallet: one more validator, the first two untouched.
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await stakeValidators(page, 1);
    const after = await callAs<Row[]>(page, 'Eth2Wallet', 'GetEth2Wallet5DtlById', {
      keyId: wallet!.key,
      options: {},
    });
    expect(after.data!.map((v) => Number(v.Idx5))).toEqual([0, 1, 2]);
    expect(after.data!.slice(0, 2).map((v) => v.PubKey5)).toEqual(validators.data!.map((v) => v.PubKey5));
    for (const v of after.data!) expect(v.ValidatorStatusCd5 ?? '').not.toBe('');
  },
);
