// A staker takes their keys away (issue 17): a validator's deposit data downloaded from its key
// menu and checked with the project's own validator-keys. Used by validatorKeys.e2e.ts.
import { readFileSync } from 'node:fs';
import type { Download, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { explainDepositData, type DepositDataEntry } from '../../../packages/validator-keys/src/index.ts';

/**
 * Closes the toasts on screen with their close buttons, as a person does when one sits over what
 * they want to click: a toast stays while the pointer rests on it (the pointer is where the last
 * menu item was, which is where the bottom-centre toasts appear), so it would cover the next row.
 */
export async function closeToasts(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Close notification' });
  while ((await close.count()) > 0) {
    // A toast may close by itself between the count and the click (5 s after it opened): then the
    // click has nothing to press, and the count below is what decides.
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
    await expect.poll(() => close.count(), { timeout: 10_000 }).toBe(0);
  }
}

/**
 * Opens the 'Keys' menu of `row` and clicks 'Download deposit data' once the menu stands still: the
 * row is scrolled into view first and the dropdown's opening transition has ended, so the click
 * cannot land where the dropdown was a frame before (which closes the menu as a click outside).
 * A second attempt is made, and said, if no download starts within 10 s.
 */
async function downloadFromKeysMenu(page: Page, row: Locator): Promise<Download> {
  for (let attempt = 1; ; attempt++) {
    await closeToasts(page);
    await row.scrollIntoViewIfNeeded();
    await row.getByTestId('validator-keys-menu').click();
    const menu = page.getByRole('menu');
    await expect.poll(() => menu.evaluate((e) => getComputedStyle(e).opacity)).toBe('1');
    try {
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 10_000 }),
        menu.getByRole('menuitem', { name: 'Download deposit data' }).click(),
      ]);
      return download;
    } catch (e) {
      if (attempt >= 2) throw e;
      console.error('deposit data: no download after the menu click; opening the menu again');
    }
  }
}

/**
 * From the key actions `row` of the validator `pubkey` (0x…, lower case): 'Download deposit data'
 * saves deposit_data-<unix time>.json, the Launchpad's file with one entry for that validator, 32
 * ETH, withdrawing to `wallet`; its roots and BLS signature verify (explainDepositData). Returns
 * the entry.
 */
export async function downloadDepositData(
  page: Page,
  row: Locator,
  pubkey: string,
  wallet: string,
): Promise<DepositDataEntry> {
  const depositDownload = await downloadFromKeysMenu(page, row);
  expect(depositDownload.suggestedFilename()).toMatch(/^deposit_data-\d{10}\.json$/);
  const depositData = JSON.parse(readFileSync((await depositDownload.path())!, 'utf8')) as DepositDataEntry[];
  expect(depositData).toHaveLength(1);
  const entry = depositData[0]!;
  expect(Object.keys(entry)).toEqual([
    'pubkey',
    'withdrawal_credentials',
    'amount',
    'signature',
    'deposit_message_root',
    'deposit_data_root',
    'fork_version',
    'network_name',
    'deposit_cli_version',
  ]);
  expect(`0x${entry.pubkey}`).toBe(pubkey);
  expect(entry.amount).toBe(32_000_000_000);
  expect(entry.withdrawal_credentials).toBe(`010000000000000000000000${wallet.slice(2).toLowerCase()}`);
  expect(explainDepositData(entry, 'payd-devnet')).toBeNull();
  return entry;
}
