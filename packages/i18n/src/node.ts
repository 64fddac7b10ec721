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

/** A text from the English catalogue in the culture's language; any other text as it came. */
export function localizeText(text: string, cultureId: number): string {
  const { englishIds } = load();
  const id = englishIds.get(text);
  return id === undefined ? text : i18nOfCulture(cultureId)._(id);
}
