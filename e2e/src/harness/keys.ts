// A staker takes their keys away (issue 17): a validator's deposit data downloaded from its key
// menu and checked with the project's own validator-keys. Used by validatorKeys.e2e.ts.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { explainDepositData, type DepositDataEntry } from '../../../packages/validator-keys/src/index.ts';

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
  await row.getByTestId('validator-keys-menu').click();
  const [depositDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Download deposit data' }).click(),
  ]);
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
