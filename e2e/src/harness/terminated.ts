// A terminated customer (wallet status D, issue 24) as charges.e2e.ts follows them after the
// termination: the exits' true state and the date the ETH is expected, support reached, the stake
// page still closed, the deposit data, the words (after 'Confirm it's you') and a statement
// downloaded, and, once every validator has exited, the wallet registered again.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { advanceChain, chainNow } from './dashboard.ts';
import { downloadDepositData } from './keys.ts';
import { shoot } from './shots.ts';
import { downloadListedStatement } from './statements.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const EXPECTED = /^ETH expected by (\d{1,2} \w{3} \d{4}), (\d\d:\d\d) UTC$/;

/** /accountStatus lists both exits, each with the date its ETH is expected: about a day after the exit. */
async function seesTheExitsExpectedDates(page: Page): Promise<void> {
  const eth = page.getByTestId('exits').getByTestId('exit-eth');
  await expect.poll(() => eth.count(), { timeout: 90_000 }).toBe(2);
  const now = (await chainNow()) * 1000;
  for (const text of await eth.allInnerTexts()) {
    const m = EXPECTED.exec(text.trim());
    expect(m, text).not.toBeNull();
    // The dev node: withdrawable 256 epochs (3.4 h) after the exit, then the daily sweep.
    const at = Date.parse(`${m![1]} ${m![2]} UTC`);
    expect(at - now).toBeGreaterThan(20 * 3_600_000);
    expect(at - now).toBeLessThan(30 * 3_600_000);
  }
  expect(await page.getByTestId('exits').innerText()).toMatch(
    /Exiting: leaves the beacon chain on|Exited on/,
  );
  await shoot(page, 'charges-07-exits-expected');
}

/** The stake page stays closed; 'Contact support' leaves the wallet status page for support. */
async function reachesSupportNotStaking(page: Page): Promise<void> {
  await page.goto('/stakeETH');
  await page.waitForURL((u) => u.pathname === '/accountStatus');
  await page.getByRole('heading', { name: 'Account Has Been Terminated' }).waitFor();
  await page.getByTestId('terminated-message').getByRole('link', { name: 'Contact support' }).click();
  await page.waitForURL((u) => u.pathname !== '/accountStatus');
  // The support page's own KYC rule (spec 002) sends a customer whose liveness is pending on to
  // their KYC status; either way support is reached, not the wallet status page again.
  expect(['/customer-support', '/kyc-status']).toContain(new URL(page.url()).pathname);
  await shoot(page, 'charges-08-support');
}

/** The dashboard (read-only now) downloads a validator's deposit data. */
async function downloadsTheDepositData(page: Page, wallet: string): Promise<void> {
  await page.goto('/accountStatus');
  await page.getByRole('link', { name: 'Dashboard: your validators, rewards and transactions' }).click();
  await page.waitForURL((u) => u.pathname === '/dashboard');
  await page.getByTestId('terminated-read-only').waitFor();
  const first = page.getByTestId('validator-key-actions').first();
  await first.waitFor({ timeout: 60_000 });
  const pubkey = (await first.getAttribute('data-pubkey'))!.toLowerCase();
  await downloadDepositData(page, first, pubkey, wallet);
}

/** /manageValidator reveals the 24 words after 'Confirm it's you'. */
async function revealsTheWords(page: Page, password: string): Promise<void> {
  await page.goto('/manageValidator');
  await page.getByRole('button', { name: 'Reveal 24 word mnemonic' }).click();
  const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
  const words = page.getByRole('dialog', { name: 'Withdrawal Key' });
  await Promise.race([confirm.waitFor(), words.waitFor()]);
  if (await confirm.isVisible()) {
    await confirm.getByLabel('Password').fill(password);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
  }
  await words.waitFor();
  expect(await words.getByTestId('mnemonic-word').count()).toBe(24);
  await shoot(page, 'charges-09-words');
  await words.getByRole('button', { name: 'Close' }).click();
}

/**
 * The account statement of the month the last charges fell in, downloaded from its list once the
 * month has ended (2 days after its end it is made whatever the charges).
 */
async function downloadsAStatement(page: Page): Promise<void> {
  const now = await chainNow();
  const charged = new Date((now - 2 * 86_400) * 1000);
  const label = `${MONTHS[charged.getUTCMonth()]} ${charged.getUTCFullYear()}`;
  const ready = Date.UTC(charged.getUTCFullYear(), charged.getUTCMonth() + 1, 3) / 1000 + 3600;
  await advanceChain(Math.max(ready - now, 60));
  const text = await downloadListedStatement(page, '/accountStatements', label);
  expect(text).toMatch(/Account Statement/i);
  await shoot(page, 'charges-10-statement');
}

export async function terminatedStillReads(page: Page, wallet: string, password: string): Promise<void> {
  await seesTheExitsExpectedDates(page);
  await reachesSupportNotStaking(page);
  await downloadsTheDepositData(page, wallet);
  await revealsTheWords(page, password);
  await downloadsAStatement(page);
}

/** Every validator has exited (the month moved on): the wallet is registered again, staking opens. */
export async function comesBack(page: Page): Promise<void> {
  await page.goto('/accountStatus');
  const button = page.getByTestId('come-back-button');
  await button.waitFor({ timeout: 90_000 });
  expect(await page.getByTestId('exits').innerText()).toContain('Withdrawn');
  await shoot(page, 'charges-11-come-back');
  await button.click();
  await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 60_000 });
  await page.getByRole('link', { name: 'Stake ETH' }).waitFor();
}
