// Accessibility of the web app (issue 3: the back office "keyboard-usable and screen-reader-
// labelled"): axe-core's WCAG 2.1 A/AA rules on the main pages in their real states (signed out, a
// signed-up customer's KYC pages, an approved customer with the dev wallet, the staff screens as a
// reviewer and as an admin with a record open), and a reviewer who works the KYC queue with the
// keyboard only.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatViolations, isWcag, runAxe, seriousViolations } from './harness/axe.ts';
import { launchBrowser, openPage } from './harness/browser.ts';
import { logIn, newPerson, signUp } from './harness/person.ts';
import { submitKycRecord } from './harness/kyc.ts';
import { approvedCustomer, connectDevWallet, registerWallet } from './harness/staking.ts';

const baseURL = inject('stackUrl');
const staff = inject('staff');
const admin = inject('admin');
let browser: Browser;

/** Every violation seen in this run, by rule (printed at the end: what axe finds, serious or not). */
const seen = new Map<string, { impact: string | null; pages: Set<string>; nodes: number }>();

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  const lines = [...seen].map(
    ([id, v]) => `  ${id} [${v.impact}]: ${v.nodes} element(s) on ${[...v.pages].join(', ')}`,
  );
  console.log(
    `axe violations by rule (all impacts, best-practice rules included):\n${lines.join('\n') || '  none'}`,
  );
});

/** Waits until the page has settled: its requests done, a heading shown, no loader spinning. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('h1, h2, h3').first().waitFor();
  await page
    .waitForFunction(() => !document.querySelector('.mantine-Loader-root'), undefined, { timeout: 10_000 })
    .catch(() => undefined);
  // Mantine's transitions (modals, dropdowns, the dimmed-text fade) take up to 200 ms.
  await page.waitForTimeout(300);
}

/** PAYD_A11Y_SHOTS=<dir>: a screenshot of each audited page and keyboard step, to look at. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.PAYD_A11Y_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name.replace(/[^a-z0-9]+/gi, '-')}.png`) });
}

/**
 * Collects axe's serious and critical violations of the pages a test visits, and asserts at the end
 * that there were none (all of them printed with their elements' selectors).
 */
class Audit {
  private failures: string[] = [];

  /** Runs axe on the page as it is now. */
  async here(page: Page, where: string): Promise<void> {
    await settle(page);
    const violations = await runAxe(page, {
      bestPractice: true,
      ignore: [
        // Mantine's Combobox list (Select's dropdown) scrolls, and its options are not focusable on
        // purpose: the input keeps focus and moves through them with aria-activedescendant (arrow
        // keys, as the keyboard journey below does), which this rule does not account for.
        {
          rule: 'scrollable-region-focusable',
          selector: '.mantine-ScrollArea-viewport:has([role="option"])',
        },
      ],
    });
    for (const v of violations) {
      const id = isWcag(v) ? v.id : `${v.id} (best practice)`;
      const entry = seen.get(id) ?? { impact: v.impact, pages: new Set<string>(), nodes: 0 };
      entry.pages.add(where);
      entry.nodes += v.nodes.length;
      seen.set(id, entry);
    }
    await shot(page, where);
    const serious = seriousViolations(violations);
    if (serious.length) this.failures.push(formatViolations(where, serious));
  }

  /** Opens each path and runs axe on it. */
  async paths(page: Page, paths: string[], who: string): Promise<void> {
    for (const path of paths) {
      await page.goto(path);
      await this.here(page, `${who} ${path} (at ${new URL(page.url()).pathname})`);
    }
  }

  assertNone(): void {
    expect(this.failures.join('\n')).toBe('');
  }
}

/** A signed-up customer with a KYC record waiting for review (disclosures accepted). */
async function customerWithKycRecord(browser: Browser, label: string): Promise<{ name: string }> {
  const { page, context } = await openPage(browser, baseURL, `${label} customer`);
  await signUp(page, newPerson(label));
  const { name } = await submitKycRecord(page, 'Keys');
  await context.close();
  return { name };
}

