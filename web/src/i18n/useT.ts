// The hook components translate with: re-renders when the language changes, no reload.
import { schemaMessageIds } from '@payd/schemas';
import { useMemo, useSyncExternalStore } from 'react';
import { englishTextId, i18n } from './language.ts';
import { translateRule } from './ruleTexts.ts';

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const locale = () => i18n.locale;

/** `useT().message` outside a component (a toast shown from a callback): in the language active now. */
export function translated<T>(text: T): T | string {
  if (typeof text !== 'string') return text;
  const id = schemaMessageIds.get(text) ?? englishTextId(text);
  if (id) return i18n._(id);
  return translateRule(text, i18n.locale, (ruleId, values) => i18n._(ruleId, values)) ?? text;
}

export interface Translate {
  /** The message `id` of the active catalogue, with its placeholders filled. */
  t(id: string, values?: Record<string, unknown>): string;
  /** A message of packages/schemas (a rule's English text, as forms and replies carry it) or any
   * other English catalogue text without placeholders (as pure rules word it), a rule's text with
   * figures (ruleTexts.ts: in the language, the figures written as it writes them), or any other text as
   * it came (the server already answered in the caller's language). */
  message<T>(text: T): T | string;
  /** A form field's props with its error message translated (see `message`). */
  field<P extends { error?: unknown }>(props: P): P;
  /** The active language tag, for Intl formatting. */
  lang: string;
}

export function useT(): Translate {
  const lang = useSyncExternalStore(subscribe, locale);
  return useMemo(
    () => ({
      lang,
      t: (id, values) => i18n._(id, values),
      message: (text) => translated(text),
      field: (props) => ({ ...props, error: translated(props.error) }),
    }),
    [lang],
  );
}
