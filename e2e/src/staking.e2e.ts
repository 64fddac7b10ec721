// The staking journey of issue 7 (spec 001 'Dashboard', 'Withdraw-validators screen', 'Single-validator
// withdrawal and exit screen'): an approved customer registers the dev wallet, stakes 2 validators and
// watches the dashboard: 64 ETH staked, pending to active as the dev beacon clock moves, rewards in the
// Daily tab, the transactions exported to 'LTD Transactions {yyyymmdd}.xlsx' (columns checked); withdrawing
// too many shows the spec's messages; the 24 words derive the public keys; one validator is exited on
// /manageValidator, the other withdrawn on /withdrawETH, both reach Exited. Issue 17: rewards one row per
// validator per day with its entries in Details; links and 'exit it yourself' commands follow chain 88;
// 'not ready' says when; after one exit 32 ETH · 1 validator; the exited balance arrives on chain 88 and
// the withdrawal row reads as a person reads it. Issue 25: row kind, balances, actions; the rewards chart.
import { mkdirSync, readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { deriveValidatorKeys, validateMnemonic } from '../../packages/validator-keys/src/index.ts';
import { launchBrowser } from './harness/browser.ts';
import {
  advanceChain,
  allTransactionRows,
  chainBalance,
  dashboardUntil,
  transactionRows,
  validatorStatuses,
} from './harness/dashboard.ts';
import { executionRewardsPaid } from './harness/executionRewards.ts';
import { seesKindBalancesAndChart } from './harness/validatorFigures.ts';
import { approvedCustomer, connectDevWallet, registerWallet, stakeValidators } from './harness/staking.ts';

const baseURL = inject('stackUrl');
const staff = inject('staff');
const EPOCH_S = 48;
const DAY_S = 86_400;
/** Screenshots of each screen, for a person to look at (not compared). */
const SHOTS = process.env.PAYD_E2E_SHOTS;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A screenshot at 1280x800 and one at 390x844 (`-phone`); the page keeps its own size after. */
async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const [width, height, suffix] of [
    [1280, 800, ''],
    [390, 844, '-phone'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(400); // modal transitions, layout
    await page.screenshot({ path: `${SHOTS}/${name}${suffix}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** The entries of a zip file (stored or deflated), read from its central directory. */
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

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The first sheet of an .xlsx: its name and its rows of cell texts. */
function readXlsx(file: Buffer): { sheet: string; rows: string[][] } {
  const zip = unzip(file);
  const sheet = unescapeXml(/<sheet [^>]*name="([^"]*)"/.exec(zip.get('xl/workbook.xml') ?? '')![1]!);
  const shared = [...(zip.get('xl/sharedStrings.xml') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) =>
    unescapeXml([...m[1]!.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join('')),
  );
  const xml = zip.get('xl/worksheets/sheet1.xml') ?? '';
  const rows = [...xml.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)].map((r) =>
    [...r[1]!.matchAll(/<c ([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)].map((c) => {
      const inner = c[2] ?? '';
      const text = /<t[^>]*>([\s\S]*?)<\/t>/.exec(inner)?.[1];
      if (/t="s"/.test(c[1]!)) return shared[Number(/<v>(\d+)<\/v>/.exec(inner)?.[1])] ?? '';
      return unescapeXml(text ?? /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1] ?? '');
    }),
  );
  return { sheet, rows };
}

async function seesTheEmptyDashboard(page: Page): Promise<void> {
  await page.getByText('No validators, please stake ETH.').waitFor();
  await page.getByText('No recent transactions.').waitFor();
  await page.getByTestId('rewards-Daily').getByText('No recent rewards.').waitFor();
  expect(await page.getByTestId('total-staked').innerText()).toBe('0 ETH');
  await withdrawIsDisabled(page, 'Nothing to withdraw: no validators are staked.');
  await shot(page, '01-dashboard-empty');
}

/** Withdraw ETH cannot be followed with nothing to withdraw, and the dashboard says why. */
async function withdrawIsDisabled(page: Page, reason: string): Promise<void> {
  expect(await page.getByRole('button', { name: 'Withdraw ETH' }).isDisabled()).toBe(true);
  expect(await page.getByTestId('withdraw-disabled-reason').innerText()).toBe(reason);
}

/** Returns the validators' public keys. */
async function seesBothPending(page: Page): Promise<string[]> {
  await dashboardUntil(
    page,
    async () => /^64(\.\d{1,4})? ETH$/.test(await page.getByTestId('total-staked').innerText()),
    '64 ETH staked',
  );
  await page.getByTestId('validator-row').nth(1).waitFor();
  const pending = await validatorStatuses(page);
  expect(pending).toHaveLength(2);
  for (const s of pending) expect(['Pending', 'Queued']).toContain(s);
  // Where each stands in the activation queue, and roughly when it becomes active.
  for (const u of await page.getByTestId('validator-uptime').allInnerTexts())
    expect(u).toMatch(
      /^(?:\d+ of \d+ in the activation queue · active|Active) in (?:under an hour|~\d+ days?, \d+ hours?) \((?:about|on) \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC\)$/,
    );
  expect(await page.getByTestId('tx-type').allInnerTexts()).toEqual(['Deposit', 'Deposit']);
  const pubkeys = await page
    .getByTestId('validators-table')
    .locator('[data-pubkey]:not([data-testid=validator-key-actions])')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-pubkey')!.toLowerCase()));
  expect(pubkeys).toHaveLength(2);
  await shot(page, '02-dashboard-pending');
  return pubkeys;
}

async function seesThemActiveWithRewards(page: Page): Promise<void> {
  await advanceChain(12 * EPOCH_S);
  await dashboardUntil(
    page,
    async () => (await validatorStatuses(page)).join(',') === 'Active,Active',
    'both validators active',
  );
  for (const u of await page.getByTestId('validator-uptime').allInnerTexts())
    expect(u).toMatch(/^0 days, \d+ hours?$/);
  await advanceChain(3 * 3600);
  await dashboardUntil(
    page,
    async () => (await page.getByTestId('rewards-Daily').getByTestId('rewards-total').count()) > 0,
    'rewards in the Daily tab',
  );
  const daily = await page
    .getByTestId('rewards-Daily')
    .getByTestId('rewards-total')
    .getAttribute('data-full');
  expect(Number(daily)).toBeGreaterThan(0);
  expect(daily).toMatch(/^\d+\.\d{18}$/);
  expect(await page.getByTestId('rewards-Daily').getByTestId('rewards-total').innerText()).toMatch(
    /^\d+\.\d{8} ETH$/,
  );
  await shot(page, '03-dashboard-active-rewards');
}

/** Returns the reward rows of the transactions table. */
async function readsOneRewardRowPerValidatorPerDay(page: Page): Promise<string[][]> {
  const txRows = await transactionRows(page);
  const rewardRows = txRows.filter((r) => r[0] === 'Staking Reward');
  expect(rewardRows.length).toBeGreaterThan(0);
  for (const r of txRows) expect(r[1]).toMatch(/^Validator \d+$/);
  const perDay = rewardRows.map((r) => `${r[1]} ${r[2]}`);
  expect(new Set(perDay).size).toBe(perDay.length);
  for (const r of rewardRows) expect(r[2]).toMatch(/^\d{4}-\d{2}-\d{2} UTC$/);
  // The day's entries are one click away.
  await page.getByTestId('transactions-table').getByRole('button', { name: 'Details' }).first().click();
  const dayModal = page.getByRole('dialog').filter({ has: page.getByTestId('reward-day-table') });
  await dayModal.getByTestId('reward-day-row').first().waitFor();
  await shot(page, '03b-dashboard-reward-day');
  await page.keyboard.press('Escape');
  await dayModal.waitFor({ state: 'detached' });
  const table = page.getByTestId('validators-table'); // no explorer on chain 88; row actions only
  expect(await table.getByRole('link', { name: /^\d+$/ }).count()).toBe(0);
  expect(await table.getByRole('link', { name: /^Manage validator/ }).count()).toBe(2);
  return rewardRows;
}

/**
 * Issue 24: each validator's fee recipient is the wallet, and the Fees and MEV the LTD rewards show
 * are what the dev beacon node paid into the wallet on chain 88 (read there, payment by payment).
 */
async function getsTheFeesAndMevInTheWallet(page: Page, wallet: string): Promise<void> {
  const shown = await page
    .getByTestId('validators-table')
    .getByTestId('validator-fee-recipient')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-address')));
  expect(shown).toEqual([wallet.toLowerCase(), wallet.toLowerCase()]);
  // Every validator proposes once in any 6 hours (3600 slots).
  await advanceChain(6 * 3600);
  const wei = (text: string | null) => {
    const [whole = '0', frac = ''] = (text ?? '0').replace(/,/g, '').split('.');
    return BigInt(whole || '0') * 10n ** 18n + BigInt(frac.padEnd(18, '0').slice(0, 18));
  };
  const ltd = page.getByTestId('rewards-LTD');
  let paid = await executionRewardsPaid(wallet);
  await dashboardUntil(
    page,
    async () => {
      await page.getByTestId('rewards-card').getByRole('tab', { name: 'LTD' }).click();
      paid = await executionRewardsPaid(wallet);
      const fees = wei(await ltd.getByTestId('rewards-fees').getAttribute('data-full'));
      const mev = wei(await ltd.getByTestId('rewards-mev').getAttribute('data-full'));
      return paid.payments >= 2 && fees === paid.fees && mev === paid.mev;
    },
    'the fees and MEV paid into the wallet on chain 88',
  );
  expect(paid.fees * 13n).toBe(paid.mev * 9n); // 90,000 and 130,000 gwei a block
  // The export splits them the same way: its Fees and MEV rows add up to what arrived.
  const xlsx = readXlsx(readFileSync((await (await exportDownload(page)).path())!));
  const sum = (type: string) => xlsx.rows.filter((r) => r[1] === type).reduce((s, r) => s + wei(r[4]!), 0n);
  expect([sum('Fees Reward'), sum('MEV Reward')]).toEqual([paid.fees, paid.mev]);
  await shot(page, '03c-dashboard-fees-and-mev');
}

/** Clicks Export on the transactions card and waits for the file. */
async function exportDownload(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('transactions-card').getByRole('button', { name: 'Export' }).click(),
  ]);
  return download;
}

async function exportsTheTransactions(page: Page, rewardRows: string[][]): Promise<void> {
  const download = await exportDownload(page);
  const now = new Date();
  const stamp = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
  expect(download.suggestedFilename()).toBe(`LTD Transactions ${stamp}.xlsx`);
  const xlsx = readXlsx(readFileSync((await download.path())!));
  expect(xlsx.sheet).toBe('Transactions');
  expect(xlsx.rows[0]).toEqual([
    'Status',
    'Transaction',
    'Date',
    'Amount',
    'Full Amount',
    'Currency',
    'Explorer',
    'Validator',
  ]);
  const deposits = xlsx.rows.filter((r) => r[1] === 'Deposit');
  expect(deposits).toHaveLength(2);
  for (const d of deposits) {
    expect(d[0]).toBe('Successful');
    expect(d[3]).toBe('32.00000000');
    expect(d[4]).toBe('32.000000000000000000');
    expect(d[5]).toBe('ETH');
    // No public explorer on chain 88 (never mainnet's etherscan).
    expect(d[6]).toBe('');
    expect(d[7]).toMatch(/^Validator \d+$/);
  }
  expect(xlsx.rows.some((r) => r[1] === 'Staking Reward')).toBe(true);
  expect(xlsx.rows.filter((r) => r[1] === 'Staking Reward').length).toBe(rewardRows.length);
  expect(JSON.stringify(xlsx.rows)).not.toMatch(/etherscan|beaconcha/);
}

async function isRefusedWithdrawingTooMuch(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Withdraw' }).click();
  await page.getByRole('heading', { name: 'Withdraw ETH' }).waitFor();
  const count = page.getByLabel('Number of validators');
  await count.fill('3');
  await page.getByText('You are drawing down more ETH than you have staked.').waitFor();
  expect(await page.getByLabel('ETH amount').inputValue()).toBe('96');
  expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
  await count.fill('2');
  await page.getByText('Not enough active validator(s) to be withdrawn at this moment.').waitFor();
  expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
  await shot(page, '04-withdraw-not-enough');
}

async function revealsWordsThatDeriveTheKeys(page: Page, password: string, pubkeys: string[]): Promise<void> {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Manage' }).click();
  await page.getByRole('heading', { name: 'Manage', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Reveal 24 word mnemonic' }).click();
  const modal = page.getByRole('dialog', { name: 'Withdrawal Key' });
  // An old sign-in is confirmed in place ('Confirm it's you', password), then the words show.
  const reauth = page.getByRole('dialog', { name: "Confirm it's you" });
  await Promise.race([modal.waitFor(), reauth.waitFor()]);
  if (await reauth.isVisible()) {
    await shot(page, '05-manage-reauth');
    await reauth.getByLabel('Password').fill(password);
    await reauth.getByRole('button', { name: 'Confirm' }).click();
  }
  await modal.waitFor();
  const rows = modal.getByTestId('mnemonic-row');
  expect(await rows.count()).toBe(4);
  for (let r = 0; r < 4; r++) expect(await rows.nth(r).getByTestId('mnemonic-word').count()).toBe(6);
  const words = (await modal.getByTestId('mnemonic-word').allInnerTexts()).join(' ');
  expect(validateMnemonic(words)).toBe(true);
  const derived = [0, 1].map((i) => `0x${deriveValidatorKeys(words, i).pubkey}`.toLowerCase());
  expect(derived.sort()).toEqual([...pubkeys].sort());
  await modal.getByText('Exit a validator yourself').waitFor();
  // The commands name chain 88 and carry both validators' real indices; no blanks, no mainnet.
  const instructions = await modal.innerText();
  expect(instructions).toContain('--devnet_chain_setting');
  expect(instructions).not.toContain('--chain mainnet');
  expect(instructions).not.toMatch(/<validator index>|<key index>|<beacon node URL>/);
  expect(instructions).toMatch(/--validator_start_index 0 --validator_indices \d+/);
  expect(instructions).toMatch(/--validator_start_index 1 --validator_indices \d+/);
  await shot(page, '06-manage-withdrawal-key');
  await modal.getByRole('button', { name: 'Close' }).click();
}

async function exitsOneOnceReady(page: Page): Promise<void> {
  await page.getByTestId('validator-select').click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await page
    .getByTestId('not-ready')
    .getByText('The current validator is not ready for withdrawal yet.')
    .waitFor();
  expect(await page.getByTestId('not-ready').innerText()).toMatch(
    /Ready to exit on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC/,
  );
  expect(await page.getByTestId('manage-table').getByRole('link').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Exit Validator' }).isDisabled()).toBe(true);
  await shot(page, '07-manage-not-ready');
  await advanceChain(2 * DAY_S);
  await page.goto('/stakeOption');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Manage' }).click();
  await page.getByRole('heading', { name: 'Manage', exact: true }).waitFor();
  await page.getByTestId('validator-select').click();
  await page.getByRole('listbox').getByRole('option').first().click();
  const exitButton = page.getByRole('button', { name: 'Exit Validator' });
  await expect.poll(() => exitButton.isEnabled(), { timeout: 60_000 }).toBe(true);
  await shot(page, '08-manage-ready');
  await exitButton.click();
  await page.getByRole('dialog', { name: 'Exit Validator' }).getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('heading', { name: 'Your withdraw request is received' }).waitFor({ timeout: 60_000 });
  await shot(page, '09-withdraw-confirm');
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await page.waitForURL((u) => u.pathname === '/dashboard');
}

/** Returns the exited validator's uptime, which stopped. */
async function seesOneExited(page: Page): Promise<string> {
  await advanceChain(10 * EPOCH_S);
  await dashboardUntil(
    page,
    async () => [...(await validatorStatuses(page))].sort().join(',') === 'Active,Exited',
    'one validator exited',
  );
  expect(await page.getByTestId('total-staked').innerText()).toMatch(/^32(\.\d{1,4})? ETH$/); // a balance
  expect(await page.getByTestId('total-staked-validators').innerText()).toMatch(/^1 validator · 32 ETH eff/);
  await page.getByTestId('exited-on-the-way').getByText('on the way to your withdrawal address').waitFor();
  const exitedRow = page.getByTestId('validator-row').filter({ hasText: 'Exited' });
  const stoppedAt = await exitedRow.getByTestId('validator-uptime').innerText();
  await shot(page, '09b-dashboard-one-exited');
  // Two hours on (still exited, not yet withdrawable): its uptime has not moved.
  await advanceChain(2 * 3600);
  await dashboardUntil(
    page,
    async () => (await exitedRow.getByTestId('validator-uptime').innerText()) === stoppedAt,
    'the exited uptime stopped',
  );
  return stoppedAt;
}

async function getsTheExitedBalance(page: Page, wallet: string, stoppedAt: string): Promise<void> {
  const exitedRow = page.getByTestId('validator-row').filter({ hasText: 'Exited' });
  const before = await chainBalance(wallet);
  await advanceChain(DAY_S + 3 * 3600);
  await expect
    .poll(async () => (await chainBalance(wallet)) - before, { timeout: 60_000, interval: 1000 })
    .toBeGreaterThanOrEqual(32n * 10n ** 18n);
  expect((await chainBalance(wallet)) - before).toBeLessThan(33n * 10n ** 18n);
  await dashboardUntil(
    page,
    async () => [...(await validatorStatuses(page))].sort().join(',') === 'Active,Withdrawn',
    'the exited validator withdrawn',
  );
  expect(await page.getByTestId('total-staked').innerText()).toMatch(/^32(\.\d{1,4})? ETH$/);
  expect(await exitedRow.count()).toBe(0);
  // The wallet's balance in the top bar shows it too (about 36 ETH left after staking, now about 68).
  await expect
    .poll(async () => Number((await page.getByTestId('eth-balance').innerText()).replace(/[^\d.]/g, '')), {
      timeout: 30_000,
    })
    .toBeGreaterThan(60);
  expect(stoppedAt).toMatch(/^\d+ days?, \d+ hours?$/);
  // The withdrawal reads as a person reads it: the type says the direction, the amount is received.
  const withdrawals = (await allTransactionRows(page)).filter((r) => r[0] === 'Withdraw');
  expect(withdrawals.some((r) => /^32\.\d{8} ETH$/.test(r[3]!))).toBe(true);
  for (const w of withdrawals) expect(w[3]).toMatch(/^\d+\.\d{8} ETH$/);
  await shot(page, '09c-dashboard-withdrawn');
}

async function withdrawsTheOther(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Withdraw' }).click();
  await page.getByRole('heading', { name: 'Withdraw ETH' }).waitFor();
  await page.getByLabel('Number of validators').fill('2');
  await page.getByText('You are drawing down more ETH than you have staked.').waitFor();
  await page.getByLabel('Number of validators').fill('1');
  await page.getByLabel('Reason (optional)').fill('Moving to my own node');
  const cont = page.getByRole('button', { name: 'Continue' });
  await expect.poll(() => cont.isEnabled(), { timeout: 30_000 }).toBe(true);
  await cont.click();
  const confirm = page.getByRole('dialog', { name: 'Withdrawal Confirmation' });
  await confirm.getByText('You are withdrawing 1 validator (32 ETH).', { exact: false }).waitFor();
  expect(await confirm.getByTestId('withdraw-confirm-text').innerText()).toMatch(/\. Its exit is signed/);
  await shot(page, '10-withdraw-confirmation');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('heading', { name: 'Your withdraw request is received' }).waitFor({ timeout: 60_000 });
  // Opened directly (from another page: a reload of the same entry keeps its state), the page
  // announces nothing: no request was made from there.
  await page.goto('/dashboard');
  await page.goto('/withdrawConfirm');
  await page.getByTestId('nothing-confirmed').waitFor();
  expect(await page.getByRole('heading', { name: 'Your withdraw request is received' }).count()).toBe(0);
  await shot(page, '10b-withdraw-confirm-direct');
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await page.waitForURL((u) => u.pathname === '/dashboard');
}

it(
  'an approved customer stakes 2 validators, follows them on the dashboard, exports, reveals the words, exits one and withdraws the other',
  { timeout: 900_000 },
  async () => {
    const customer = await approvedCustomer(browser, baseURL, staff, 'dashboard');
    const { page } = customer;
    const wallet = await connectDevWallet(page);
    await registerWallet(page);
    // Before staking: the empty states.
    await seesTheEmptyDashboard(page);

    await stakeValidators(page, 2);

    // 64 ETH staked; both validators pending on the beacon chain.
    const pubkeys = await seesBothPending(page);

    // The dev beacon clock moves on: active (about 6 epochs after the deposit), then a few hours of rewards.
    await seesThemActiveWithRewards(page);
    await seesKindBalancesAndChart(page, '06b-dashboard-kind-balances-chart'); // issue 25

    // Rewards: one row per validator per day (several syncs ran), each naming its validator.
    const rewardRows = await readsOneRewardRowPerValidatorPerDay(page);

    // Export: 'LTD Transactions {yyyymmdd}.xlsx', sheet 'Transactions' with the spec's columns.
    await exportsTheTransactions(page, rewardRows);

    // Fees and MEV: the validators' fee recipient is the wallet, and what the dashboard and the
    // export show arrived there on chain 88.
    await getsTheFeesAndMevInTheWallet(page, wallet);

    // Withdraw: more than staked, then more than the withdrawable (active for less than 2 days).
    await isRefusedWithdrawingTooMuch(page);

    // Manage: the 24 words derive the validators' public keys (a fresh sign-in may be asked first).
    await revealsWordsThatDeriveTheKeys(page, customer.password, pubkeys);

    // Not ready before 2 days of activity; then the exit is signed on the server and sent.
    await exitsOneOnceReady(page);

    // One of two exited: it leaves Total Staked (32 ETH · 1 validator) and its uptime stops.
    const stoppedAt = await seesOneExited(page);

    // The exited balance arrives in the wallet on chain 88 once withdrawable (256 epochs after the
    // exit) and swept (at most a day later): the dev beacon node pays it as EIP-4895 withdrawals do.
    await getsTheExitedBalance(page, wallet, stoppedAt);

    // The other validator through /withdrawETH: reason, 'Withdrawal Confirmation', /withdrawConfirm.
    await withdrawsTheOther(page);

    // The second exit takes effect a few epochs later: nothing is staked any more.
    await advanceChain(10 * EPOCH_S);
    await dashboardUntil(
      page,
      async () => [...(await validatorStatuses(page))].sort().join(',') === 'Exited,Withdrawn',
      'both validators exited',
    );
    expect(await page.getByTestId('total-staked').innerText()).toBe('0 ETH');
    await withdrawIsDisabled(page, 'Nothing to withdraw: no validators are staked.');
    // The rewards were earned while the validators ran: their percentages stay, not 0.0000%.
    await page.getByTestId('rewards-card').getByRole('tab', { name: 'LTD' }).click();
    const ltd = page.getByTestId('rewards-LTD');
    expect(await ltd.getByTestId('rewards-pct').innerText()).toMatch(/^(?!0\.0000%)\d+\.\d{4}%$/);
    expect(await ltd.getByTestId('rewards-yearly').innerText()).toMatch(/^(?!0\.0000%)\d+\.\d{4}% a year$/i);
    await shot(page, '11-dashboard-exited');
  },
);
