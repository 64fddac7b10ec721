// The language catalogues (packages/i18n/catalogues/<lang>.json, ICU MessageFormat) as modules
// `virtual:payd-catalogue/<lang>` holding Lingui's compiled messages: compiled here at build time,
// so the browser gets no ICU parser, and one chunk per language, loaded when it is chosen.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:payd-catalogue/';
const RESOLVED = '\0payd-catalogue:';
const require = createRequire(import.meta.url);
/** Messages only the server words (e-mails, replies it translates itself, the staff screens'
 * labels it serves) stay out of the browser. */
const SERVER_ONLY = /^(mail|server|srv\.(screen|reply|kycMail|charge))\./;

function readSource(lang: string): Record<string, string> {
  const file = require.resolve(`@payd/i18n/catalogues/${lang}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

/**
 * English texts without arguments → their ids, for texts that pure rules word in English (kyc
 * status titles, liveness guidance …): `useT().message(text)` shows them in the active language.
 * Sent with each other language's chunk (English needs none); the first id wins a shared text.
 */
function englishIds(english: Record<string, string>): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const [id, text] of Object.entries(english))
    if (!SERVER_ONLY.test(id) && !/[{}<]/.test(text) && !(text in ids)) ids[text] = id;
  return ids;
}

export function catalogues(): Plugin {
  return {
    name: 'payd-catalogues',
    resolveId(id) {
      return id.startsWith(PREFIX) ? RESOLVED + id.slice(PREFIX.length) : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const lang = id.slice(RESOLVED.length);
      if (!/^[a-zA-Z-]+$/.test(lang)) throw new Error(`no catalogue '${lang}'`);
      this.addWatchFile(require.resolve(`@payd/i18n/catalogues/${lang}.json`));
      this.addWatchFile(require.resolve('@payd/i18n/catalogues/en.json'));
      const source = readSource(lang);
      const shown = Object.entries(source).filter(([k]) => !SERVER_ONLY.test(k));
      const compiled = Object.fromEntries(shown.map(([k, m]) => [k, compileMessage(m)]));
      return `export default ${JSON.stringify(compiled)};\nexport const englishIds = ${JSON.stringify(
        lang === 'en' ? {} : englishIds(readSource('en')),
      )};`;
    },
  };
}
