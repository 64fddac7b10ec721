// Issue 17, 'Done when': one newcomer's journey in Chromium, from sign-up to an exit. They sign up
// (and land on the KYC start), do the KYC with the liveness test on the fake camera, are told on
// /stakeETH that it is under review, the reviewer approves it in the back office, they connect and
// register the dev wallet (confirmed), stake 2 validators (keys made, deposit confirmed, straight
// to the dashboard), watch them queue (place and estimate) and activate on the dev clock, see
// rewards per validator per day, copy a public key and download each validator's deposit data
// (roots and BLS signatures verified with packages/validator-keys), find that exiting is not ready
// yet and when it will be, exit one two days later, reveal the 24 words once the sign-in is older
// than 5 minutes through 'Confirm it's you' (the server's real clock: a wait, never a timing
// assertion), and see the exited balance arrive in the wallet: the dashboard shows 32 ETH · 1
// validator and the withdrawal row as a person reads it. Issue 28: the same person switches to
// Deutsch for the KYC screens, for the stake and, once the month has ended, for downloading the
// reward statement, reading the German texts (harness/german.ts); English for the rest.
// Screenshots with PAYD_E2E_SHOTS.
import type { Browser, Page } from 'playwright-core';
import { afterAll, expect, inject, it } from 'vitest';
import { deriveValidatorKeys, validateMnemonic } from '../../packages/validator-keys/src/index.ts';
import { E2E_RECENT_SIGN_IN_MS } from './harness/stack.ts';
import { openPage } from './harness/browser.ts';
import {
  advanceChain,
  allTransactionRows,
  chainBalance,
  dashboardUntil,
  transactionRows,
  validatorStatuses,
} from './harness/dashboard.ts';
import { downloadDepositData } from './harness/keys.ts';
import {
  downloadsAStatementInGerman,
  passesKycInGerman,
  stakesInGerman,
  switchLanguage,
} from './harness/german.ts';
import { launchBrowserWithCamera } from './harness/liveness.ts';
import { logOutAndIn, newPerson, signUp } from './harness/person.ts';
import { shoot } from './harness/shots.ts';
import { approveKyc, connectDevWallet } from './harness/staking.ts';

const baseURL = inject('stackUrl');
const staff = inject('staff');
const EPOCH_S = 48;
const DAY_S = 86_400;
const ETH = 10n ** 18n;
let browser: Browser | undefined;

afterAll(async () => {
  await browser?.close();
});

type Person = ReturnType<typeof newPerson>;

async function seesKycUnderReview(page: Page, person: Person): Promise<void> {
  await logOutAndIn(page, person.email, person.password, '/kyc-status');
  await page.getByTestId('kyc-status').getByText('Status: Waiting for Review').waitFor();
  await page.goto('/stakeETH');
  await page
    .getByTestId('kyc-notice')
    .getByText(/Your KYC is being reviewed/)
    .waitFor();
  expect(await page.getByRole('button', { name: 'Use dev wallet' }).count()).toBe(0);
  await shoot(page, 'newcomer-02-stakeETH-under-review');
}

async function registersTheDevWallet(page: Page): Promise<`0x${string}`> {
  const wallet = await connectDevWallet(page);
  await page.getByRole('button', { name: 'Confirm Wallet Registration' }).click();
  await page.getByTestId('wallet-registered').waitFor();
  await page.getByText('Your wallet is registered to your account and approved for staking.').waitFor();
  await shoot(page, 'newcomer-03-wallet-registered');
  await page.waitForURL((u) => u.pathname === '/dashboard');
  await page.getByText('No validators, please stake ETH.').waitFor();
  expect(await page.getByTestId('total-staked').innerText()).toBe('0 ETH');
  return wallet;
}

/** Returns the validators' public keys as the dashboard lists them. */
async function stakesTwoAndSeesThemQueued(page: Page): Promise<string[]> {
  await stakesInGerman(page, 2);
  await page.waitForURL((u) => u.pathname === '/dashboard');
  // The confirmation and the dashboard in German, then English for the rest.
  await page.getByText(/2 Validatoren gestakt: 64 ETH eingezahlt/).waitFor();
  await page.getByRole('heading', { name: 'Übersicht', exact: true }).waitFor();
  await page.getByTestId('total-staked').waitFor();
  await switchLanguage(page, 'Sprache', 'en');
  await shoot(page, 'newcomer-04-dashboard-staked');

  // Pending: 64 ETH, each validator's place in the activation queue and roughly when.
  await dashboardUntil(
    page,
    async () =>
      /^64(\.\d{1,4})? ETH$/.test(await page.getByTestId('total-staked').innerText()) &&
      (await page.getByTestId('validator-key-actions').count()) === 2,
    '64 ETH staked on 2 validators',
  );
  for (const s of await validatorStatuses(page)) expect(['Pending', 'Queued']).toContain(s);
  for (const u of await page.getByTestId('validator-uptime').allInnerTexts())
    expect(u).toMatch(
      /^(?:\d+ of \d+ in the activation queue · active|Active) in (?:under an hour|~\d+ days?, \d+ hours?) \((?:about|on) \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC\)$/,
    );
  const actions = page.getByTestId('validator-key-actions');
  const pubkeys = (await actions.evaluateAll((els) => els.map((e) => e.getAttribute('data-pubkey')!))).map(
    (k) => k.toLowerCase(),
  );
  await shoot(page, 'newcomer-05-dashboard-queued');
  return pubkeys;
}

