// Browser journeys of the staff back office (issue 3): a KYC reviewer, made with
// `npm run admin -- create-staff` before the stack started, reviews a customer's KYC record.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callKycPerson } from './harness/api.ts';
import { launchBrowser, openPage } from './harness/browser.ts';
import { logIn, newPerson, signUp } from './harness/person.ts';
import { submitKycRecord } from './harness/kyc.ts';
import { approvedCustomer, callAs, connectDevWallet } from './harness/staking.ts';

const baseURL = inject('stackUrl');
const staff = inject('staff');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Row = Record<string, unknown>;

/** A signed-up customer with a KYC record waiting for review (disclosures accepted). */
async function customerWithKycRecord(
  page: Page,
  label: string,
): Promise<{ name: string; email: string; id: string }> {
  const person = newPerson(label);
  await signUp(page, person);
  const { name, id } = await submitKycRecord(page, 'Journey');
  return { name, email: person.email, id };
}

/** Signs the staff user in and opens the KYC review queue. */
async function openKycQueue(page: Page): Promise<void> {
  await logIn(page, staff);
  await page.goto('/staff/kyc');
  await page.getByRole('navigation', { name: 'Back office' }).waitFor();
}

/** Searches the queue for `name` and opens its record. */
async function openRecord(page: Page, name: string): Promise<void> {
  await page.getByLabel('Search', { exact: true }).fill(name);
  const results = page.getByRole('list', { name: 'Results' });
  await results.getByRole('button', { name: new RegExp(name) }).click();
  await page.getByRole('combobox', { name: 'Status', exact: true }).waitFor();
  await expect.poll(() => page.getByRole('textbox', { name: /^Name\b/ }).inputValue()).toBe(name);
}

/** Picks `choice` in a searchable dropdown: types part of it and clicks the option. */
async function choose(page: Page, combobox: Locator, choice: string): Promise<void> {
  await combobox.click();
  await combobox.fill(choice.slice(0, -3));
  await page.getByRole('option', { name: choice, exact: true }).click();
  await expect.poll(() => combobox.inputValue()).toBe(choice);
}

/** Records the API calls `page` makes from now on, as 'Service.Method'. */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const m = /\/webservices\/(\w+)Ws\.asmx\/(\w+)/.exec(r.url());
    if (m) calls.push(`${m[1]}.${m[2]}`);
  });
  return calls;
}

/** A one-pixel PNG, a document the server accepts (it checks the bytes). */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

type KycCustomer = Awaited<ReturnType<typeof customerWithKycRecord>>;

async function setsP2WithAReason(page: Page, reason: string): Promise<void> {
  const status = page.getByRole('combobox', { name: 'Status', exact: true });
  await choose(page, status, 'Problem With Data Collection');
  // Picking the chosen option again keeps it (choose checks the field still reads it).
  await choose(page, status, 'Problem With Data Collection');
  await page.getByLabel('Reason', { exact: true }).fill(reason);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved', { exact: true }).first().waitFor();

  // The change is recorded: who, which field, before and after, with their labels.
  const change = page
    .getByRole('region', { name: 'Status history' })
    .getByRole('row')
    .filter({ hasText: staff.email })
    .filter({ has: page.getByRole('cell', { name: 'Status', exact: true }) });
  await change.getByRole('cell', { name: 'Waiting for Review', exact: true }).waitFor();
  await change.getByRole('cell', { name: 'Problem With Data Collection', exact: true }).waitFor();
}

async function anotherRecordAsksFirst(page: Page, b: KycCustomer): Promise<void> {
  await page.getByLabel('Search', { exact: true }).fill(b.name);
  await page
    .getByRole('list', { name: 'Results' })
    .getByRole('button', { name: new RegExp(b.name) })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Unsaved Changes' });
  await dialog.getByText('You have not saved your changes. Are you sure you want to leave?').waitFor();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(await page.getByLabel('Reason', { exact: true }).inputValue()).toBe('not saved yet');
}

