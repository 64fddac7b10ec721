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
/** Messages only the server words (e-mails, replies it translates itself) stay out of the browser. */
const SERVER_ONLY = /^(mail|server)\./;

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
      const file = require.resolve(`@payd/i18n/catalogues/${lang}.json`);
      this.addWatchFile(file);
      const source = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(source)
          .filter(([k]) => !SERVER_ONLY.test(k))
          .map(([k, m]) => [k, compileMessage(m)]),
      );
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
