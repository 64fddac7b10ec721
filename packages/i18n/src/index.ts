// payd's languages for the web app and the server: the list of languages, the Lingui runtime the
// catalogues run on, Intl formatting, and tagged texts. Compiling ICU catalogues is in compile.ts
// (build time and server only); reading them from disk in node.ts.
export { setupI18n, type I18n, type Messages } from '@lingui/core';
export * from './languages.ts';
export * from './format.ts';
export * from './tags.ts';
