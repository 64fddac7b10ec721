// The dashboard and the dev chain as the staking journeys use them: move the dev chain's clock,
// read a wallet's balance on chain 88, open the dashboard (its sync runs on each opening) until it
// shows something, read its validator statuses and transaction rows. Shared by the staking journeys.
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/** The ETH balance of `address` on chain 88, in wei. */
export async function chainBalance(address: string): Promise<bigint> {
  const r = await fetch(inject('chainUrl'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [address, 'latest'] }),
  });
  return BigInt(((await r.json()) as { result: string }).result);
}

/** The dashboard's transaction rows as [type, validator, date, amount] texts. */
export async function transactionRows(page: Page): Promise<string[][]> {
  const rows = page.getByTestId('transactions-table').getByTestId('tx-row');
  const out: string[][] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    out.push(
      await Promise.all(
        ['tx-type', 'tx-validator', 'tx-date', 'tx-amount'].map((id) => row.getByTestId(id).innerText()),
      ),
    );
  }
  return out;
}

/**
 * Every transaction row, page by page as a person pages through them (the card shows 5 a page,
 * newest first, so an older row such as a withdrawal before a few reward days is on a later page).
 * Leaves the card on its first page.
 */
export async function allTransactionRows(page: Page): Promise<string[][]> {
  const item = (p: number) => page.getByRole('button', { name: `Transactions page ${p}`, exact: true });
  const out = await transactionRows(page);
  for (let p = 2; (await item(p).count()) > 0; p++) {
    await item(p).click();
    await expect.poll(() => item(p).getAttribute('data-active')).toBe('true');
    out.push(...(await transactionRows(page)));
  }
  if ((await item(1).count()) > 0) await item(1).click();
  return out;
}

/** Moves the dev chain's clock (and with it the dev beacon node) forward. */
export async function advanceChain(seconds: number): Promise<void> {
  const r = await fetch(new URL('/dev/time', inject('chainUrl')), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  if (!r.ok) throw new Error(`POST /dev/time: ${r.status}`);
}

/** The dev chain's clock, in Unix seconds. */
export async function chainNow(): Promise<number> {
  const r = await fetch(new URL('/dev/time', inject('chainUrl')));
  if (!r.ok) throw new Error(`GET /dev/time: ${r.status}`);
  return ((await r.json()) as { now: number }).now;
}

/**
 * Moves the dev chain's clock just past the next UTC midnight when it is nearer than `seconds`.
 * The daily charge is made at each UTC midnight the chain's clock passes, so a journey that counts
 * charges calls this before its validators start: run late in the (UTC) day, its own moves of the
 * clock would otherwise pass a midnight it does not expect.
 */
export async function clearOfMidnight(seconds: number): Promise<void> {
  const untilMidnight = 86_400 - ((await chainNow()) % 86_400);
  if (untilMidnight < seconds) await advanceChain(untilMidnight + 60);
}

/** Opens the dashboard (its sync routine runs on opening) and waits for that sync to finish. */
export async function openDashboard(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }).click();
  await page.waitForURL((u) => u.pathname === '/dashboard');
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await page.locator('[data-testid="sync-state"][data-synced="yes"]').waitFor({ timeout: 60_000 });
  await page.getByTestId('syncing').waitFor({ state: 'detached', timeout: 60_000 });
}

/** Reopens the dashboard until `check` holds (the sync runs on each opening). */
export async function dashboardUntil(page: Page, check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 10; i++) {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Staking' }).click();
    await page.waitForURL((u) => u.pathname !== '/dashboard');
    await openDashboard(page);
    if (await check()) return;
    await page.waitForTimeout(1000);
  }
  throw new Error(`the dashboard never showed ${what}`);
}

/** The validator statuses the dashboard's validators table shows, in order. */
export const validatorStatuses = (page: Page) =>
  page.getByTestId('validators-table').getByTestId('validator-status').allTextContents();