describe('axe: no serious or critical WCAG 2.1 A/AA violations', () => {
  it('signed-out pages', async () => {
    const { page } = await openPage(browser, baseURL, 'a11y signed out');
    const audit = new Audit();
    await audit.paths(page, ['/login', '/sign-up', '/forgot-password'], 'signed out');
    // The form's errors (red text under the fields).
    await page.goto('/sign-up');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.locator('.mantine-InputWrapper-error').first().waitFor();
    await audit.here(page, 'signed out /sign-up with errors');
    audit.assertNone();
  });

  it("a signed-up customer's KYC pages", async () => {
    const { page } = await openPage(browser, baseURL, 'a11y kyc pages');
    await signUp(page, newPerson('a11y-kyc'));
    const audit = new Audit();
    await audit.paths(
      page,
      [
        '/welcome',
        '/user-option',
        '/get-started-steps',
        '/personal-detail',
        '/supporting-doc',
        '/liveness',
        '/disclosures',
        '/kyc-status',
      ],
      'customer',
    );
    audit.assertNone();
  });

  it('an approved customer with the dev wallet: the staking pages', { timeout: 300_000 }, async () => {
    const { page } = await approvedCustomer(browser, baseURL, staff, 'a11y-staker');
    await connectDevWallet(page);
    const audit = new Audit();
    await audit.here(page, 'staker /accountStatus (wallet not registered)');
    await registerWallet(page);
    await audit.paths(
      page,
      [
        '/accountStatus',
        '/dashboard',
        '/stakeOption',
        '/stakeETH',
        '/withdrawETH',
        '/manageValidator',
        '/customer-support',
      ],
      'staker',
    );
    audit.assertNone();
  });

  it(
    'the staff screens as a reviewer and as an admin, with a record open',
    { timeout: 300_000 },
    async () => {
      const { name } = await customerWithKycRecord(browser, 'a11y-record');
      const audit = new Audit();
      const { page } = await openPage(browser, baseURL, 'a11y reviewer');
      await logIn(page, staff);
      await audit.paths(
        page,
        [
          '/staff/kyc',
          '/staff/corporates',
          '/staff/support',
          '/staff/wallets',
          '/staff/transactions',
          '/staff/payments',
        ],
        'reviewer',
      );
      await page.goto('/staff/kyc');
      await page.getByLabel('Search', { exact: true }).fill(name);
      await page
        .getByRole('list', { name: 'Results' })
        .getByRole('button', { name: new RegExp(name) })
        .click();
      await page.getByRole('combobox', { name: 'Status', exact: true }).waitFor();
      await audit.here(page, 'reviewer /staff/kyc with a record open');
      // The Status dropdown open.
      await page.getByRole('combobox', { name: 'Status', exact: true }).click();
      await page.getByRole('listbox').waitFor();
      await audit.here(page, 'reviewer /staff/kyc with the Status dropdown open');
      await page.keyboard.press('Escape');

      if (admin.email) {
        const other = await openPage(browser, baseURL, 'a11y admin');
        await logIn(other.page, admin);
        await audit.paths(other.page, ['/staff/users', '/staff/agents'], 'admin');
        await other.page.goto('/staff/users');
        await other.page.getByRole('list', { name: 'Results' }).getByRole('button').first().click();
        await other.page.waitForURL(/\/staff\/users\/.+/);
        await audit.here(other.page, 'admin /staff/users with a record open');
      }
      audit.assertNone();
    },
  );
});

/** The focused element: what a person would hear (role, name) and whether its focus is visible. */
interface Focused {
  tag: string;
  role: string;
  name: string;
  /** An outline, a ring (box-shadow) or the primary-coloured border of a focused input. */
  indicator: boolean;
  /** Inside which labelled region, dialog or navigation. */
  region: string;
}

