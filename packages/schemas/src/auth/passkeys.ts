// The signed-in person's own passkeys (issue 17): listed with their name, when they were
// registered and last used, renamed and removed on the security page (authWs GetPasskeys,
// RenamePasskey, DelPasskey). Not in spec 002 (it only counts them). Changing how one signs in
// (a passkey registered, renamed or removed, a wallet linked for sign-in) needs a proven sign-in
// within the last 5 minutes (`reauth_required`, then ConfirmIdentity), as the recovery words do.
import { z } from 'zod';

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

/** A passkey's name as the person types it: trimmed, 1 to 64 characters, nothing invisible. */
export const passkeyName = z
  .string({ error: passkeyMessages.nameRequired })
  .trim()
  .min(1, passkeyMessages.nameRequired)
  .max(PASSKEY_NAME_MAX_LENGTH, passkeyMessages.nameTooLong)
  .refine((s) => !HIDDEN_CHARACTERS.test(s), passkeyMessages.nameInvalid);

/** A credential id as WebAuthn gives it (base64url). */
const credentialId = z
  .string({ error: 'Please name the passkey' })
  .min(1, 'Please name the passkey')
  .max(1024)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a passkey id');

export const getPasskeysBody = z.object({ scope: z.string().max(200).optional() });
export const renamePasskeyBody = z.object({
  credentialId,
  name: passkeyName,
  scope: z.string().max(200).optional(),
});
export const delPasskeyBody = z.object({ credentialId, scope: z.string().max(200).optional() });
export type RenamePasskeyBody = z.input<typeof renamePasskeyBody>;
export type DelPasskeyBody = z.input<typeof delPasskeyBody>;

/** The rename form of the security page. */
export const renamePasskeyForm = z.object({ name: passkeyName });

export interface PasskeyInfo {
  credentialId: string;
  name: string;
  /** ISO times. */
  createdAt: string;
  lastUsedAt: string | null;
}

/** GetPasskeys: the signed-in person's passkeys, oldest first. */
export interface GetPasskeysReply {
  passkeys: PasskeyInfo[];
}
/** RenamePasskey: the passkey as it now is. */
export type RenamePasskeyReply = PasskeyInfo;
/** DelPasskey: the passkeys left. */
export type DelPasskeyReply = GetPasskeysReply;
