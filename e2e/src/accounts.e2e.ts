// Browser journeys of accounts and access (issue 2, spec 002), against the stack `npm start` runs.
import { E2E_RECENT_SIGN_IN_MS } from './harness/stack.ts';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage } from './harness/browser.ts';
import { codeIn, readMail } from './harness/mailbox.ts';
import { shoot } from './harness/shots.ts';
import { expectToastClearOf } from './harness/toastPlacement.ts';
import {
  RESET_SUBJECT,
  fillLogin,
  logOut,
  newPerson,
  openSecurity,
  proveHuman,
  signUp,
  signedInAs,
} from './harness/person.ts';

const baseURL = inject('stackUrl');
let browser: Browser;

/** An IP address the embedded GeoLite2 database places in Iran (a default restricted country). */
const IRAN_IP = '5.160.0.1';
/** An IP address it places in Germany (not restricted). */
const GERMANY_IP = '91.98.0.1';

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Someone signed in when the journeys start, whose sign-in is old by the last of them. */
let early: { page: Page; person: ReturnType<typeof newPerson>; signedInAt: number } | undefined;

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

/** The newcomer's first page is the KYC start; on the borrower page KYC is the call to action. */
async function landsOnWelcomeWithKycFirst(page: Page, person: ReturnType<typeof newPerson>): Promise<void> {
  // One automatic login, then the first page of where the person is (issue 17): a newcomer
  // has no KYC yet, so the KYC start, not a borrower page.
  await page.waitForURL((u) => u.pathname === '/welcome');
  await page.getByRole('heading', { name: 'Welcome', exact: true }).waitFor();
  await page.getByText('To get started, we need to get to know you better.').waitFor();
  await shoot(page, 'signup-lands-welcome');

  // The role page's steps: KYC is the call to action, nothing is marked done.
  await page.goto('/borrower');
  await page.getByRole('heading', { name: 'Welcome to payd' }).waitFor();
  await page.getByText(`You are signed in as ${person.email}`).waitFor();
  const kyc = page.getByRole('group', { name: 'Step 1: Verify your identity' });
  await kyc.getByRole('link', { name: 'Start KYC' }).waitFor();
  expect(await page.getByText('Done', { exact: true }).count()).toBe(0);
  await shoot(page, 'borrower-newcomer');
}

/** Every login request the page sends, and whether it carried a solved challenge. */
function recordLogins(page: Page): { nonce: boolean }[] {
  const logins: { nonce: boolean }[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/authWs.asmx/Login'))
      logins.push({ nonce: Boolean((req.postDataJSON() as { nonce?: string }).nonce) });
  });
  return logins;
}

async function failsTwiceWithAChallenge(
  page: Page,
  person: ReturnType<typeof newPerson>,
  logins: { nonce: boolean }[],
): Promise<void> {
  // Two wrong passwords: each refusal carries a challenge that the browser solves and retries
  // with once, and the person is told the combination is invalid.
  for (const attempt of [1, 2]) {
    if (attempt === 1) await fillLogin(page, person.email, 'Wrong-password-1!');
    else await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page
      .getByRole('alert')
      .getByText('Login failed. The email and password combination is invalid. Please try again.')
      .waitFor();
    await expect.poll(() => logins.length).toBe(2 * attempt);
    expect(logins.slice(-2)).toEqual([{ nonce: false }, { nonce: true }]);
  }
}

/** Forgot password, the mailed code and a new password; returns the new password. */
async function resetsPasswordByMail(
  page: Page,
  context: BrowserContext,
  person: ReturnType<typeof newPerson>,
): Promise<string> {
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
  await page.getByLabel('Email').fill(person.email);
  await proveHuman(page);
  await page.getByRole('button', { name: 'Send Email' }).click();
  await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();

  const code = codeIn(await readMail(context, person.email, RESET_SUBJECT));
  const newPassword = `${person.password}-New2`;
  await page.getByLabel('Confirmation Code').fill(code);
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Retype New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await page.getByText('PASSWORD CHANGED SUCCESSFUL').waitFor();
  await page.getByRole('heading', { name: 'Log in to payd' }).waitFor();
  return newPassword;
}

async function logsInOnlyWithTheNewPassword(
  page: Page,
  person: ReturnType<typeof newPerson>,
  newPassword: string,
): Promise<void> {
  await fillLogin(page, person.email, person.password);
  await page
    .getByRole('alert')
    .getByText(/Login failed/)
    .waitFor();
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await signedInAs(page, person.email);
}

