// Issue 25 items 1 and 2 on the shared stack: an approved customer stakes one compounding (0x02)
// validator of 64 ETH and one 0x01 validator of 32 ETH from /stakeETH (the review names the kind,
// the ETH per validator, the count and the total), the deposit data file of each has `amount` as
// deposited and its kind's credentials; once active, the 0x02 one is topped up by 10 ETH from
// /manageValidator?topUp=<pubkey> (the link the dashboard's rows use) and shows the top-up as
// pending (or already credited, when the dev beacon node processed the deposit before the page
// synced); the 0x01 one is refused, with the reason, before any transaction.
// The dev beacon node's Electra deposit queue (branch `beacon`) decides when the credit comes: this
// journey stops at 'pending'.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { followInAppLink, launchBrowser } from './harness/browser.ts';
import { advanceChain, dashboardUntil, validatorStatuses } from './harness/dashboard.ts';
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
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface FileEntry {
  pubkey: string;
  withdrawal_credentials: string;
  amount: number;
}

/** The deposit data file of the wallet (GetDepositData, as the key actions download it): by kind. */
async function depositFile(
  page: Page,
  wallet: string,
): Promise<{ compounding: FileEntry; regular: FileEntry }> {
  const r = await callAs<{ FileName: string; DepositData: FileEntry[] }>(
    page,
    'Eth2Wallet',
    'GetDepositData',
    {
      walletAddress: wallet,
    },
  );
  expect(r.status, r.message).toBe('success');
  expect(r.data!.FileName).toMatch(/^deposit_data-\d+\.json$/);
  const entries = r.data!.DepositData;
  expect(entries).toHaveLength(2);
  const compounding = entries.find((e) => e.withdrawal_credentials.startsWith('02'))!;
  const regular = entries.find((e) => e.withdrawal_credentials.startsWith('01'))!;
  const address = wallet.slice(2).toLowerCase();
  expect(compounding).toMatchObject({
    amount: 64_000_000_000,
    withdrawal_credentials: `02${'00'.repeat(11)}${address}`,
  });
  expect(regular).toMatchObject({
    amount: 32_000_000_000,
    withdrawal_credentials: `01${'00'.repeat(11)}${address}`,
  });
  return { compounding, regular };
}

/** The top-up modal of `pubkey`, opened through the link the dashboard rows use. */
async function openTopUp(page: Page, pubkey: string) {
  await followInAppLink(page, `/manageValidator?topUp=0x${pubkey}`);
  const modal = page.getByRole('dialog', { name: 'Top up validator' });
  await modal.waitFor({ timeout: 60_000 });
  await modal.getByText(`0x${pubkey}`).waitFor();
  return modal;
}

it(
  'stakes a 64 ETH compounding validator and a 32 ETH 0x01 one, then tops up the compounding one by 10 ETH',
  { timeout: 900_000 },
  async () => {
    const { page } = await approvedCustomer(browser, baseURL, staff, 'compounding');
    const wallet = await connectDevWallet(page);
    await registerWallet(page);

    // /stakeETH offers 0x02 first, explained in one sentence.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Staking' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Stake ETH' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Compounding (0x02)' }).isChecked()).toBe(true);
    await page.getByText('Rewards compound: one validator can hold up to 2048 ETH.').waitFor();
    await page.getByLabel('ETH per validator').fill('4096');
    await page.getByText('A compounding (0x02) validator takes between 32 and 2048 ETH').waitFor();

    // One 0x02 validator of 64 ETH, one 0x01 of 32 (the review names kind, amount, count, total).
    await stakeValidators(page, 1, { kind: '0x02', amountEth: 64 });
    await stakeValidators(page, 1, { kind: '0x01' });
    const { compounding, regular } = await depositFile(page, wallet);

    // Active a few epochs later.
    await advanceChain(12 * EPOCH_S);
    await dashboardUntil(
      page,
      async () => (await validatorStatuses(page)).join(',') === 'Active,Active',
      'both validators active',
    );

    // 96 ETH staked out of the dev wallet's 100: the dev faucet adds 100 more for the top-up.
    const funded = await fetch(new URL('/faucet', inject('chainUrl')), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: wallet }),
    });
    expect(funded.ok).toBe(true);

    // The 0x01 validator is refused, with the reason, before any transaction.
    const refused = await openTopUp(page, regular.pubkey);
    await refused.getByText(/swept back to your withdrawal address/).waitFor();
    expect(await refused.getByRole('button', { name: 'Top up' }).isDisabled()).toBe(true);
    await refused.getByRole('button', { name: 'Cancel' }).click();

    // The 0x02 validator: its kind on the manage page, the limit, then 10 ETH from the wallet.
    const modal = await openTopUp(page, compounding.pubkey);
    expect(await page.getByTestId('validator-kind').innerText()).toBe('0x02');
    await modal.getByText(/^You can add 1 to 19(?:8[0-4]|7\d) whole ETH\.$/).waitFor();
    await modal.getByLabel('ETH to add').fill('10');
    await modal.getByRole('button', { name: 'Top up' }).click();
    await page.getByTestId('tx-status').getByText('Confirmed', { exact: true }).waitFor({ timeout: 120_000 });
    await page
      .getByText('Top-up of 10 ETH sent: it shows as pending until the beacon chain credits it.')
      .waitFor();

    // Pending until the beacon chain credits it (the dev node may already have, once the page syncs).
    const item = page.getByTestId('top-ups').getByText(/^Top-up of 10 ETH (pending|credited)/);
    await item.waitFor({ timeout: 60_000 });
    expect(await item.innerText()).toMatch(
      /^Top-up of 10 ETH (pending: the beacon chain credits it once it has processed the deposit|credited)$/,
    );
    const listed = await callAs<{ TopUps: { State: string; AmountEth: number; TxHash: string }[] }>(
      page,
      'Eth2Wallet',
      'GetTopUps',
      { walletAddress: wallet },
    );
    const [only, ...more] = listed.data!.TopUps;
    expect(more).toEqual([]);
    expect(only!.AmountEth).toBe(10);
    expect(only!.State).toMatch(/^(pending|credited)$/);
    expect(only!.TxHash).toMatch(/^0x[0-9a-f]{64}$/);
  },
);
