// The server's side: every catalogue read from disk and compiled once, one Lingui instance per
// language, and the translation of a known English text (the spec's messages that server code
// throws and packages/schemas validates with) into the caller's language.
import { readFileSync } from 'node:fs';
import { setupI18n, type I18n } from '@lingui/core';
import { compileCatalogue, messageArguments, type CatalogueSource } from './compile.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, languageOfCulture, type LangCode } from './languages.ts';

export { compileCatalogue, messageArguments, type CatalogueSource } from './compile.ts';

/** The catalogue of one language as written (catalogues/<lang>.json). */
export function readCatalogue(langCode: string): CatalogueSource {
  const url = new URL(`../catalogues/${langCode}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as CatalogueSource;
}

let instances: Map<string, I18n> | undefined;
let englishIds: Map<string, string> | undefined;

function load(): { instances: Map<string, I18n>; englishIds: Map<string, string> } {
  if (!instances || !englishIds) {
    instances = new Map(
      LANGUAGES.map((l) => {
        const messages = { [l.langCode]: compileCatalogue(readCatalogue(l.langCode)) };
        return [l.langCode, setupI18n({ locale: l.langCode, messages })];
      }),
    );
    // English texts without arguments, to their ids; the first id wins where two share a text.
    englishIds = new Map();
    for (const [id, text] of Object.entries(readCatalogue(DEFAULT_LANGUAGE.langCode))) {
      const args = messageArguments(text);
      if (args.placeholders.size === 0 && args.choices.size === 0 && !englishIds.has(text))
        englishIds.set(text, id);
    }
  }
  return { instances, englishIds };
}

/** The Lingui instance of a culture (English for an unknown id). */
export function i18nOfCulture(cultureId: number): I18n {
  return load().instances.get(languageOfCulture(cultureId).langCode)!;
}

/** The Lingui instance of a language payd has. */
export function i18nOfLang(langCode: LangCode): I18n {
  return load().instances.get(langCode)!;
}

interface EnglishTemplate {
  id: string;
  pattern: RegExp;
  names: string[];
}

let englishTemplates: EnglishTemplate[] | undefined;

const SLOT = '\u0000';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * English messages whose arguments are plain placeholders (`{max}`, no plural or select), as
 * patterns that recognise a text a server wrote with figures in them. Each is read by rendering the
 * English message with a marker per placeholder, so ICU's quoting is honoured.
 */
function templates(): EnglishTemplate[] {
  if (!englishTemplates) {
    const en = i18nOfLang(DEFAULT_LANGUAGE.langCode as LangCode);
    englishTemplates = [];
    for (const [id, text] of Object.entries(readCatalogue(DEFAULT_LANGUAGE.langCode))) {
      const args = messageArguments(text);
      if (args.placeholders.size === 0 || args.choices.size > 0) continue;
      const names = [...args.placeholders];
      const marked = en._(id, Object.fromEntries(names.map((n, i) => [n, `${SLOT}${i}${SLOT}`])));
      const parts = marked.split(new RegExp(`${SLOT}(\\d+)${SLOT}`));
      const order: string[] = [];
      let source = '^';
      parts.forEach((part, i) => {
        if (i % 2 === 0) source += escapeRegExp(part);
        else {
          order.push(names[Number(part)]!);
          source += '(.+?)';
        }
      });
      // A message that is all placeholders would match any text: only those with words of their own.
      if (
        parts
          .filter((_, i) => i % 2 === 0)
          .join('')
          .trim().length < 8
      )
        continue;
      englishTemplates.push({ id, pattern: new RegExp(`${source}$`, 's'), names: order });
    }
  }
  return englishTemplates;
}

/**
 * A text from the English catalogue in the culture's language; any other text as it came. A text
 * with figures in it (`At most 20 validators may wait…`) is recognised by its English message's
 * pattern and written by the language's message with the same values.
 */
export function localizeText(text: string, cultureId: number): string {
  const { englishIds } = load();
  const id = englishIds.get(text);
  if (id !== undefined) return i18nOfCulture(cultureId)._(id);
  if (languageOfCulture(cultureId).langCode === DEFAULT_LANGUAGE.langCode) return text;
  for (const t of templates()) {
    const m = t.pattern.exec(text);
    if (!m) continue;
    const values = Object.fromEntries(t.names.map((n, i) => [n, m[i + 1]!]));
    return i18nOfCulture(cultureId)._(t.id, values);
  }
  return text;
}
