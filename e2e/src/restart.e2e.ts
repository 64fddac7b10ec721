// `npm start` a second time keeps every account and the chain: a person signs up and connects
// the dev wallet, the stack is stopped (as with Ctrl-C) and started again on the same data.
import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, openPage } from './harness/browser.ts';
import { fillLogin, logOut, newPerson, signUp, signedInAs } from './harness/person.ts';
import { startStack, type Stack } from './harness/stack.ts';

let browser: Browser;
let stack: Stack | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  if (stack) {
    await stack.stop({ keepData: true });
    rmSync(stack.dataDir, { recursive: true, force: true });
  }
});

it('a second npm start keeps the account, the dev wallet and its balance', { timeout: 900_000 }, async () => {
  stack = await startStack({ timeoutMs: 600_000 });
  const { page } = await openPage(browser, stack.url, 'restart keeps state');
  const person = newPerson('restart');
  await signUp(page, person);

  await page.getByRole('link', { name: 'Account Status' }).click();
  await page.getByRole('button', { name: 'Use dev wallet' }).click();
  const wallet = page.getByLabel('Wallet', { exact: true });
  await wallet.getByTestId('eth-balance').getByText('100', { exact: true }).waitFor();
  const address = await wallet.getByTestId('wallet-account').getAttribute('title');
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  // A developer tops the dev wallet up through the faucet, as `curl -X POST .../faucet` would.
  const topUp = await fetch(`${stack.chainUrl}/faucet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address }),
  });
  expect(topUp.status).toBe(200);

  const { dataDir, port, chainPort } = stack;
  await stack.stop({ keepData: true });
  stack = await startStack({ dataDir, port, chainPort, timeoutMs: 600_000 });
  expect(stack.output()).toMatch(/chain 88: [1-9]\d* journaled calls replayed/);

  // The page reloads into the same session: the account and its tokens survived.
  await page.goto('/accountStatus');
  await signedInAs(page, person.email);
  const walletAgain = page.getByLabel('Wallet', { exact: true });
  await walletAgain.getByTitle(address!).waitFor();
  await walletAgain.getByTestId('eth-balance').getByText('200', { exact: true }).waitFor();

  // And the password still works.
  await logOut(page);
  await fillLogin(page, person.email, person.password);
  await signedInAs(page, person.email);
});
