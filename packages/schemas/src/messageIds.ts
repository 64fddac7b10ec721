// The catalogue id of each message packages/schemas defines (@payd/i18n's catalogues hold the
// translations; the English catalogue repeats these texts verbatim, messageIds.test.ts checks).
// Rules here return the English text, so the server and the web can tell which message it is.
import { authMessages } from './auth/messages.ts';

/** English text of a schema message → its catalogue id. */
export const schemaMessageIds: ReadonlyMap<string, string> = new Map(
  Object.entries(authMessages).map(([key, text]) => [text, `auth.${key}`]),
);