async function leavingThePageAsksFirst(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Unsaved Changes' });
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Support requests' })
    .click();
  await dialog.getByText('You have unsaved changes on this page. Are you sure you want to leave?').waitFor();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(new URL(page.url()).pathname).toMatch(/^\/staff\/kyc\//);
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Support requests' })
    .click();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await page.waitForURL(/\/staff\/support/);
}

async function criteriaNarrowTheList(page: Page, c: KycCustomer): Promise<void> {
  const criteria = page.getByRole('region', { name: 'Screen criteria' });
  const results = page.getByRole('list', { name: 'Results' });
  await page.getByLabel('Search', { exact: true }).fill(c.name);
  await results.getByRole('button', { name: new RegExp(c.name) }).waitFor();
  await criteria.getByRole('button', { name: 'Edit criteria' }).click();
  await choose(page, criteria.getByRole('combobox', { name: 'Status criterion' }), 'KYC Approved');
  await criteria.getByRole('button', { name: 'Apply criteria' }).click();
  await criteria.getByText('Status: KYC Approved').waitFor();
  await page.getByRole('region', { name: 'Search list' }).getByText('No results found').waitFor();
  await criteria.getByRole('button', { name: 'Edit criteria' }).click();
  await criteria.getByRole('button', { name: 'Clear criteria' }).click();
  await criteria.getByText('None applied').waitFor();
  await results.getByRole('button', { name: new RegExp(c.name) }).click();
}

async function drillsDownFromTheAccount(page: Page, c: KycCustomer): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Back office' });
  const results = page.getByRole('list', { name: 'Results' });
  await nav.getByRole('link', { name: 'Users', exact: true }).click();
  await page.getByLabel('Search', { exact: true }).fill(c.email);
  await results.getByRole('button', { name: new RegExp(c.email.replace(/[.+]/g, '\\$&')) }).click();
  await page.getByRole('button', { name: 'KYC records' }).click();
  await page.waitForURL(/\/staff\/kyc\?search=/);
  await results.getByRole('button', { name: new RegExp(c.name) }).waitFor();
}

