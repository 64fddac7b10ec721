// Issue 25's wallet requests on a stack of its own (the dev clock moves by hours): a customer stakes
// a 64-ETH 0x02 validator and a 32-ETH 0x01 one; upgrades the 0x01 one to 0x02 from the wallet
// (EIP-7251 request to itself); is refused a consolidation of the young validator before any fee,
// with the reason; consolidates it into the other once the rules allow; withdraws 20 ETH partially
// (EIP-7002) and exits the result from the wallet. Each request is checked and quoted on
// /manageValidator, each pending one shows its expected date, and the ETH arrives in the withdrawal
// address on chain 88.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { followInAppLink, launchBrowser } from './harness/browser.ts';
import { advanceChain, chainBalance, dashboardUntil } from './harness/dashboard.ts';
import {
  approvedCustomer,
  callAs,
  connectDevWallet,
  registerWallet,
  stakeValidators,
} from './harness/staking.ts';

const baseURL = inject('stackUrl');
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

it(
  'upgrades, consolidates, withdraws partially and exits from the wallet, each with its date',
  { timeout: 1_500_000 },
  async () => {
    const { page } = await approvedCustomer(browser, baseURL, staff, 'electra');
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

    // 4. The result exited from the wallet: its whole balance arrives.
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
  },
);