async function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const cs = getComputedStyle(el);
    const probe = document.createElement('span');
    probe.style.color = 'var(--mantine-primary-color-filled)';
    document.body.append(probe);
    const primary = getComputedStyle(probe).color;
    probe.remove();
    const labelled = el.getAttribute('aria-labelledby');
    const name =
      el.getAttribute('aria-label') ??
      (labelled ? document.getElementById(labelled)?.textContent : null) ??
      (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null) ??
      el.textContent ??
      '';
    const outline = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0;
    const ring = cs.boxShadow !== 'none' && cs.boxShadow !== '';
    const border = cs.borderTopColor === primary && parseFloat(cs.borderTopWidth) > 0;
    const container = el.parentElement?.closest('[role="dialog"], [aria-label], nav, section');
    const region = container
      ? `${container.getAttribute('role') ?? container.tagName.toLowerCase()}:${container.getAttribute('aria-label') ?? ''}`
      : '';
    return {
      tag: el.tagName.toLowerCase(),
      role: el.getAttribute('role') ?? el.tagName.toLowerCase(),
      name: name.replace(/\s+/g, ' ').trim().slice(0, 80),
      indicator: outline || ring || border,
      region,
    };
  });
}

/**
 * Presses Tab (or Shift+Tab) until the focused element matches; every stop on the way must show its
 * focus. Fails after `max` presses.
 */
async function tabTo(
  page: Page,
  match: (f: Focused) => boolean,
  options: { back?: boolean; max?: number } = {},
): Promise<Focused> {
  const stops: Focused[] = [];
  for (let i = 0; i < (options.max ?? 60); i++) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
    let f = await focused(page);
    if (f && !f.indicator) {
      // Mantine's inputs fade their focus border in (a transition): look again once it is done.
      await page.waitForTimeout(250);
      f = await focused(page);
    }
    if (!f) continue;
    stops.push(f);
    expect(f.indicator, `focus not visible on ${JSON.stringify(f)}`).toBe(true);
    if (match(f)) return f;
  }
  throw new Error(
    `not reached by ${options.back ? 'Shift+Tab' : 'Tab'}; stops:\n${stops.map((s) => JSON.stringify(s)).join('\n')}`,
  );
}

