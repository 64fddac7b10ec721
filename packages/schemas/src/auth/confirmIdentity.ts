// Confirming who you are while signed in (issue 17): the recovery words and the validator
// keystores need a proven sign-in within the last 5 minutes; an older session is answered with
// `reauth_required` and the person confirms with their password or a passkey (ConfirmIdentity).
import { z } from 'zod';
import type * as c from './contracts.ts';

/** How recent the session's last proven sign-in must be for the recovery words and keystores. */
export const RECENT_SIGN_IN_MS = 5 * 60_000;

/** authWs ConfirmIdentity: the account's password, or a passkey assertion answering
 * GetWebAuthnAssertionRequest (its request and the authenticator's reply, as JSON). */
export const confirmIdentityBody = z.object({
  Password: z.string().max(256).optional().default(''),
  PasskeyRequestJSON: z.string().max(20000).optional().default(''),
  PasskeyResultJSON: z.string().max(20000).optional().default(''),
});
export type ConfirmIdentityBody = z.input<typeof confirmIdentityBody>;

export type ConfirmIdentityReply = z.output<typeof c.confirmIdentityReply>;
