// What a person does on the accounts pages, step by step as they would: type, tick, click, read
// the mailbox, wait for what the page shows.
import { randomBytes } from 'node:crypto';
import type { Frame, Page } from 'playwright-core';
import { expect } from 'vitest';
import { codeIn, readMail } from './mailbox.ts';

/** Subjects of the mails payd sends. */
export const SIGN_UP_SUBJECT = 'payd: your confirmation code';
export const RESET_SUBJECT = 'payd: reset your password';

/** A new person: a unique e-mail address and a password the strength rules accept. */
export function newPerson(label: string): { email: string; password: string } {
  return {
    email: `${label}-${randomBytes(4).toString('hex')}@example.com`,
    password: `Payd-${randomBytes(6).toString('base64url')}-9z!`,
  };
}

/** Ticks "I'm not a robot" and waits until the captcha says it is verified. */
export async function proveHuman(page: Page): Promise<void> {
  const captcha = page.getByTestId('captcha');
  await captcha.getByText("I'm not a robot").click();
  await captcha.locator('[data-state="verified"]').waitFor({ timeout: 60_000 });
}

/** Waits until the header shows the account menu of `email`: the person is signed in. */
export async function signedInAs(page: Page, email: string, timeout?: number): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).getByText(email).waitFor({ timeout });
}

/** Fills the sign-up form, activates with the mailed code and waits until signed in. */
export async function signUp(page: Page, person: { email: string; password: string }): Promise<void> {
  await page.goto('/sign-up');
  await page.getByRole('heading', { name: 'Create your payd account' }).waitFor();
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Retype password').fill(person.password);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await proveHuman(page);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();

  const code = codeIn(await readMail(page.context(), person.email, SIGN_UP_SUBJECT));
  await page.getByLabel('Confirmation Code').fill(code);
  await page.getByRole('button', { name: 'Activate' }).click();
  await signedInAs(page, person.email, 60_000);
}

/** Logs in on /login with e-mail and password (the page must be showing the login form). */
export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('heading', { name: 'Log in to payd' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Opens /login, logs in as `user` and waits until the app shows them signed in. */
export async function logIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, user.email, user.password);
  await signedInAs(page, user.email);
}

/** Opens the account menu and logs out; waits for the login page. */
export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByRole('heading', { name: 'Log in to payd' }).waitFor();
}

/** Opens the security settings from the account menu. */
export async function openSecurity(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Security' }).click();
  await page.getByRole('heading', { name: 'Security', exact: true }).waitFor();
}

/**
 * Logs out and in again and checks where the login sends the person: the first page after '/'
 * is `lands` (the wallet pages may then pass through the wallet-state check).
 */
export async function logOutAndIn(page: Page, email: string, password: string, lands: string): Promise<void> {
  await logOut(page);
  const visited: string[] = [];
  const onNavigated = (f: Frame) => {
    if (f === page.mainFrame()) visited.push(new URL(f.url()).pathname);
  };
  page.on('framenavigated', onNavigated);
  await fillLogin(page, email, password);
  await signedInAs(page, email);
  await page.waitForURL((u) => u.pathname === lands, { timeout: 30_000 });
  page.off('framenavigated', onNavigated);
  const afterLogin = visited.slice(visited.lastIndexOf('/login') + 1).filter((p) => p !== '/');
  expect(afterLogin[0]).toBe(lands);
}
