// A passkey's name and the messages about passkeys (issue 17), without zod: the security page
// shows and checks them; passkeys.ts's request bodies (the server's checks) use the same rule.

export const PASSKEY_NAME_MAX_LENGTH = 64;

export const passkeyMessages = {
  nameRequired: 'Please enter a name for the passkey',
  nameTooLong: `The name can be at most ${PASSKEY_NAME_MAX_LENGTH} characters long`,
  nameInvalid: 'The name cannot contain control or invisible formatting characters',
  notFound: 'This passkey was not found. It may have been removed already.',
  renamed: 'Passkey renamed.',
  removed: 'Passkey removed. You can no longer sign in with it.',
  /** The server's answer (403, `reauth_required`) when the proven sign-in is older than 5 minutes. */
  confirmRequired:
    'Please confirm it is you: enter your password (or use your passkey) to continue. Changing how you sign in needs a sign-in within the last 5 minutes.',
} as const;

/** Control, format (bidi overrides, zero-width), surrogate, private-use and line/paragraph separators. */
const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}]/u;

/** What is wrong with a passkey's name as the person types it (trimmed, 1 to 64 characters,
 * nothing invisible), or undefined. A plain function: the rename form checks it without zod. */
export function passkeyNameProblem(name: string): string | undefined {
  const s = name.trim();
  if (s.length === 0) return passkeyMessages.nameRequired;
  if (s.length > PASSKEY_NAME_MAX_LENGTH) return passkeyMessages.nameTooLong;
  if (HIDDEN_CHARACTERS.test(s)) return passkeyMessages.nameInvalid;
  return undefined;
}
