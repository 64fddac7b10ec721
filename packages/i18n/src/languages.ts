// The languages payd is translated into: one catalogue each under catalogues/, one row each in the
// server's cultures table (migration 0360 seeds the same ids). English is culture 1, the default.

export interface Language {
  /** CultureId on the wire (scope header, session user, GetCultureList). */
  cultureId: number;
  /** BCP 47 tag, the catalogue's file name and the `lang` of the session user. */
  langCode: string;
  /** The language's own name, shown in the switcher. */
  name: string;
}

export const LANGUAGES = [
  { cultureId: 1, langCode: 'en', name: 'English' },
  { cultureId: 2, langCode: 'de', name: 'Deutsch' },
  { cultureId: 3, langCode: 'fr', name: 'Français' },
  { cultureId: 4, langCode: 'es', name: 'Español' },
  { cultureId: 5, langCode: 'zh-CN', name: '简体中文' },
] as const satisfies readonly Language[];

export type LangCode = (typeof LANGUAGES)[number]['langCode'];

export const DEFAULT_LANGUAGE: Language = LANGUAGES[0];

/** The language of a culture id; English for an id payd has no catalogue for. */
export function languageOfCulture(cultureId: number): Language {
  return LANGUAGES.find((l) => l.cultureId === cultureId) ?? DEFAULT_LANGUAGE;
}

/** The language of a tag payd has a catalogue for, or undefined. */
export function languageOfCode(langCode: string): Language | undefined {
  return LANGUAGES.find((l) => l.langCode.toLowerCase() === langCode.toLowerCase());
}

/**
 * The first of the browser's languages (navigator.languages, most wanted first) payd speaks:
 * the exact tag, else the same primary language ('de-AT' → de; any Chinese → zh-CN, the only
 * Chinese payd has); English when none matches.
 */
export function preferredLanguage(wanted: readonly string[]): Language {
  for (const tag of wanted) {
    const exact = languageOfCode(tag);
    if (exact) return exact;
    const primary = tag.split('-')[0]!.toLowerCase();
    const same = LANGUAGES.find((l) => l.langCode.split('-')[0] === primary);
    if (same) return same;
  }
  return DEFAULT_LANGUAGE;
}
