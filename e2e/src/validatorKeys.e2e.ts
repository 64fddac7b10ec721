// Issue 17, 'Broken': a staker takes their keys away and reveals the words after the 5-minute mark.
// An approved customer stakes 2 validators; on the dashboard each validator's full public key is
// copied ('Copied') and its deposit data downloaded as deposit_data-<unix time>.json, checked here
// with the project's own validator-keys (roots and BLS signature). The server's clock for sessions
// is the real one (POST /dev/time moves only the chain), so the journey signs in a second session
// and waits until both sessions are older than the recent-sign-in window (a wait, never a timing assertion). Then
// 'Reveal 24 word mnemonic' asks 'Confirm it's you' in place (a wrong password is refused with its
// message, the right one reveals the words, which derive the validators' keys), and in the second
// session a keystore is made on /manageValidator with a chosen password, confirmed the same way,
// downloaded as keystore-m_12381_3600_<i>_0_0-<unix time>.json and decrypted here to the key of
// the validator; a third session, whose device holds a passkey of the person, confirms with it.
// Screenshots at 1280x800 and 390x844 with PAYD_E2E_SHOTS.
import { E2E_RECENT_SIGN_IN_MS } from './harness/stack.ts';
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, CDPSession, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import {
  decryptKeystore,
  deriveValidatorKeys,
  secretKeyToPublicKey,
  toHex,
  validateMnemonic,
  type Keystore,
} from '../../packages/validator-keys/src/index.ts';
import { launchBrowser, openPage } from './harness/browser.ts';
import { downloadDepositData } from './harness/keys.ts';
import { openSecurity } from './harness/person.ts';
import {
  approvedCustomer,
  connectDevWallet,
  registerWallet,
  signIn,
  stakeValidators,
  type ApprovedCustomer,
} from './harness/staking.ts';

const baseURL = inject('stackUrl');
const staff = inject('staff');
const SHOTS = process.env.PAYD_E2E_SHOTS;
const KEYSTORE_PASSWORD = 'my validator 2026';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A screenshot at 1280x800 and one at 390x844 (`-phone`); the page keeps its own size after. */
async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const [width, height, suffix] of [
    [1280, 800, ''],
    [390, 844, '-phone'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(400); // modal transitions, layout
    await page.screenshot({ path: `${SHOTS}/keys-${name}${suffix}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** Like `shot`, with `open` run at each size first (a menu, which a resize closes). */
async function shotOpened(page: Page, name: string, open: () => Promise<void>): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const [width, height, suffix] of [
    [1280, 800, ''],
    [390, 844, '-phone'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(400);
    await open();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/keys-${name}${suffix}.png`, fullPage: true });
    await page.keyboard.press('Escape');
  }
  if (size) await page.setViewportSize(size);
}

/** Chromium's virtual authenticator: a platform passkey device that verifies the user. */
async function addVirtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

/** Opens the dashboard until it lists `n` validators (its sync runs on each opening). */
async function dashboardWithValidators(page: Page, n: number): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  for (let i = 0; i < 20; i++) {
    await nav.getByRole('link', { name: 'Staking' }).click();
    await page.waitForURL((u) => u.pathname !== '/dashboard');
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await page.locator('[data-testid="sync-state"][data-synced="yes"]').waitFor({ timeout: 60_000 });
    await page.getByTestId('syncing').waitFor({ state: 'detached', timeout: 60_000 });
    if ((await page.getByTestId('validator-key-actions').count()) === n) return;
    await page.waitForTimeout(2000);
  }
  throw new Error(`the dashboard never listed ${n} validators`);
}

async function savedText(download: Download): Promise<string> {
  return readFileSync((await download.path())!, 'utf8');
}

type Session = Awaited<ReturnType<typeof openPage>>;

