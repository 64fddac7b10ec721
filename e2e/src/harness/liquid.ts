// The Liquid staking journey's steps on /liquidStaking (issue 13) as a person takes them: open the
// page, read its figures, deposit validators for FETH, queue FETH for ETH, follow the tx status bar;
// the dev clock's units, and the swap queue's fills as the chain recorded them (to check their order).
import type { Page } from 'playwright-core';
import { createPublicClient, http, parseAbiItem } from 'viem';
import { expect, inject } from 'vitest';
import { Decimal } from '../../../packages/protocol/src/index.ts';

/** Seconds of one epoch on the dev beacon node (minimal preset: 8 slots of 6 s). */
export const EPOCH_S = 48;
export const HOUR_S = 3600;
export const DAY_S = 24 * HOUR_S;

/** Opens /liquidStaking from the lending navigation's link and waits for the store's figures. */
export async function openLiquidStaking(page: Page): Promise<void> {
  await page.goto('/system');
  await page
    .getByRole('navigation', { name: 'Lending' })
    .getByRole('link', { name: 'Liquid staking' })
    .click({ timeout: 60_000 });
  await page.waitForURL((u) => u.pathname === '/liquidStaking');
  await page.getByRole('heading', { name: 'Liquid staking', level: 1 }).waitFor();
  await page.getByTestId('liquid-pool').waitFor({ timeout: 60_000 });
}

/** The value of a figure of the page (its label, value and hint share one data-testid). */
export async function figure(page: Page, testId: string): Promise<string> {
  return ((await page.getByTestId(testId).locator('p').nth(1).textContent()) ?? '').trim();
}

/** Waits until the figure shows `value` (the store follows new blocks by itself: no reload). */
export async function figureShows(
  page: Page,
  testId: string,
  value: string,
  timeout = 90_000,
): Promise<void> {
  await expect.poll(() => figure(page, testId), { timeout, interval: 500 }).toBe(value);
}

/** Waits for the tx status bar to name `label` and say 'Confirmed'. */
export async function txConfirmed(page: Page, label: RegExp): Promise<void> {
  const bar = page.getByTestId('tx-status');
  await bar.getByText(label).waitFor({ timeout: 120_000 });
  await bar.getByText('Confirmed', { exact: true }).waitFor({ timeout: 120_000 });
}

/** Deposits `count` validators for FETH from the deposit card, as previewed. */
export async function depositValidators(page: Page, count: number): Promise<void> {
  const card = page.getByTestId('liquid-deposit');
  await card.getByLabel('Number of validators').fill(String(count));
  await figureShows(page, 'liquid-eth-needed', `${(count * 32).toLocaleString('en-US')} ETH`, 10_000);
  await card.getByTestId('liquid-deposit-preview').waitFor();
  await card.getByRole('button', { name: 'Deposit validators' }).click();
  await txConfirmed(page, new RegExp(`^Deposit ${count} validators? for ${count * 32} FETH`));
}

/** Queues `amount` FETH (a whole number) for ETH from the queue card. */
export async function queueFeth(page: Page, amount: number): Promise<void> {
  const card = page.getByTestId('liquid-queue');
  const field = card.getByLabel('FETH to swap for ETH');
  await field.fill(String(amount));
  await card.getByRole('button', { name: 'Queue for ETH' }).click();
  await txConfirmed(page, new RegExp(`^Queue ${amount.toLocaleString('en-US')}\\.0000 FETH for ETH`));
  // The form empties its field once it has taken the landed entry: typing before that (a loaded
  // machine) would be cleared under the person's fingers.
  await expect.poll(() => field.inputValue(), { timeout: 60_000 }).toBe('');
}

/** An amount as the page prints it with 4 decimals, e.g. 40 -> '40.0000'. */
export const four = (whole: number): string => `${whole.toLocaleString('en-US')}.0000`;

/** A figure's amount ('1,234.5678 ETH') as an exact Decimal. */
export function amountIn(text: string): Decimal {
  const m = /([\d,]+(?:\.\d+)?)/.exec(text);
  if (!m) throw new Error(`no amount in '${text}'`);
  return Decimal.from(m[1]!.replace(/,/g, ''));
}

/** One fill of a queue entry, as the pool's SwapFilled events tell it, in chain order. */
export interface SwapFill {
  entryId: bigint;
  depositor: string;
  amount: bigint;
  remaining: bigint;
}

const swapFilled = parseAbiItem(
  'event SwapFilled(uint256 indexed entryId, address indexed depositor, uint256 amount, uint256 remaining)',
);

/** Every fill of the swap queue so far, in the order the chain made them. */
export async function swapFills(validatorPool: `0x${string}`): Promise<SwapFill[]> {
  const client = createPublicClient({ transport: http(inject('chainUrl')) });
  const logs = await client.getLogs({ address: validatorPool, event: swapFilled, fromBlock: 0n });
  return logs.map((l) => ({
    entryId: l.args.entryId!,
    depositor: l.args.depositor!.toLowerCase(),
    amount: l.args.amount!,
    remaining: l.args.remaining!,
  }));
}
