// Browser journeys of the staff back office (issue 3): a KYC reviewer, made with
// `npm run admin -- create-staff` before the stack started, reviews a customer's KYC record.
import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage } from './harness/browser.ts';
import { fillLogin, newPerson, signUp, signedInAs } from './harness/person.ts';

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

/**
 * Calls KycPersonWs as the signed-in customer, the way the web app does (Bearer token of the
 * session in localStorage). Used to create the customer's own KYC record in one step instead of
 * filling the whole personal-details wizard.
 */
async function callKycPerson(page: Page, method: string, body: object): Promise<Row> {
  return page.evaluate(
    async ({ method, body }) => {
      const tokens = JSON.parse(localStorage.getItem('payd.tokens') ?? '{}') as { access_token?: string };
      const response = await fetch(`/webservices/KycPersonWs.asmx/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.access_token}` },
        body: JSON.stringify(body),
      });
      return ((await response.json()) as { d: Row }).d;
    },
    { method, body },
  );
}

/** A signed-up customer with a KYC record waiting for review (disclosures accepted). */
async function customerWithKycRecord(page: Page, label: string): Promise<{ name: string }> {
  const person = newPerson(label);
  await signUp(page, person);
  const name = `Journey ${randomBytes(4).toString('hex')}`;
  const blank = await callKycPerson(page, 'GetNewMst', {});
  const saved = await callKycPerson(page, 'SaveData', {
    mst: {
      ...(blank.data as Row),
      Name15: name,
      GenderCd15: 'F',
      DateOfBirth15: '1990-05-04',
      DisclosuresChked15: 'Y',
    },
    dtl: [],
    options: {},
  });
  expect(saved).toMatchObject({ status: 'success', data: { mst: { Name15: name, InternalStatus15: 'P1' } } });
  return { name };
}

/** Signs the staff user in and opens the KYC review queue. */
async function openKycQueue(page: Page): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, staff.email, staff.password);
  await signedInAs(page, staff.email);
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

/**
 * Picks `choice` in a searchable dropdown: types part of it and clicks the option. The screen can
 * re-render right after a record opens and close the dropdown, so a closed one is opened again,
 * as a person would.
 */
async function choose(page: Page, combobox: Locator, choice: string): Promise<void> {
  const option = page.getByRole('option', { name: choice, exact: true });
  for (let attempt = 1; ; attempt++) {
    await combobox.click();
    await combobox.fill(choice.slice(0, -3));
    try {
      await option.click({ timeout: 3_000 });
      break;
    } catch (error) {
      if (attempt === 5) throw error;
    }
  }
  await expect.poll(() => combobox.inputValue()).toBe(choice);
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
    await choose(
      page,
      page.getByRole('combobox', { name: 'Status', exact: true }),
      'Problem With Data Collection',
    );
    await page.getByLabel('Reason', { exact: true }).fill(reason);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved', { exact: true }).first().waitFor();

    // The change is recorded: who, which field, before and after.
    const change = page
      .getByRole('region', { name: 'Status history' })
      .getByRole('row')
      .filter({ hasText: staff.email })
      .filter({ hasText: 'InternalStatus15' });
    await change.getByRole('cell', { name: 'P1', exact: true }).waitFor();
    await change.getByRole('cell', { name: 'P2', exact: true }).waitFor();

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
    await openRecord(page, a.name);
    await page.getByLabel('Reason', { exact: true }).fill('not saved yet');

    // Another record of the same screen: the in-screen question; Stay keeps the edit.
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

    // Leaving the page for another staff screen: the page question; Leave goes there.
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Support requests' })
      .click();
    await dialog
      .getByText('You have unsaved changes on this page. Are you sure you want to leave?')
      .waitFor();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toMatch(/^\/staff\/kyc\//);
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Support requests' })
      .click();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(/\/staff\/support/);
  });

  it('a customer who opens a staff screen URL gets Access denied', async () => {
    const { page } = await openPage(browser, baseURL, 'customer access denied');
    await signUp(page, newPerson('nosy'));
    await page.goto('/staff/kyc');
    await page.getByRole('heading', { name: 'Access denied' }).waitFor();
    await expect(page.getByLabel('Search', { exact: true }).count()).resolves.toBe(0);
  });
});