async function earnsRewardsOnePerValidatorPerDay(page: Page): Promise<void> {
  await advanceChain(12 * EPOCH_S);
  await dashboardUntil(
    page,
    async () => (await validatorStatuses(page)).join(',') === 'Active,Active',
    'both validators active',
  );
  await advanceChain(3 * 3600);
  await dashboardUntil(
    page,
    async () => (await transactionRows(page)).some((r) => r[0] === 'Staking Reward'),
    'reward rows',
  );
  const rewardRows = (await transactionRows(page)).filter((r) => r[0] === 'Staking Reward');
  for (const r of rewardRows) {
    expect(r[1]).toMatch(/^Validator \d+$/);
    expect(r[2]).toMatch(/^\d{4}-\d{2}-\d{2} UTC$/);
  }
  const perDay = rewardRows.map((r) => `${r[1]} ${r[2]}`);
  expect(new Set(perDay).size).toBe(perDay.length);
  expect(new Set(rewardRows.map((r) => r[1])).size).toBe(2);
  await shoot(page, 'newcomer-06-dashboard-rewards');
}

async function takesTheKeysAway(page: Page, pubkeys: string[], wallet: `0x${string}`): Promise<void> {
  const actions = page.getByTestId('validator-key-actions');
  await actions.first().getByTestId('copy-pubkey').click();
  await actions.first().getByTestId('copy-pubkey').getByText('Copied').waitFor();
  expect((await page.evaluate(() => navigator.clipboard.readText())).toLowerCase()).toBe(pubkeys[0]);
  for (let i = 0; i < 2; i++) await downloadDepositData(page, actions.nth(i), pubkeys[i]!, wallet);
}

async function exitsOneTwoDaysLater(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByRole('link', { name: 'Manage' }).click();
  await page.getByRole('heading', { name: 'Manage', exact: true }).waitFor();
  await page.getByTestId('validator-select').click();
  await page.getByRole('listbox').getByRole('option').first().click();
  expect(await page.getByTestId('not-ready').innerText()).toMatch(
    /Ready to exit on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC/,
  );
  const exitButton = page.getByRole('button', { name: 'Exit Validator' });
  expect(await exitButton.isDisabled()).toBe(true);
  await shoot(page, 'newcomer-07-manage-not-ready');
  await advanceChain(2 * DAY_S);
  await page.goto('/stakeOption');
  await nav.getByRole('link', { name: 'Manage' }).click();
  await page.getByTestId('validator-select').click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await expect.poll(() => exitButton.isEnabled(), { timeout: 60_000 }).toBe(true);
  await exitButton.click();
  await page.getByRole('dialog', { name: 'Exit Validator' }).getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('heading', { name: 'Your withdraw request is received' }).waitFor({ timeout: 60_000 });
  await shoot(page, 'newcomer-08-exit-received');
}

async function revealsTheWordsAfterConfirming(
  page: Page,
  person: Person,
  signedIn: number,
  pubkeys: string[],
): Promise<void> {
  while (Date.now() < signedIn + E2E_RECENT_SIGN_IN_MS + 15_000) await page.waitForTimeout(15_000);
  await page.goto('/manageValidator');
  await page.getByRole('button', { name: 'Reveal 24 word mnemonic' }).click();
  const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
  await confirm.getByLabel('Password').fill(person.password);
  await shoot(page, 'newcomer-09-confirm-identity');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  const words = page.getByRole('dialog', { name: 'Withdrawal Key' });
  await words.waitFor();
  expect(new URL(page.url()).pathname).toBe('/manageValidator');
  const mnemonic = (await words.getByTestId('mnemonic-word').allInnerTexts()).join(' ');
  expect(validateMnemonic(mnemonic)).toBe(true);
  expect([0, 1].map((i) => `0x${deriveValidatorKeys(mnemonic, i).pubkey}`).sort()).toEqual(
    [...pubkeys].sort(),
  );
  await shoot(page, 'newcomer-10-words');
  await words.getByRole('button', { name: 'Close' }).click();
}