/** A second session of the same person with the same dev wallet, and a third whose device holds a passkey. */
async function opensTwoMoreSessions(
  customer: ApprovedCustomer,
  wallet: string,
): Promise<{ second: Session; third: Session; bothSignedIn: number }> {
  const { page } = customer;
  const devKey = await page.evaluate(() => localStorage.getItem('payd.devWallet.key'));
  const second = await openPage(browser, baseURL, 'keys second session');
  await second.context.addInitScript({
    content: `localStorage.setItem('payd.devWallet.key', ${JSON.stringify(devKey)});`,
  });
  await signIn(second.page, customer.email, customer.password);
  // A third session, whose device holds a passkey of the person (registered now).
  const third = await openPage(browser, baseURL, 'keys passkey session');
  await addVirtualAuthenticator(third.page);
  await third.context.addInitScript({
    content: `localStorage.setItem('payd.devWallet.key', ${JSON.stringify(devKey)});`,
  });
  await signIn(third.page, customer.email, customer.password);
  const bothSignedIn = Date.now();
  await openSecurity(third.page);
  await third.page.getByRole('button', { name: 'Register a passkey' }).click();
  await third.page.getByText('Passkey registered. You can now sign in with it.').waitFor();
  await second.page.goto('/accountStatus');
  await second.page.getByRole('button', { name: 'Use dev wallet' }).click();
  await second.page
    .getByLabel('Wallet', { exact: true })
    .locator(`[data-testid="wallet-account"][title="${wallet}"]`)
    .waitFor({ timeout: 60_000 });
  return { second, third, bothSignedIn };
}

/** Returns the validators' public keys as the dashboard lists them. */
async function copiesAPublicKey(page: Page): Promise<string[]> {
  const actions = page.getByTestId('validator-key-actions');
  const pubkeys = (await actions.evaluateAll((els) => els.map((e) => e.getAttribute('data-pubkey')!))).map(
    (k) => k.toLowerCase(),
  );
  expect(pubkeys).toHaveLength(2);
  for (const k of pubkeys) expect(k).toMatch(/^0x[0-9a-f]{96}$/);
  const first = actions.first();
  await first.getByTestId('copy-pubkey').click();
  await first.getByTestId('copy-pubkey').getByText('Copied').waitFor();
  expect((await page.evaluate(() => navigator.clipboard.readText())).toLowerCase()).toBe(pubkeys[0]);
  return pubkeys;
}

async function checksTheDepositData(page: Page, pubkeys: string[], wallet: `0x${string}`): Promise<void> {
  const first = page.getByTestId('validator-key-actions').first();
  await shot(page, '01-dashboard-key-actions');
  await shotOpened(page, '01-dashboard-keys-menu', async () => {
    await page.getByTestId('validator-keys-menu').first().click();
    await page.getByRole('menuitem', { name: 'Download deposit data' }).waitFor();
  });
  await downloadDepositData(page, first, pubkeys[0]!, wallet);
}