async function changesPasswordWithTheCurrentOne(
  page: Page,
  person: ReturnType<typeof newPerson>,
  newPassword: string,
): Promise<void> {
  await openSecurity(page);
  const current = page.getByLabel('Current password', { exact: true });
  const form = page.locator('form');
  // The form's own checks, by each field: when it loses focus, and every field on submit.
  await current.focus();
  await current.blur();
  await form.getByText('Please enter your current password').waitFor();
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('New password', { exact: true }).blur();
  await form.getByText('Your password must be at least 8 characters long').waitFor();
  await page.getByRole('button', { name: 'Change password' }).click();
  await form.getByText('Please enter a matching password').waitFor();
  await shoot(page, 'security-change-password-checks');

  await current.fill('Not-my-password-42!');
  // Typing in a field clears its message.
  await form.getByText('Please enter your current password').waitFor({ state: 'detached' });
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
  // On a phone, the form at the bottom of the screen: the error toast shows clear of its labels
  // and buttons (issue 27 item 10), the form scrolled up above it.
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 700 });
  const passwordForm = (await page.locator('form').elementHandle())!;
  await page.getByRole('button', { name: 'Change password' }).click();
  // A wrong current password: the server's message by that field, nothing changed.
  await page.locator('form').getByText('Your current password is incorrect').waitFor();
  await page.getByTestId('toast').waitFor();
  await page.waitForFunction(() => document.body.style.paddingBottom !== '');
  await expectToastClearOf(page, page.getByTestId('toast'), passwordForm);
  if (size) await page.setViewportSize(size);

  await current.fill(person.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByText('Password has been changed. Please login.').waitFor();
}

/** The one passkey in the security page's list. */
const passkeyItem = (page: Page) => page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');

async function registersAPasskey(page: Page): Promise<void> {
  await openSecurity(page);
  await page.getByRole('button', { name: 'Register a passkey' }).click();
  await page.getByText('Passkey registered. You can now sign in with it.').waitFor();
  await page.getByText('1 registered').waitFor();
  // Listed with its name and when it was added (issue 17), not only counted.
  const item = passkeyItem(page);
  expect(await item.count()).toBe(1);
  await item.getByText('Passkey 1', { exact: true }).waitFor();
  await item.getByText(/^Added .* · Not used yet$/).waitFor();
}

async function signsInWithThePasskey(page: Page, person: ReturnType<typeof newPerson>): Promise<void> {
  await logOut(page);
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await signedInAs(page, person.email);
}

async function renamesThePasskey(page: Page): Promise<void> {
  const item = passkeyItem(page);
  // The sign-in is its last use; rename it in place, then remove it after saying yes.
  await openSecurity(page);
  await item.getByText(/ · Last used /).waitFor();
  await item.getByRole('button', { name: 'Rename Passkey 1' }).click();
  const name = item.getByRole('textbox', { name: 'Passkey name' });
  await name.fill('');
  await item.getByRole('button', { name: 'Save' }).click();
  await item.getByText('Please enter a name for the passkey').waitFor();
  await name.fill('Work laptop');
  await item.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Passkey renamed.').waitFor();
  await item.getByText('Work laptop', { exact: true }).waitFor();
  await shoot(page, 'security-passkeys');
}

