// The refusals with figures that @payd/protocol's rules word in English (its ruleMessages: the
// debt minimum, repayments, 'redeemPAYD: amount too low…') in the reader's language. A rule's text
// reaches the page as English (a form's error, an Error's message); its template tells which
// catalogue message `rule.<key>` it is and which figures fill it, and the figures are written again
// as the language writes numbers ('2,700.00' → '2.700,00' in German); a plural argument's count
// goes in as a number. The web's own such texts are webRuleMessages, filled the same way.
import { fillTemplate, PLURAL, ruleMessages, type RuleFigure } from '@payd/protocol/ruleTexts';

/** The web's own rule texts with figures, as protocol's ruleMessages (catalogue id `rule.<key>`). */
export const webRuleMessages = {
  liquidNeedsEth: 'You need {needed} ETH plus gas; your wallet holds {balance} ETH',
} as const;

/** A web rule's English text: `webRuleMessages[key]` filled with its figures. */
export const webRuleText = (
  key: keyof typeof webRuleMessages,
  figures: Readonly<Record<string, RuleFigure>>,
): string => fillTemplate(webRuleMessages[key], figures);

/** An English figure as Decimal.prettify or toString writes it ('2,700.00', '2500', '-1.5'). */
const FIGURE = String.raw`(-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?)`;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Pattern {
  id: string;
  names: string[];
  /** The ICU plural arguments: the catalogue takes them as numbers. */
  counts: ReadonlySet<string>;
  regex: RegExp;
}

/** A template's English texts without plural arguments: one per branch, its `#` the argument. */
function variants(template: string): string[] {
  const plural = new RegExp(PLURAL.source).exec(template);
  if (!plural) return [template];
  const [whole, name, one, other] = plural as unknown as [string, string, string, string];
  const at = (branch: string) =>
    template.slice(0, plural.index) +
    branch.replace(/#/g, `{${name}}`) +
    template.slice(plural.index + whole.length);
  return [...variants(at(one)), ...variants(at(other))];
}

function patternsOf(id: string, template: string): Pattern[] {
  const counts = new Set([...template.matchAll(new RegExp(PLURAL.source, 'g'))].map((m) => m[1]!));
  return variants(template).map((text) => {
    const names: string[] = [];
    const parts = text.split(/\{(\w+)\}/);
    const source = parts.map((part, i) => (i % 2 === 1 ? (names.push(part), FIGURE) : escape(part))).join('');
    return { id, names, counts, regex: new RegExp(`^${source}$`) };
  });
}

const patterns: Pattern[] = [...Object.entries(ruleMessages), ...Object.entries(webRuleMessages)].flatMap(
  ([key, template]) => patternsOf(`rule.${key}`, template),
);

/** The catalogue id and English figures of a rule's English text, or undefined when it is none. */
export function ruleOfText(
  text: string,
): { id: string; values: Record<string, string>; counts: ReadonlySet<string> } | undefined {
  for (const { id, names, counts, regex } of patterns) {
    const m = regex.exec(text);
    if (m) return { id, counts, values: Object.fromEntries(names.map((name, i) => [name, m[i + 1]!])) };
  }
  return undefined;
}

/** An English figure as `lang` writes it, with as many decimals and grouped as the language groups. */
export function localFigure(lang: string, english: string): string {
  if (lang === 'en') return english;
  const plain = english.replace(/,/g, '');
  const digits = plain.split('.')[1]?.length ?? 0;
  // Intl formats a decimal string exactly, without rounding it through a float.
  return new Intl.NumberFormat(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    plain as unknown as number,
  );
}

/** The rule text in the active catalogue, its figures written for `lang`; undefined when `text`
 * is no rule's English. */
export function translateRule(
  text: string,
  lang: string,
  translate: (id: string, values: Record<string, string | number>) => string,
): string | undefined {
  const rule = ruleOfText(text);
  if (!rule) return undefined;
  const values = Object.fromEntries(
    Object.entries(rule.values).map(([k, v]) => [k, rule.counts.has(k) ? Number(v) : localFigure(lang, v)]),
  );
  return translate(rule.id, values);
}