/** Returns the words shown. */
async function revealsTheWordsWithThePassword(
  page: Page,
  password: string,
  pubkeys: string[],
): Promise<string> {
  await page.goto('/manageValidator');
  await page.getByRole('heading', { name: 'Manage', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Reveal 24 word mnemonic' }).click();
  const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
  await confirm.waitFor();
  expect(await confirm.getByTestId('confirm-identity-reason').innerText()).toMatch(/confirm it is you/i);
  await shot(page, '02-confirm-identity');
  await confirm.getByLabel('Password').fill('Not-the-password-1!');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await confirm.getByText('Your password is incorrect').waitFor();
  await shot(page, '03-confirm-identity-wrong');
  await confirm.getByLabel('Password').fill(password);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  const words = page.getByRole('dialog', { name: 'Withdrawal Key' });
  await words.waitFor();
  expect(page.url()).toContain('/manageValidator');
  const mnemonic = (await words.getByTestId('mnemonic-word').allInnerTexts()).join(' ');
  expect(validateMnemonic(mnemonic)).toBe(true);
  expect([0, 1].map((i) => `0x${deriveValidatorKeys(mnemonic, i).pubkey}`).sort()).toEqual(
    [...pubkeys].sort(),
  );
  await words.getByRole('button', { name: 'Close' }).click();
  return mnemonic;
}

async function downloadsAKeystore(second: Session, password: string, mnemonic: string): Promise<void> {
  const p2 = second.page;
  await p2.goto('/manageValidator');
  await p2.getByRole('heading', { name: 'Manage', exact: true }).waitFor();
  await p2.getByTestId('validator-select').click();
  await p2.getByRole('listbox').getByRole('option').first().click();
  const keyActions = p2.getByTestId('validator-key-actions');
  const chosen = (await keyActions.getAttribute('data-pubkey'))!.toLowerCase();
  await shot(p2, '04-manage-key-actions');
  await keyActions.getByTestId('open-keystore').click();
  const keystoreModal = p2.getByRole('dialog', { name: 'Download keystore' });
  await keystoreModal.getByLabel('Keystore password', { exact: true }).fill('short');
  await keystoreModal.getByLabel('Confirm the keystore password').fill('short');
  await keystoreModal.getByTestId('keystore-download').click();
  await keystoreModal.getByText(/at least 8 characters long/).waitFor();
  await keystoreModal.getByLabel('Keystore password', { exact: true }).fill(KEYSTORE_PASSWORD);
  await keystoreModal.getByLabel('Confirm the keystore password').fill(KEYSTORE_PASSWORD);
  await shot(p2, '05-keystore-password');
  await keystoreModal.getByTestId('keystore-download').click();
  const confirm2 = p2.getByRole('dialog', { name: "Confirm it's you" });
  await confirm2.waitFor();
  await confirm2.getByLabel('Password').fill(password);
  const [keystoreDownload] = await Promise.all([
    p2.waitForEvent('download', { timeout: 60_000 }),
    confirm2.getByRole('button', { name: 'Confirm' }).click(),
  ]);
  const name = keystoreDownload.suggestedFilename();
  const index = [0, 1].find((i) => `0x${deriveValidatorKeys(mnemonic, i).pubkey}` === chosen);
  expect(index).toBeDefined();
  expect(name).toMatch(new RegExp(`^keystore-m_12381_3600_${index}_0_0-\\d{10}\\.json$`));
  const keystore = JSON.parse(await savedText(keystoreDownload)) as Keystore;
  expect(keystore).toMatchObject({
    version: 4,
    pubkey: chosen.slice(2),
    path: `m/12381/3600/${index}/0/0`,
  });
  const secret = await decryptKeystore(keystore, KEYSTORE_PASSWORD);
  expect(`0x${toHex(secretKeyToPublicKey(secret))}`).toBe(chosen);
  await keystoreModal.waitFor({ state: 'hidden' });
  await second.context.close();
}

async function revealsWithThePasskey(third: Session, wallet: string, mnemonic: string): Promise<void> {
  const p3 = third.page;
  await p3.goto('/accountStatus');
  await p3.getByRole('button', { name: 'Use dev wallet' }).click();
  await p3
    .getByLabel('Wallet', { exact: true })
    .locator(`[data-testid="wallet-account"][title="${wallet}"]`)
    .waitFor({ timeout: 60_000 });
  await p3.goto('/manageValidator');
  await p3.getByRole('heading', { name: 'Manage', exact: true }).waitFor();
  await p3.getByRole('button', { name: 'Reveal 24 word mnemonic' }).click();
  const confirm3 = p3.getByRole('dialog', { name: "Confirm it's you" });
  await confirm3.getByRole('button', { name: 'Use my passkey' }).waitFor();
  await shot(p3, '06-confirm-identity-passkey');
  await confirm3.getByRole('button', { name: 'Use my passkey' }).click();
  const words3 = p3.getByRole('dialog', { name: 'Withdrawal Key' });
  await words3.waitFor();
  expect((await words3.getByTestId('mnemonic-word').allInnerTexts()).join(' ')).toBe(mnemonic);
  await third.context.close();
}

it(
  'a staker copies a public key, checks the deposit data, then confirms who they are (password, passkey) to reveal the words and download a keystore',
  { timeout: 1_200_000 },
  async () => {
    const customer = await approvedCustomer(browser, baseURL, staff, 'keys');
    const { page } = customer;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const wallet = await connectDevWallet(page);
    await registerWallet(page);
    await stakeValidators(page, 2);
    await dashboardWithValidators(page, 2);

    // A second session of the same person, with the same dev wallet (its key in localStorage).
    const { second, third, bothSignedIn } = await opensTwoMoreSessions(customer, wallet);

    // Copy: the full public key, with 'Copied' for a moment.
    const pubkeys = await copiesAPublicKey(page);

    // Deposit data: the Launchpad's file, verified with validator-keys.
    await checksTheDepositData(page, pubkeys, wallet);

    // The sessions become older than the recent-sign-in window (the server's real clock; 5 minutes, 90 s on the journeys' dev stack): wait, then go on.
    while (Date.now() < bothSignedIn + E2E_RECENT_SIGN_IN_MS + 15_000) await page.waitForTimeout(15_000);

    // Reveal: 'Confirm it's you' in place; a wrong password is refused with its message.
    // (A full load: other journeys of this checkout may have rebuilt the web app meanwhile.)
    const mnemonic = await revealsTheWordsWithThePassword(page, customer.password, pubkeys);

    // Keystore, in the second (also old) session: a chosen password, then the confirmation.
    await downloadsAKeystore(second, customer.password, mnemonic);

    // The third (also old) session confirms with its passkey instead of the password.
    await revealsWithThePasskey(third, wallet, mnemonic);
  },
);