describe('staff back office', () => {
  it('a reviewer sets P2 with a reason and the customer sees it on the KYC status page', async () => {
    const customer = await openPage(browser, baseURL, 'customer kyc status');
    const { name } = await customerWithKycRecord(customer.page, 'kyc-customer');
    await customer.page.goto('/kyc-status');
    await customer.page.getByText('Status: Waiting for Review').waitFor();

    const { page } = await openPage(browser, baseURL, 'staff sets P2');
    await openKycQueue(page);
    await openRecord(page, name);
    const reason = 'The ID photo is blurry: please upload a sharper one.';
    await setsP2WithAReason(page, reason);

    await customer.page.reload();
    const shown = customer.page.getByTestId('kyc-status');
    await shown.getByText('Status: Problem With Data Collection').waitFor();
    await shown.getByText(reason).waitFor();
  });

  it('asks before leaving a record or the page with unsaved changes', async () => {
    const first = await openPage(browser, baseURL, 'guard customer 1');
    const a = await customerWithKycRecord(first.page, 'guard-a');
    const second = await openPage(browser, baseURL, 'guard customer 2');
    const b = await customerWithKycRecord(second.page, 'guard-b');

    const { page } = await openPage(browser, baseURL, 'unsaved changes guard');
    await openKycQueue(page);
    // Opening a record puts its id in the address without a new page: the scroll position stays
    // (a scroll to the top used to hide an open Status dropdown right after a record opened).
    await openRecord(page, b.name);
    await page.evaluate(() => window.scrollTo(0, 120));
    await page.getByLabel('Search', { exact: true }).fill(a.name);
    await page
      .getByRole('list', { name: 'Results' })
      .getByRole('button', { name: new RegExp(a.name) })
      .click();
    await page.waitForURL(new RegExp(`/staff/kyc/${a.id}$`));
    await expect.poll(() => page.getByRole('textbox', { name: /^Name\b/ }).inputValue()).toBe(a.name);
    expect(await page.evaluate(() => window.scrollY)).toBe(120);
    await page.getByLabel('Reason', { exact: true }).fill('not saved yet');

    // Another record of the same screen: the in-screen question; Stay keeps the edit.
    await anotherRecordAsksFirst(page, b);

    // Leaving the page for another staff screen: the page question; Leave goes there.
    await leavingThePageAsksFirst(page);
  });

  it('a customer who opens a staff screen URL gets Access denied', async () => {
    const { page } = await openPage(browser, baseURL, 'customer access denied');
    await signUp(page, newPerson('nosy'));
    const calls = recordApiCalls(page);
    await page.goto('/staff/kyc');
    await page.getByRole('heading', { name: 'Access denied' }).waitFor();
    await expect(page.getByLabel('Search', { exact: true }).count()).resolves.toBe(0);
    // The page knows the role from the one user read: no screen call, no token renewal.
    await page.waitForLoadState('networkidle');
    expect(calls.filter((c) => c === 'auth.GetCurrentUsrInfo')).toHaveLength(1);
    expect(calls.filter((c) => c.startsWith('KycPerson.') || c === 'auth.GetToken')).toEqual([]);
  });

  it('finds records through the back office: criteria, DrillDown, zip of the documents, a missing id', async () => {
    const customer = await openPage(browser, baseURL, 'back office customer with a document');
    const c = await customerWithKycRecord(customer.page, 'bo-docs');
    const doc = await callKycPerson(customer.page, 'AddDocColumnContent', {
      mstId: c.id,
      isMaster: 'Y',
      screenColumnName: 'KycPersonDoc15',
      docJson: { fileName: 'passport.png', mimeType: 'image/png', base64: PNG },
    });
    expect(doc).toMatchObject({ status: 'success' });

    const { page } = await openPage(browser, baseURL, 'back office navigation');
    await openKycQueue(page);
    const nav = page.getByRole('navigation', { name: 'Back office' });
    for (const link of [
      'KYC review',
      'KYC corporates',
      'Support requests',
      'Users',
      'Wallets',
      'Transactions',
    ])
      await nav.getByRole('link', { name: link, exact: true }).waitFor();

    // Criteria are kept for the reviewer and narrow every list until cleared.
    await criteriaNarrowTheList(page, c);

    // Every document of the record in one zip.
    const zip = page.getByRole('button', { name: 'Download all 1 documents as a zip' });
    const [download] = await Promise.all([page.waitForEvent('download'), zip.click()]);
    expect(download.suggestedFilename()).toBe(`KycPerson15-${c.id}.zip`);

    // DrillDown from the customer's account to their KYC records.
    await drillsDownFromTheAccount(page, c);

    // The customers' validator wallets, read only.
    await nav.getByRole('link', { name: 'Wallets', exact: true }).click();
    await page.getByRole('heading', { name: 'Eth2 Wallets' }).waitFor();

    // A record that does not exist.
    await page.goto('/staff/kyc/987654');
    await page.getByText('failed to load required record 987654').first().waitFor();
  });
});

