// What the dashboard shows of each validator's ETH since issue 25 (items 1 and 10), as the staking
// journeys check it: Total Staked is the validators' balances (not 32 × count), each row names its
// kind (0x01 or 0x02) and shows its balance and effective balance, and the chart of daily rewards
// draws the days with rewards and says in a sentence what it shows. A screenshot for a person to look
// at when PAYD_E2E_SHOTS is set.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The dashboard of 0x01 validators of 32 ETH that have been active long enough to earn. */
export async function seesKindBalancesAndChart(page: Page, shotName: string, kinds = ['0x01', '0x01']) {
  const card = page.getByTestId('validators-card');
  const rows = card.getByTestId('validator-row');
  await expect.poll(() => rows.count()).toBe(kinds.length);
  const staked = Number((await page.getByTestId('total-staked').innerText()).replace(/[^\d.]/g, ''));
  let sum = 0;
  for (let i = 0; i < kinds.length; i++) {
    const row = rows.nth(i);
    expect(await row.getByTestId('validator-kind').innerText()).toBe(kinds[i]);
    expect(await row.getByTestId('validator-kind-description').textContent()).toMatch(
      kinds[i] === '0x02' ? /^Compounding \(0x02\)/ : /^Regular \(0x01\)/,
    );
    const balance = Number((await row.getByTestId('validator-balance').innerText()).replace(/[^\d.]/g, ''));
    expect(balance).toBeGreaterThanOrEqual(32);
    sum += balance;
    expect(await row.getByTestId('validator-effective').innerText()).toBe('32 ETH');
    // The places other helpers fill: pending operations and actions.
    expect(await row.getByTestId('validator-pending').count()).toBe(1);
    expect(await row.getByTestId('validator-actions').count()).toBe(1);
  }
  // Total Staked adds the balances (shown to 4 places, the rows to 8).
  expect(Math.abs(staked - sum)).toBeLessThan(0.0002);
  expect(await page.getByTestId('total-staked-validators').innerText()).toBe(
    `${kinds.length} validators · ${32 * kinds.length} ETH effective balance`,
  );
  const chart = page.getByTestId('rewards-chart-card');
  await chart.getByTestId('rewards-chart-summary').filter({ hasText: 'ETH in all' }).waitFor();
  expect(await chart.getByTestId('rewards-chart-summary').innerText()).toMatch(
    /^Daily rewards over the last 30 days: \d+\.\d{8} ETH in all; the most on \d+ \w{3}, \d+\.\d{8} ETH\.$/,
  );
  // Drawn by recharts inside the page's CSP: an SVG with a bar for a day with rewards.
  // (days without rewards have zero-height, hidden bars: wait for a visible one)
  await chart
    .locator('[data-testid="rewards-chart"] svg .recharts-bar-rectangle')
    .filter({ visible: true })
    .first()
    .waitFor();
  const table = chart.getByRole('table', { name: 'Daily rewards (ETH)' });
  expect(await table.getByRole('row').count()).toBe(31);
  const shots = process.env.PAYD_E2E_SHOTS;
  if (shots) {
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: `${shots}/${shotName}.png`, fullPage: true });
  }
}
