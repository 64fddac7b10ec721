// The catalogue check (issue 28): every message of the English catalogue exists in every language,
// with the same placeholders, the same plural/select arguments (cases the language's plural rules
// know, 'other' always) and the same tags; no language has a message English lacks.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';
import { messageArguments, readCatalogue } from './node.ts';

const english = readCatalogue('en');
const tagsOf = (text: string) => [...text.matchAll(/<\/?(\w+)>/g)].map((m) => m[0]).sort();

describe.each(LANGUAGES.map((l) => [l.langCode]))('catalogue %s', (lang) => {
  const catalogue = readCatalogue(lang);

  it('has every message of English and no other', () => {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
  });

  it('translates every message (no empty text)', () => {
    expect(Object.entries(catalogue).filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('uses the same placeholders, choices and tags as English', () => {
    const plural = new Set<string>(new Intl.PluralRules(lang).resolvedOptions().pluralCategories);
    for (const [id, source] of Object.entries(english)) {
      const text = catalogue[id];
      if (text === undefined) continue;
      const want = messageArguments(source);
      const got = messageArguments(text);
      expect([...got.placeholders].sort(), `${lang} ${id} placeholders`).toEqual(
        [...want.placeholders].sort(),
      );
      expect([...got.choices.keys()].sort(), `${lang} ${id} choices`).toEqual(
        [...want.choices.keys()].sort(),
      );
      for (const [name, choice] of got.choices) {
        expect(choice.type, `${lang} ${id} ${name}`).toBe(want.choices.get(name)?.type);
        expect(choice.cases.has('other'), `${lang} ${id} ${name} has 'other'`).toBe(true);
        if (choice.type === 'plural')
          for (const c of choice.cases)
            expect(
              plural.has(c) || /^=\d+$/.test(c),
              `${lang} ${id}: '${c}' is no plural case of ${lang}`,
            ).toBe(true);
      }
      expect(tagsOf(text), `${lang} ${id} tags`).toEqual(tagsOf(source));
    }
  });
});

describe('messageArguments', () => {
  it('finds placeholders inside plural cases and the cases themselves', () => {
    const args = messageArguments('{who} has {count, plural, one {# credit from {bank}} other {# credits}}');
    expect([...args.placeholders].sort()).toEqual(['bank', 'who']);
    expect(args.choices.get('count')).toEqual({ type: 'plural', cases: new Set(['one', 'other']) });
  });

  it('sees a plain text as having no arguments', () => {
    const args = messageArguments("Your passwords don't match");
    expect(args.placeholders.size + args.choices.size).toBe(0);
  });
});