describe('stake agents and payments', () => {
  const admin = inject('admin');
  /** Screenshots of the new screens, for a person to look at (not compared). */
  const shots = process.env.PAYD_E2E_SHOTS;
  const shot = async (page: Page, name: string) => {
    if (!shots) return;
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
  };

  it('an admin adds a stake agent on /staff/agents and a customer can pick it on /accountStatus', async () => {
    const agentId = `AG-${randomBytes(3).toString('hex')}`;
    const agentName = `Agent ${randomBytes(3).toString('hex')}`;

    const { page } = await openPage(browser, baseURL, 'admin adds an agent');
    await logIn(page, admin);
    await page.goto('/staff/payments');
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await page.getByRole('heading', { name: 'Payments' }).waitFor();
    await page.getByRole('region', { name: 'Search list' }).getByText('No results found').waitFor();
    await shot(page, 'staff-payments');

    await nav.getByRole('link', { name: 'Stake agents', exact: true }).click();
    await page.getByRole('heading', { name: 'Stake Agents' }).waitFor();
    await page.getByRole('button', { name: 'New', exact: true }).first().click();
    await page.getByRole('textbox', { name: /^Agent ID\b/ }).fill(agentId);
    await page.getByRole('textbox', { name: /^Agent Name\b/ }).fill(agentName);
    await expect.poll(() => page.getByRole('combobox', { name: /^Status\b/ }).inputValue()).toBe('Active');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved', { exact: true }).first().waitFor();
    await page
      .getByRole('list', { name: 'Results' })
      .getByRole('button', { name: new RegExp(agentName) })
      .waitFor();
    await shot(page, 'staff-agents');

    // A KYC reviewer gets payments but no link to the agents.
    const reviewer = await openPage(browser, baseURL, 'reviewer nav');
    await logIn(reviewer.page, staff);
    await reviewer.page.goto('/staff/payments');
    const reviewerNav = reviewer.page.getByRole('navigation', { name: 'Back office' });
    await reviewerNav.getByRole('link', { name: 'Payments', exact: true }).waitFor();
    expect(await reviewerNav.getByRole('link', { name: 'Stake agents' }).count()).toBe(0);
    // Typing the agents' address: the server refuses the reviewer's role once, and 'Access denied'
    // follows without a token renewal or a second try (a new token cannot change a role).
    const calls = recordApiCalls(reviewer.page);
    await reviewer.page.goto('/staff/agents');
    await reviewer.page.getByRole('heading', { name: 'Access denied' }).waitFor();
    await reviewer.page.waitForLoadState('networkidle');
    expect(calls.filter((c) => c.startsWith('StakeAgent.') || c === 'auth.GetToken')).toEqual([
      'StakeAgent.LoadInitPage',
    ]);
    expect(calls.filter((c) => c === 'auth.GetCurrentUsrInfo')).toHaveLength(1);
    await reviewer.context.close();

    // The customer registering a wallet is offered the new agent.
    const customer = await approvedCustomer(browser, baseURL, staff, 'agent-pick');
    const wallet = await connectDevWallet(customer.page);
    await customer.page.getByTestId('wallet-status').getByText('Not Registered').waitFor();
    const agentSelect = customer.page.getByRole('combobox', { name: /Select Agent ID/ });
    await agentSelect.click();
    await customer.page.getByRole('option', { name: agentName, exact: true }).click();
    await expect.poll(() => agentSelect.inputValue()).toBe(agentName);
    await shot(customer.page, 'account-status-agent');
    // Registering with it saves the agent's id in the customer's staking profile.
    await customer.page.getByRole('button', { name: 'Confirm Wallet Registration' }).click();
    await customer.page.waitForURL((u) => u.pathname === '/dashboard');
    const profile = await callAs<{ data: Row[] }>(customer.page, 'StakeUserInfo', 'GetSearchList', {});
    expect(profile.data?.data.map((r) => r.label)).toEqual([agentId]);

    // The back office shows that wallet on the customer's account.
    await page.goto('/staff/users');
    await page.getByLabel('Search', { exact: true }).fill(customer.email);
    await page
      .getByRole('list', { name: 'Results' })
      .getByRole('button', { name: new RegExp(customer.email.replace(/[.+]/g, '\\$&')) })
      .click();
    const registered = page.getByRole('textbox', { name: /^Registered Wallet\b/ });
    await expect.poll(async () => (await registered.inputValue()).toLowerCase()).toBe(wallet.toLowerCase());
    await shot(page, 'staff-users-registered-wallet');
  });
});
