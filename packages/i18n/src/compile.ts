// Catalogues are written in ICU MessageFormat (catalogues/<lang>.json, id → message) and compiled
// into Lingui's runtime form before use: at build time for the web (its plugin in web/vite.config.ts,
// so no parser ships to the browser), at start for the server.
import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/** A catalogue as written: message id → ICU message. */
export type CatalogueSource = Record<string, string>;

export function compileCatalogue(source: CatalogueSource): Messages {
  return Object.fromEntries(Object.entries(source).map(([id, message]) => [id, compileMessage(message)]));
}

/** The arguments a message uses: `{name}` placeholders and, for each plural or select argument,
 * its cases (what the catalogue check compares between languages). */
export interface MessageArguments {
  placeholders: Set<string>;
  choices: Map<string, { type: string; cases: Set<string> }>;
}

export function messageArguments(message: string): MessageArguments {
  const found: MessageArguments = { placeholders: new Set(), choices: new Map() };
  // A compiled message is a list of parts: text, or an argument [name, type?, format?] whose
  // plural or select format holds a part list per case.
  const walkParts = (parts: unknown): void => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) if (Array.isArray(part)) walkArgument(part);
  };
  const walkArgument = ([name, type, format]: unknown[]): void => {
    if (typeof name !== 'string') return;
    if (typeof type === 'string' && format && typeof format === 'object' && !Array.isArray(format)) {
      const cases = Object.keys(format).filter((k) => k !== 'offset');
      found.choices.set(name, { type, cases: new Set(cases) });
      for (const branch of Object.values(format)) walkParts(branch);
    } else found.placeholders.add(name);
  };
  walkParts(compileMessage(message));
  return found;
}
