// Debian's Chromium driven by playwright-core, with the flags this machine needs, and a page per
// journey that leaves a screenshot in e2e/test-results/ when the journey fails.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { onTestFailed, onTestFinished } from 'vitest';

const resultsDir = fileURLToPath(new URL('../../test-results', import.meta.url));

/** Flags without which Chromium floods the closed network or cannot start as root. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Launches headless Chromium with a fresh profile. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/** Prefix of the console line the page writes for each Content-Security-Policy violation. */
const CSP_VIOLATION = 'CSP violation:';

/**
 * Runs in every page and frame of a journey's context before the app's scripts: reports each
 * Content-Security-Policy violation (securitypolicyviolation) on the console, where `openPage`
 * collects it.
 */
const reportCspViolations = `document.addEventListener('securitypolicyviolation', (e) => {
  console.error(${JSON.stringify(CSP_VIOLATION)} + ' ' + e.effectiveDirective + ' blocked ' +
    (e.blockedURI || '(inline)') + ' in ' + e.documentURI +
    (e.sourceFile ? ' at ' + e.sourceFile + ':' + e.lineNumber : '') +
    (e.sample ? ' sample ' + JSON.stringify(e.sample) : ''));
});`;

/** Whether a console line reports a Content-Security-Policy violation (ours or Chromium's own). */
export function isCspViolation(text: string): boolean {
  return (
    text.startsWith(CSP_VIOLATION) || (/^Refused to /.test(text) && /Content Security Policy/i.test(text))
  );
}

/** Options of `openPage`. */
export interface PageOptions {
  /** Headers on every request, e.g. X-Forwarded-For to appear from another country. */
  extraHTTPHeaders?: Record<string, string>;
}

/**
 * A fresh browser context (no cookies or storage) and a page at `baseURL`. Call inside a test:
 * if the test fails, the page is screenshotted to e2e/test-results/<test name>.png. Every journey
 * also asserts that the app works under its Content-Security-Policy: the test fails when any page
 * of the context reported a CSP violation.
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  testName: string,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: options.extraHTTPHeaders });
  context.setDefaultTimeout(20_000);
  await context.addInitScript({ content: reportCspViolations });
  const violations: string[] = [];
  context.on('console', (msg) => {
    const text = msg.text();
    if (isCspViolation(text)) violations.push(`${msg.page()?.url() ?? '(worker)'}: ${text}`);
  });
  const page = await context.newPage();
  const consoleLines: string[] = [];
  page.on('console', (msg) => consoleLines.push(`${msg.type()}: ${msg.text()}`));
  page.on('pageerror', (error) => consoleLines.push(`pageerror: ${error.message}`));
  onTestFinished(() => {
    if (violations.length)
      throw new Error(
        `${violations.length} Content-Security-Policy violation(s) in '${testName}':\n${[...new Set(violations)].join('\n')}`,
      );
  });
  onTestFailed(async () => {
    mkdirSync(resultsDir, { recursive: true });
    const file = join(resultsDir, `${testName.replace(/[^a-z0-9]+/gi, '-')}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.error(
      `screenshot: ${file}\nat ${page.url()}\nbrowser console:\n${consoleLines.slice(-30).join('\n')}`,
    );
  });
  return { context, page };
}

/** Goes to `path` as a link in the app does (no reload: the connected wallet stays connected). */
export async function followInAppLink(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
