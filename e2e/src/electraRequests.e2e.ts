// Issue 25's wallet requests on a stack of its own (the dev clock moves by hours): a customer stakes
// a 64-ETH 0x02 validator and a 32-ETH 0x01 one; upgrades the 0x01 one to 0x02 from the wallet
// (EIP-7251 request to itself); is refused a consolidation of the young validator before any fee,
// with the reason; consolidates it into the other once the rules allow; withdraws 20 ETH partially
// (EIP-7002) and exits the result from the wallet. Each request is checked and quoted on
// /manageValidator, each pending one shows its expected date, and the ETH arrives in the withdrawal
// address on chain 88. Issue 29 on the way: the customer counts a validator offline after 2
// epochs; the validator stopped on the dev beacon brings one offline alert (e-mail and in the app,
// with what it lost), and none more while it stays stopped, exits and is paid out.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { followInAppLink, launchBrowser } from './harness/browser.ts';
import { advanceChain, chainBalance, dashboardUntil } from './harness/dashboard.ts';
import { countMails, readMail } from './harness/mailbox.ts';
import {
  approvedCustomer,
  callAs,
  connectDevWallet,
  registerWallet,
  stakeValidators,
} from './harness/staking.ts';

const baseURL = inject('stackUrl');
const beaconUrl = inject('beaconUrl');
const staff = inject('staff');
const EPOCH_S = 48;
const ETH = 10n ** 18n;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Operation {
  Kind: string;
  PubKey: string;
  ExpectedUtc: string | null;
}

/** /manageValidator with `pubkey` selected, as the dashboard row's Manage link opens it. */
async function openManage(page: Page, pubkey: string): Promise<void> {
  await followInAppLink(page, `/manageValidator?validator=0x${pubkey}`);
  await page.getByTestId('validator-requests').waitFor({ timeout: 60_000 });
}

