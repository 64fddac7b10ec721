// Confirming who you are while signed in (issue 17): the recovery words and the validator
// keystores need a proven sign-in within the last 5 minutes; an older session is answered with
// `reauth_required` and the person confirms with their password or a passkey (ConfirmIdentity).
import { z } from 'zod';

/** How recent the session's last proven sign-in must be for the recovery words and keystores. */
export const RECENT_SIGN_IN_MS = 5 * 60_000;

export const confirmIdentityMessages = {
  /** The server's answer (403, `reauth_required`) when the proven sign-in is older than 5 minutes. */
  required:
    'Please confirm it is you: enter your password (or use your passkey) to continue. Your recovery words and keys need a sign-in within the last 5 minutes.',
  passwordRequired: 'Please enter your password',
  passwordWrong: 'Your password is incorrect',
  confirmed: 'Thank you, it is you.',
} as const;

/** authWs ConfirmIdentity: the account's password, or a passkey assertion answering
 * GetWebAuthnAssertionRequest (its request and the authenticator's reply, as JSON). */
export const confirmIdentityBody = z.object({
  Password: z.string().max(256).optional().default(''),
  PasskeyRequestJSON: z.string().max(20000).optional().default(''),
  PasskeyResultJSON: z.string().max(20000).optional().default(''),
});
export type ConfirmIdentityBody = z.input<typeof confirmIdentityBody>;

/** The confirmation form of the web app (password path). */
export const confirmIdentityForm = z.object({
  Password: z
    .string({ error: confirmIdentityMessages.passwordRequired })
    .min(1, confirmIdentityMessages.passwordRequired)
    .max(256),
});

export interface ConfirmIdentityReply {
  /** ISO time of the proof: the session counts as freshly signed in from then. */
  ProvenAt: string;
}
