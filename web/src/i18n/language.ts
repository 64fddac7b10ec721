// The active language of the app: one Lingui instance, the chosen language's catalogue loaded on
// demand (a chunk per language; only the active one is downloaded), the choice remembered in this
// browser, and the culture id every API call carries in its scope header.
import {
  DEFAULT_LANGUAGE,
  languageOfCode,
  preferredLanguage,
  setupI18n,
  type LangCode,
  type Language,
  type Messages,
} from '@payd/i18n';

export const i18n = setupI18n();

const catalogues: Record<LangCode, () => Promise<{ default: Messages; englishIds: Record<string, string> }>> =
  {
    en: () => import('virtual:payd-catalogue/en'),
    de: () => import('virtual:payd-catalogue/de'),
    fr: () => import('virtual:payd-catalogue/fr'),
    es: () => import('virtual:payd-catalogue/es'),
    'zh-CN': () => import('virtual:payd-catalogue/zh-CN'),
  };

const STORAGE_KEY = 'payd.language';

/** The choice kept in this browser; `unsaved` while it was made signed out (the account learns
 * it at the next sign-in, AccountLanguage.tsx). */
export interface StoredChoice {
  lang: string;
  unsaved?: boolean;
}

export function storedChoice(): StoredChoice | null {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    const v = raw ? (JSON.parse(raw) as Partial<StoredChoice>) : null;
    return v && typeof v.lang === 'string' ? { lang: v.lang, unsaved: v.unsaved === true } : null;
  } catch {
    return null;
  }
}

export function storeChoice(choice: StoredChoice): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(choice));
  } catch {
    // Storage refused (private mode): the choice lasts this page.
  }
}

/** The language to start in: the one chosen in this browser, else the browser's languages. */
export function initialLanguage(): Language {
  const stored = storedChoice();
  const chosen = stored ? languageOfCode(stored.lang) : undefined;
  return chosen ?? preferredLanguage(globalThis.navigator?.languages ?? []);
}

let active: Language = DEFAULT_LANGUAGE;
let activeEnglishIds: Record<string, string> = {};

/** The id of an English catalogue text in the active language's catalogue, if it has one. */
export function englishTextId(text: string): string | undefined {
  return Object.hasOwn(activeEnglishIds, text) ? activeEnglishIds[text] : undefined;
}
let latest = 0;

/** The language shown now (its culture id goes in the scope header). */
export function activeLanguage(): Language {
  return active;
}

/** Loads the language's catalogue and shows it; a later call wins over one still loading. */
export async function activateLanguage(language: Language): Promise<void> {
  const call = ++latest;
  const { default: messages, englishIds } = await catalogues[language.langCode as LangCode]();
  if (call !== latest) return;
  active = language;
  activeEnglishIds = englishIds;
  i18n.loadAndActivate({ locale: language.langCode, messages });
  if (typeof document !== 'undefined') document.documentElement.lang = language.langCode;
}

/** The person picked a language: shown at once and remembered in this browser. */
export function chooseLanguage(language: Language, { signedIn }: { signedIn: boolean }): Promise<void> {
  storeChoice({ lang: language.langCode, ...(signedIn ? {} : { unsaved: true }) });
  return activateLanguage(language);
}
