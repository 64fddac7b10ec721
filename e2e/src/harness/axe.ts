// axe-core (npm, MIT) run inside the page under test: the script is injected from node_modules
// (no network), and the WCAG 2.1 A/AA rules run on the whole document (optionally axe's
// best-practice rules too: landmarks, heading order, which WCAG does not require as such).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** One rule that failed, with the elements that failed it. */
export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  helpUrl: string;
  /** axe's tags of the rule: 'wcag2a', 'wcag21aa', 'best-practice', ... */
  tags: string[];
  nodes: { target: unknown[]; failureSummary?: string; html: string }[];
}

/** Options of `runAxe`. */
export interface AxeOptions {
  /**
   * CSS selectors of elements to leave out. Only for third-party markup the project cannot change;
   * say at the call why.
   */
  exclude?: string[];
  /**
   * Findings of one rule to drop on elements matching a selector: for a rule that is wrong about a
   * third-party element the project cannot change. Say why at the call.
   */
  ignore?: { rule: string; selector: string }[];
  /** Also run axe's best-practice rules (their violations carry the tag 'best-practice'). */
  bestPractice?: boolean;
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Whether a violation breaks a WCAG 2.0/2.1 A or AA success criterion. */
export function isWcag(v: AxeViolation): boolean {
  return v.tags.some((t) => WCAG_TAGS.includes(t));
}

/** Runs axe's WCAG 2.0/2.1 A and AA rules on the page as it is now; returns the violations. */
export async function runAxe(page: Page, options: AxeOptions = {}): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  // Evaluated through the browser's debugging protocol, not as a <script>: the page's
  // Content-Security-Policy refuses inline scripts, and the journeys fail on any violation.
  if (!loaded) await page.evaluate(readFileSync(axePath, 'utf8'));
  const tags = options.bestPractice ? [...WCAG_TAGS, 'best-practice'] : WCAG_TAGS;
  const violations = (await page.evaluate(
    async ({ exclude, tags }) => {
      const axe = (
        window as unknown as {
          axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: unknown[] }> };
        }
      ).axe;
      const context = exclude.length ? { include: [['html']], exclude: exclude.map((s) => [s]) } : document;
      const result = await axe.run(context, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return result.violations as never;
    },
    { exclude: options.exclude ?? [], tags },
  )) as AxeViolation[];
  const ignore = options.ignore ?? [];
  if (ignore.length === 0) return violations;
  const kept: AxeViolation[] = [];
  for (const v of violations) {
    const selectors = ignore.filter((i) => i.rule === v.id).map((i) => i.selector);
    const nodes = [];
    for (const n of v.nodes) {
      const target = n.target.length === 1 && typeof n.target[0] === 'string' ? n.target[0] : null;
      const ignored =
        target !== null &&
        selectors.length > 0 &&
        (await page.evaluate(
          ({ target, selectors }) => selectors.some((s) => document.querySelector(target)?.matches(s)),
          { target, selectors },
        ));
      if (!ignored) nodes.push(n);
    }
    if (nodes.length) kept.push({ ...v, nodes });
  }
  return kept;
}

/** WCAG violations of impact serious or critical. */
export function seriousViolations(violations: AxeViolation[]): AxeViolation[] {
  return violations.filter((v) => isWcag(v) && (v.impact === 'serious' || v.impact === 'critical'));
}

/** A readable report: each violation with its impact, help and the selectors of its elements. */
export function formatViolations(where: string, violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${where}: [${v.impact}] ${v.id}: ${v.help}\n` +
        v.nodes
          .map((n) => {
            // The first line after 'Fix any of the following:' says why (e.g. the contrast ratio).
            const why = n.failureSummary?.split('\n')[1]?.trim();
            return `    ${n.target.map(String).join(' >> ')}\n      ${n.html.slice(0, 200)}${why ? `\n      ${why}` : ''}`;
          })
          .join('\n'),
    )
    .join('\n');
}