describe('keyboard only', () => {
  it(
    'a reviewer searches the KYC queue, opens a record, sets its Status and saves, with the keyboard',
    { timeout: 240_000 },
    async () => {
      const { name } = await customerWithKycRecord(browser, 'a11y-keys');
      const { page } = await openPage(browser, baseURL, 'a11y keyboard reviewer');
      await logIn(page, staff);
      await page.goto('/staff/kyc');
      await page.getByRole('navigation', { name: 'Back office' }).waitFor();
      await page.getByLabel('Search', { exact: true }).waitFor();

      // Search the queue.
      await tabTo(page, (f) => f.tag === 'input' && f.name === 'Search');
      await page.keyboard.type(name);
      await page.keyboard.press('Enter');
      const item = page
        .getByRole('list', { name: 'Results' })
        .getByRole('button', { name: new RegExp(name) });
      await item.waitFor();

      // Open the record: focus moves to it (its heading in the 'Master record' section).
      await tabTo(page, (f) => f.role === 'button' && f.name.includes(name));
      await page.keyboard.press('Enter');
      const status = page.getByRole('combobox', { name: 'Status', exact: true });
      await status.waitFor();
      await expect.poll(async () => (await focused(page))?.region).toBe('section:Master record');
      const heading = await focused(page);
      expect(heading?.name).toMatch(/^Record \d+/);
      expect(heading?.indicator).toBe(true);
      await shot(page, 'keyboard record opened');

      // Status with the arrow keys and Enter.
      await tabTo(page, (f) => f.role === 'combobox' && /^Status/.test(f.name));
      await page.keyboard.press('ArrowDown');
      const listbox = page.getByRole('listbox');
      await listbox.waitFor();
      const choice = 'Problem With Data Collection';
      for (let i = 0; i < 20; i++) {
        const current = await listbox
          .locator('[data-combobox-selected]')
          .innerText({ timeout: 1_000 })
          .catch(() => '');
        if (current === choice) break;
        await page.keyboard.press('ArrowDown');
      }
      await page.keyboard.press('Enter');
      await expect.poll(() => status.inputValue()).toBe(choice);

      // The reason, then back to Save and Space.
      await tabTo(page, (f) => f.tag === 'textarea' && /^Reason/.test(f.name));
      const reason = 'Typed with the keyboard: please upload a sharper ID photo.';
      await page.keyboard.type(reason);
      const save = await tabTo(page, (f) => f.role === 'button' && f.name === 'Save', { back: true });
      expect(save.region).toBe('toolbar:Record actions');
      await page.keyboard.press('Space');
      await page.getByText('Saved', { exact: true }).first().waitFor();
      await shot(page, 'keyboard saved');
      await expect.poll(() => page.getByLabel('Reason', { exact: true }).inputValue()).toBe(reason);
      // Focus stays where the person was, not thrown back to the page's start.
      expect((await focused(page))?.region).toBe('toolbar:Record actions');

      // Opening a record over unsaved changes: the dialog takes focus, keeps it, and gives it back.
      await tabTo(page, (f) => f.tag === 'textarea' && /^Reason/.test(f.name));
      await page.keyboard.type(' More.');
      const audit = new Audit();
      await audit.here(page, 'reviewer record with unsaved changes');
      const listItem = await tabTo(page, (f) => f.role === 'button' && f.name.includes(name), {
        back: true,
        max: 120,
      });
      expect(listItem.region).toBe('ul:Results');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Unsaved Changes' });
      await dialog.waitFor();
      await expect.poll(async () => (await focused(page))?.name).toBe('Stay');
      await audit.here(page, 'reviewer unsaved changes dialog');
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab');
        const f = await focused(page);
        expect(f?.region, `focus left the dialog: ${JSON.stringify(f)}`).toMatch(/^dialog:/);
        expect(f?.indicator).toBe(true);
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(async () => (await focused(page))?.name).toBe(listItem.name);
      expect((await focused(page))?.region).toBe('ul:Results');
      // The edit is still there.
      expect(await page.getByLabel('Reason', { exact: true }).inputValue()).toBe(`${reason} More.`);
      // Again, and Leave: the record opens afresh (the edit dropped) and focus goes to it.
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await tabTo(page, (f) => f.role === 'button' && f.name === 'Leave');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => page.getByLabel('Reason', { exact: true }).inputValue()).toBe(reason);
      await page.waitForTimeout(500);
      expect(await focused(page)).toMatchObject({
        region: 'section:Master record',
        name: expect.stringMatching(/^Record \d+/) as unknown,
      });
      audit.assertNone();
    },
  );
});

describe('API reference', () => {
  it('renders every documented method under the CSP, served by payd itself', async () => {
    // openPage fails the test on any Content-Security-Policy violation of the page.
    const { page } = await openPage(browser, baseURL, 'api reference');
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto('/webservices/reference');
    // The renderer parses the whole document (every method) before it shows anything: on a busy
    // machine that takes well over expect.poll's default second.
    await page
      .getByRole('heading', { name: /payd API/ })
      .first()
      .waitFor({ timeout: 90_000 });
    // Each service is a collapsed section: open one, then one of its methods.
    await page.locator('#operations-tag-StakeAcctBalance').click();
    await page.locator('[data-path="/webservices/StakeAcctBalanceWs.asmx/GetBalance"]').click();
    await page.getByText("The caller's credits, this month's top-ups and charges").first().waitFor();
    const doc = (await (await page.request.get('/webservices/openapi.json')).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
    // Nothing from another origin: the renderer is self-hosted.
    const origin = new URL(page.url()).origin;
    expect(requested.filter((u) => !u.startsWith(origin) && !u.startsWith('data:'))).toEqual([]);
  });
});
