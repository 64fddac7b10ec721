// Counted nouns as a person reads them ('1 credit', '2 credits'), one place for web and server.
// English plural categories come from Intl.PluralRules, so '1.5 credits' and '0 days' read right.

// A count written with decimals ('1.00') is plural in English: the rules are told how many it shows.
const rules = new Map<number, Intl.PluralRules>();
function rulesFor(fractionDigits: number): Intl.PluralRules {
  let r = rules.get(fractionDigits);
  if (!r) {
    r = new Intl.PluralRules('en-US', { minimumFractionDigits: fractionDigits });
    rules.set(fractionDigits, r);
  }
  return r;
}

/** The noun for this count: `one` when English says one, else `other` (default `one` + 's'). */
export function pluralWord(count: number | string, one: string, other = `${one}s`): string {
  const digits = typeof count === 'string' ? (count.split('.')[1]?.length ?? 0) : 0;
  return rulesFor(Math.min(digits, 20)).select(Number(count)) === 'one' ? one : other;
}

/** The count and its noun: plural(1, 'day') is '1 day', plural('2.50', 'credit') '2.50 credits'. */
export function plural(count: number | string, one: string, other = `${one}s`): string {
  return `${count} ${pluralWord(count, one, other)}`;
}