async function removesThePasskeyAfterSayingYes(page: Page): Promise<void> {
  const item = passkeyItem(page);
  await item.getByRole('button', { name: 'Remove Work laptop' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await confirm.getByText('You will no longer be able to sign in with Work laptop').waitFor();
  await shoot(page, 'security-remove-passkey');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await confirm.waitFor({ state: 'hidden' });
  await item.getByText('Work laptop', { exact: true }).waitFor();
  await item.getByRole('button', { name: 'Remove Work laptop' }).click();
  await confirm.getByRole('button', { name: 'Remove passkey' }).click();
  await page.getByText('Passkey removed. You can no longer sign in with it.').waitFor();
  await page.getByText('No passkey registered yet.').waitFor();
  await page.getByText('0 registered').waitFor();
}

async function theRemovedPasskeySignsNobodyIn(
  page: Page,
  person: ReturnType<typeof newPerson>,
): Promise<void> {
  // The removed passkey signs nobody in; the password still does.
  await logOut(page);
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.getByText('The passkey could not be verified. Please try again.').waitFor();
  await fillLogin(page, person.email, person.password);
  await signedInAs(page, person.email);
}

/** Sign-up's terms link opens payd's terms, which say first what the customer keeps. */
async function termsArePayds(page: Page): Promise<void> {
  await page.goto('/sign-up');
  const link = page.getByRole('link', { name: 'terms and conditions' });
  expect(await link.getAttribute('href')).toBe('/terms');
  await page.goto('/terms');
  await page.getByRole('heading', { name: 'payd terms of service' }).waitFor();
  expect(await page.getByText('Page not found').count()).toBe(0);
  const keep = page.getByRole('region', { name: 'What you keep' });
  for (const kept of ['Your wallet and its keys.', 'Your 24 words.', 'Your withdrawal address.'])
    await keep.getByText(kept).waitFor();
  await shoot(page, 'terms');
}

describe('an old sign-in, first', () => {
  it('signs someone in now, whose sign-in is old by the last journey', async () => {
    const { page } = await openPage(browser, baseURL, 'old sign-in');
    const person = newPerson('oldsignin');
    await signUp(page, person);
    early = { page, person, signedInAt: Date.now() };
  });
});

describe('accounts and access', () => {
  it('signs up, reads the code from the dev mailbox, activates and lands logged in', async () => {
    const { page } = await openPage(browser, baseURL, 'sign up');
    const person = newPerson('signup');
    await termsArePayds(page);
    await signUp(page, person);
    await landsOnWelcomeWithKycFirst(page, person);

    // A login that was going nowhere in particular lands there too.
    await logOut(page);
    await fillLogin(page, person.email, person.password);
    await page.waitForURL((u) => u.pathname === '/welcome');
  });

  it('logs out and logs in again', async () => {
    const { page } = await openPage(browser, baseURL, 'log out and in');
    const person = newPerson('relogin');
    await signUp(page, person);
    await logOut(page);
    await fillLogin(page, person.email, person.password);
    await signedInAs(page, person.email);
  });

  it('after wrong passwords the login answers with a bot challenge that the browser solves', async () => {
    const { page } = await openPage(browser, baseURL, 'wrong password then challenge');
    const person = newPerson('challenge');
    await signUp(page, person);
    await logOut(page);
    const logins = recordLogins(page);
    await failsTwiceWithAChallenge(page, person, logins);

    // Now even the right password needs the solved challenge, which the browser supplies.
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await signedInAs(page, person.email);
    expect(logins.slice(4)).toEqual([{ nonce: false }, { nonce: true }]);
  });

  it('resets the password with the code from the mailbox and logs in with the new one', async () => {
    const { page, context } = await openPage(browser, baseURL, 'reset password');
    const person = newPerson('reset');
    await signUp(page, person);
    await logOut(page);
    const newPassword = await resetsPasswordByMail(page, context, person);
    await logsInOnlyWithTheNewPassword(page, person, newPassword);
  });

  it('changes the password on the security page only with the current one', async () => {
    const { page } = await openPage(browser, baseURL, 'change password');
    const person = newPerson('change');
    await signUp(page, person);
    const newPassword = `${person.password}-New3`;
    await changesPasswordWithTheCurrentOne(page, person, newPassword);
    // Every session ended, this one too: sign in again with the new password.
    await page.getByRole('heading', { name: 'Log in to payd' }).waitFor();
    await fillLogin(page, person.email, newPassword);
    await signedInAs(page, person.email);
  });

  it('registers a passkey and signs in with it', async () => {
    const { page } = await openPage(browser, baseURL, 'passkey');
    await addVirtualAuthenticator(page);
    const person = newPerson('passkey');
    await signUp(page, person);
    await registersAPasskey(page);
    await signsInWithThePasskey(page, person);
    await renamesThePasskey(page);
    await removesThePasskeyAfterSayingYes(page);
    await theRemovedPasskeySignsNobodyIn(page, person);
  });

  it('links the dev wallet and signs in with it (web3)', async () => {
    const { page } = await openPage(browser, baseURL, 'dev wallet sign-in');
    const person = newPerson('web3');
    await signUp(page, person);

    await openSecurity(page);
    await page.getByRole('button', { name: 'Link wallet' }).click();
    await page.getByText(/Wallet 0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4} linked/).waitFor();
    await page
      .getByLabel('Linked wallets')
      .getByText(/^0x[0-9a-fA-F]{40}$/)
      .waitFor();

    await logOut(page);
    await page.getByRole('button', { name: 'Sign in with wallet' }).click();
    await signedInAs(page, person.email);
  });

  it('a protected page without a session goes to /login and comes back after login', async () => {
    const { page, context } = await openPage(browser, baseURL, 'protected route');
    const person = newPerson('origin');
    await signUp(page, person);
    await logOut(page);
    await context.clearCookies();

    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Log in to payd' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await fillLogin(page, person.email, person.password);
    await page.getByRole('heading', { name: 'Security', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
  });

  it('someone in a restricted country who opens sign-up lands on /sign-up-restriction', async () => {
    const { page } = await openPage(browser, baseURL, 'restricted country', {
      extraHTTPHeaders: { 'X-Forwarded-For': IRAN_IP },
    });
    await page.goto('/sign-up');
    await page.getByText('Our services are not available in your region.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/sign-up-restriction');

    const elsewhere = await openPage(browser, baseURL, 'unrestricted country', {
      extraHTTPHeaders: { 'X-Forwarded-For': GERMANY_IP },
    });
    await elsewhere.page.goto('/sign-up');
    await elsewhere.page.getByRole('heading', { name: 'Create your payd account' }).waitFor();
  });
});

describe('languages (issue 28)', () => {
  it('switches to Deutsch on /login, is answered in German and the account keeps it', async () => {
    const { page } = await openPage(browser, baseURL, 'language switch');
    const person = newPerson('deutsch');
    await signUp(page, person);
    await logOut(page);

    // The switcher changes the page in place, and the server answers in the chosen language.
    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('heading', { name: 'Bei payd anmelden' }).waitFor();
    await shoot(page, 'login-de');
    await page.getByLabel('E-Mail').fill(person.email);
    await page.getByLabel('Passwort', { exact: true }).fill('Wrong-password-1!');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.getByRole('alert').getByText('Anmeldung fehlgeschlagen.', { exact: false }).waitFor();
    await page.getByLabel('Passwort', { exact: true }).fill(person.password);
    // Chosen signed out, the language is saved to the account at sign-in.
    const saved = page.waitForResponse((r) => r.url().endsWith('/UpdUsrCulture'));
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.getByRole('button', { name: `Kontomenü: ${person.email}` }).waitFor();
    expect((await saved).ok()).toBe(true);

    // A fresh browser that asks for English shows the account's German once signed in.
    const other = await openPage(browser, baseURL, 'language of the account');
    await other.page.goto('/login');
    await fillLogin(other.page, person.email, person.password);
    await other.page.getByRole('button', { name: `Kontomenü: ${person.email}` }).waitFor();
    expect(await other.page.getByLabel('Sprache').inputValue()).toBe('de');
  });
});

describe('an old sign-in, after the recent-sign-in window', () => {
  it(
    'confirms who it is before a passkey is registered, then registers it',
    { timeout: E2E_RECENT_SIGN_IN_MS + 180_000 },
    async () => {
      const { page, person, signedInAt } = early!;
      await addVirtualAuthenticator(page);
      // The sign-in made before the other journeys becomes older than the recent-sign-in window (the server's
      // real clock): wait out what is left, then add a passkey with it.
      while (Date.now() < signedInAt + E2E_RECENT_SIGN_IN_MS + 15_000) await page.waitForTimeout(10_000);
      // A fresh load (the same session): the shared checkout's web build may have been rebuilt
      // meanwhile, and the open page would reload itself for it.
      await page.goto('/profile');
      await page.getByRole('heading', { name: 'Security', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Register a passkey' }).click();
      // A stolen access token alone cannot add a way to sign in: the owner confirms first.
      const reauth = page.getByRole('dialog', { name: "Confirm it's you" });
      await reauth
        .getByText('Changing how you sign in needs a sign-in within the last 5 minutes.', { exact: false })
        .waitFor();
      await shoot(page, 'security-confirm-identity');
      await reauth.getByLabel('Password').fill(person.password);
      await reauth.getByRole('button', { name: 'Confirm' }).click();
      // ...and the registration goes on by itself.
      await page.getByText('Passkey registered. You can now sign in with it.').waitFor();
      await page
        .getByRole('list', { name: 'Your passkeys' })
        .getByText('Passkey 1', { exact: true })
        .waitFor();
    },
  );
});