async function getsTheExitedBalanceBack(page: Page, wallet: `0x${string}`): Promise<void> {
  await advanceChain(10 * EPOCH_S);
  await page.goto('/stakeOption');
  await dashboardUntil(
    page,
    async () => [...(await validatorStatuses(page))].sort().join(',') === 'Active,Exited',
    'one validator exited',
  );
  // The balance of the validator left (issue 25: balances, not 32 × count), rewards included.
  expect(await page.getByTestId('total-staked').innerText()).toMatch(/^32(\.\d{1,4})? ETH$/);
  expect(await page.getByTestId('total-staked-validators').innerText()).toBe(
    '1 validator · 32 ETH effective balance',
  );
  const before = await chainBalance(wallet);
  await advanceChain(DAY_S + 3 * 3600);
  await expect
    .poll(async () => (await chainBalance(wallet)) - before, { timeout: 60_000, interval: 1000 })
    .toBeGreaterThanOrEqual(32n * ETH);
  expect((await chainBalance(wallet)) - before).toBeLessThan(33n * ETH);
  await dashboardUntil(
    page,
    async () => [...(await validatorStatuses(page))].sort().join(',') === 'Active,Withdrawn',
    'the exited validator withdrawn',
  );
  // The balance of the validator left (issue 25: balances, not 32 × count), rewards included.
  expect(await page.getByTestId('total-staked').innerText()).toMatch(/^32(\.\d{1,4})? ETH$/);
  expect(await page.getByTestId('total-staked-validators').innerText()).toBe(
    '1 validator · 32 ETH effective balance',
  );
  const withdrawals = (await allTransactionRows(page)).filter((r) => r[0] === 'Withdraw');
  expect(withdrawals.some((r) => /^32\.\d{8} ETH$/.test(r[3]!))).toBe(true);
  for (const w of withdrawals) expect(w[3]).toMatch(/^\d+\.\d{8} ETH$/);
  await shoot(page, 'newcomer-11-dashboard-withdrawn');
}

it(
  'a newcomer signs up, passes KYC and stakes 2 validators in German, takes their deposit data, reveals the words, exits one, gets its balance and downloads a statement in German',
  { timeout: 1_200_000 },
  async () => {
    browser = await launchBrowserWithCamera();
    const { page, context } = await openPage(browser, baseURL, 'newcomer journey');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const person = newPerson('journey');

    // Sign-up lands on the KYC start; in German: KYC with the liveness test on the fake camera,
    // the disclosures accepted, submitted; then English again.
    await signUp(page, person);
    await page.waitForURL((u) => u.pathname === '/welcome');
    await shoot(page, 'newcomer-01-welcome');
    const keyId = await passesKycInGerman(page, `Journey ${person.email.slice(8, 16)}`);
    await switchLanguage(page, 'Sprache', 'en');

    // Under review: login lands on the KYC status; /stakeETH says so instead of asking for a wallet.
    await seesKycUnderReview(page, person);

    // The reviewer approves; login now lands on the wallet status page.
    await approveKyc(browser, baseURL, staff, keyId, 'newcomer journey');
    await logOutAndIn(page, person.email, person.password, '/accountStatus');
    const signedIn = Date.now();

    // The dev wallet, registered with a confirmation; on to the empty dashboard.
    const wallet = await registersTheDevWallet(page);
    // Stake 2 in German: keys made, the deposit confirmed, straight to the dashboard saying so.
    const pubkeys = await stakesTwoAndSeesThemQueued(page);
    // Active on the dev clock, then a few hours of rewards: one row per validator per day.
    await earnsRewardsOnePerValidatorPerDay(page);
    // The keys taken away: a full public key copied, each validator's deposit data checked.
    await takesTheKeysAway(page, pubkeys, wallet);
    // Exit: not ready before 2 days of activity, with the date; then the exit is sent.
    await exitsOneTwoDaysLater(page);
    // The words, once the sign-in is older than the recent-sign-in window: 'Confirm it's you' in place, then shown.
    await revealsTheWordsAfterConfirming(page, person, signedIn, pubkeys);
    // The exit takes effect: 32 ETH · 1 validator; then the exited balance arrives in the wallet.
    await getsTheExitedBalanceBack(page, wallet);
    // The month ends: the reward statement, downloaded in German.
    await downloadsAStatementInGerman(page);
  },
);