/** Opens the request `title` of the selected validator and checks it; returns the modal. */
async function checkRequest(
  page: Page,
  title: string,
  fill?: (modal: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await page.getByTestId('validator-requests').getByRole('button', { name: title }).click();
  const modal = page.getByRole('dialog', { name: title });
  await modal.waitFor();
  await modal.getByTestId('fee-warning').waitFor();
  if (fill) await fill(modal);
  await modal.getByRole('button', { name: 'Check request' }).click();
  await modal
    .getByTestId('request-ready')
    .or(modal.getByTestId('request-refused'))
    .waitFor({ timeout: 60_000 });
  return modal;
}

/** Sends a checked request from the wallet and waits until it is mined. */
async function send(modal: ReturnType<Page['getByRole']>): Promise<void> {
  expect(await modal.getByTestId('request-ready').innerText()).toMatch(/fee/i);
  await modal.getByRole('button', { name: 'Send request' }).click();
  await modal.getByTestId('request-sent').waitFor({ timeout: 120_000 });
  await modal.getByRole('button', { name: 'Close' }).click();
}

async function operations(page: Page, wallet: string): Promise<Operation[]> {
  const r = await callAs<{ Operations: Operation[] }>(page, 'Eth2Wallet', 'GetPendingOperations', {
    walletAddress: wallet,
  });
  expect(r.status, r.message).toBe('success');
  return r.data!.Operations;
}

/** Moves the dev clock `step` epochs at a time until `done`, at most `epochs` epochs. */
async function advanceUntil(
  done: () => Promise<boolean>,
  epochs: number,
  what: string,
  step = 8,
): Promise<void> {
  for (let i = 0; i < epochs; i += step) {
    if (await done()) return;
    await advanceChain(step * EPOCH_S);
    await new Promise((r) => setTimeout(r, 2500));
  }
  if (!(await done())) throw new Error(`${what} did not happen within ${epochs} epochs`);
}

/** Waits (moving the clock) until the wallet's pending operations list `kind` with an expected date. */
async function listedWithDate(page: Page, wallet: string, kind: string): Promise<void> {
  await advanceChain(2 * EPOCH_S);
  await advanceUntil(
    async () => (await operations(page, wallet)).some((o) => o.Kind === kind && o.ExpectedUtc),
    16,
    `the ${kind} listed with a date`,
  );
}

/** A JSON request to the dev beacon node (a developer's curl). */
async function beacon<T>(path: string, body?: unknown): Promise<T> {
  const r = await fetch(new URL(path, beaconUrl), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(r.status, `${path}: ${await r.clone().text()}`).toBe(200);
  return ((await r.json()) as { data: T }).data;
}

const OFFLINE_EPOCHS = 2;

/** Gwei as ETH, as the alert writes it ('5128' → '0.000005128'). */
const gweiAsEth = (gwei: bigint) =>
  `${gwei / 1_000_000_000n}.${(gwei % 1_000_000_000n).toString().padStart(9, '0')}`.replace(/\.?0+$/, '');

/** The offline alerts of validator `index` on /alerts, and the unread count the top bar shows. */
async function offlineAlerts(page: Page, index: string): Promise<number> {
  await page.goto('/dashboard');
  const bell = page.getByRole('link', { name: /^Alerts\s*\d+\s*unread$/ });
  await bell.waitFor({ timeout: 30_000 });
  const unread = Number(/\d+/.exec((await bell.textContent()) ?? '')![0]);
  await bell.click();
  await page.waitForURL((u) => u.pathname === '/alerts');
  // Alerts go on arriving (the exit's, the withdrawal's): /alerts shows at least the top bar's count.
  const shown = page.getByText(/^\d+ unread$/).first();
  await shown.waitFor();
  await expect
    .poll(async () => Number(/\d+/.exec((await shown.textContent()) ?? '')?.[0] ?? 0), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(unread);
  return page
    .getByRole('list', { name: 'Alerts' })
    .getByRole('listitem')
    .filter({ hasText: `Validator ${index} is offline` })
    .count();
}

/**
 * Issue 29: the customer sets 2 epochs in the alert settings, the validator `pubkey` is stopped on
 * the dev beacon (POST /payd/v1/dev/offline), and one alert arrives by e-mail and in the app with
 * what the 2 epochs cost. Returns its e-mail subject and the validator's index.
 */
async function anOfflineAlertArrives(
  page: Page,
  email: string,
  pubkey: string,
): Promise<{ subject: string; index: string }> {
  await page.goto('/alerts');
  await page.getByRole('heading', { name: 'Alert settings', level: 2 }).waitFor({ timeout: 60_000 });
  await page.getByLabel('Epochs before a validator counts as offline').fill(String(OFFLINE_EPOCHS));
  await page.getByRole('button', { name: 'Save alert settings' }).click();
  await page.getByRole('status').getByText('Alert settings saved.').waitFor();

  const { validator_index: index } = await beacon<{ validator_index: string }>('/payd/v1/dev/offline', {
    validator: `0x${pubkey}`,
    offline: true,
  });
  const stoppedIn = BigInt((await beacon<{ head_slot: string }>('/eth/v1/node/syncing')).head_slot) / 8n;
  const subject = `payd: Validator ${index} is offline`;
  await advanceChain(1 * EPOCH_S);
  expect(await countMails(page.context(), email, subject)).toBe(0);
  await advanceChain(OFFLINE_EPOCHS * EPOCH_S);
  const mail = await readMail(page.context(), email, subject, { timeoutMs: 90_000 });

  // What it lost: the penalties of its missed votes over those epochs, as the beacon node reports them.
  const [missed] = await beacon<{ total_rewards: { target: string; source: string }[] }>(
    `/eth/v1/beacon/rewards/attestations/${stoppedIn + 1n}`,
    [index],
  ).then((d) => d.total_rewards);
  const perEpoch = -(BigInt(missed!.target) + BigInt(missed!.source));
  expect(perEpoch).toBeGreaterThan(0n);
  expect(mail).toContain(
    `It has earned nothing for ${OFFLINE_EPOCHS} epochs; its balance fell by ${gweiAsEth(perEpoch * BigInt(OFFLINE_EPOCHS))} ETH since it last earned`,
  );
  expect(mail).toContain(`Check your validators: ${baseURL.replace(/\/$/, '')}/dashboard`);
  expect(await offlineAlerts(page, index)).toBe(1);

  // Still stopped two epochs later: the same condition, told once.
  await advanceChain(2 * EPOCH_S);
  await page.waitForTimeout(12_000);
  expect(await countMails(page.context(), email, subject)).toBe(1);
  expect(await offlineAlerts(page, index)).toBe(1);
  return { subject, index };
}

it(
  'upgrades, consolidates, withdraws partially and exits from the wallet, each with its date',
  { timeout: 1_500_000 },
  async () => {
    const { page, email } = await approvedCustomer(browser, baseURL, staff, 'electra');
    const wallet = await connectDevWallet(page);
    await registerWallet(page);
    await stakeValidators(page, 1, { kind: '0x02', amountEth: 64 });
    await stakeValidators(page, 1, { kind: '0x01' });
    const keys = await callAs<{ DepositData: { pubkey: string; withdrawal_credentials: string }[] }>(
      page,
      'Eth2Wallet',
      'GetDepositData',
      { walletAddress: wallet },
    );
    const target = keys.data!.DepositData.find((e) => e.withdrawal_credentials.startsWith('02'))!.pubkey;
    const source = keys.data!.DepositData.find((e) => e.withdrawal_credentials.startsWith('01'))!.pubkey;
    await advanceChain(12 * EPOCH_S);
    await dashboardUntil(
      page,
      async () =>
        (await page.getByTestId('validators-table').getByTestId('validator-status').allTextContents()).join(
          ',',
        ) === 'Active,Active',
      'both validators active',
    );
    // Each row offers its actions: Top up (0x02) and Manage.
    await page.getByTestId('validator-actions').getByRole('link', { name: 'Top up' }).first().waitFor();

    // 1. The 0x01 validator upgraded to 0x02 by a request to itself, from the wallet.
    await openManage(page, source);
    const upgrade = await checkRequest(page, 'Upgrade to 0x02');
    await send(upgrade);
    await advanceChain(4 * EPOCH_S);
    await dashboardUntil(
      page,
      async () =>
        (await page.getByTestId('validators-table').getByTestId('validator-kind').allTextContents()).every(
          (k) => /0x02/i.test(k),
        ),
      'both validators 0x02',
    );

    // 2. A consolidation of a validator active for less than 64 epochs: refused before any fee.
    await openManage(page, source);
    const early = await checkRequest(page, 'Consolidate', async (modal) => {
      await modal.getByTestId('consolidation-target').click();
      await page.getByRole('listbox').getByRole('option').first().click();
    });
    const reason = await early.getByTestId('request-refused').innerText();
    expect(reason).toMatch(/epoch/i);
    expect(await early.getByRole('button', { name: 'Send request' }).count()).toBe(0);
    await early.getByRole('button', { name: 'Cancel' }).click();

    // ... and once the rules allow it, sent; it shows with its expected date until processed.
    await advanceChain(64 * EPOCH_S);
    await openManage(page, source);
    const consolidate = await checkRequest(page, 'Consolidate', async (modal) => {
      await modal.getByTestId('consolidation-target').click();
      await page.getByRole('listbox').getByRole('option').first().click();
    });
    await send(consolidate);
    await listedWithDate(page, wallet, 'consolidation');
    // The dashboard's row shows it with its expected date.
    const pendingRow = (kind: string) => page.getByTestId('validator-pending-op').filter({ hasText: kind });
    await dashboardUntil(
      page,
      async () => (await pendingRow('Consolidation').count()) > 0,
      'the consolidation',
    );
    expect(await pendingRow('Consolidation').first().innerText()).toMatch(/^Consolidation: .*\d{4}/);
    await advanceUntil(
      async () => !(await operations(page, wallet)).some((o) => o.Kind === 'consolidation'),
      400,
      'the consolidation',
      32,
    );

    // 3. 20 ETH withdrawn partially from the consolidated validator: it arrives in the wallet.
    const before = await chainBalance(wallet);
    await openManage(page, target);
    const partial = await checkRequest(page, 'Withdraw partially', async (modal) => {
      await modal.getByTestId('partial-amount').fill('20');
    });
    await send(partial);
    await listedWithDate(page, wallet, 'partial-withdrawal');
    await advanceUntil(
      async () => (await chainBalance(wallet)) - before >= 19n * ETH,
      2600,
      'the 20 ETH payment',
      64,
    );

    // Issue 29: stopped on the dev beacon, the validator is told offline once.
    const offline = await anOfflineAlertArrives(page, email, target);

    // 4. The result exited from the wallet (still stopped): its whole balance arrives.
    const beforeExit = await chainBalance(wallet);
    await openManage(page, target);
    await page.getByText('Two ways to exit').first().waitFor();
    const exit = await checkRequest(page, 'Exit from the wallet');
    await send(exit);
    await listedWithDate(page, wallet, 'exit');
    // The dev beacon's sweep visits each validator once a day of dev clock.
    await advanceUntil(
      async () => (await chainBalance(wallet)) - beforeExit >= 70n * ETH,
      2600,
      'the exit payment',
      64,
    );
    // Stopped all along, the exited validator was not told offline again.
    expect(await countMails(page.context(), email, offline.subject)).toBe(1);
    expect(await offlineAlerts(page, offline.index)).toBe(1);
  },
);
