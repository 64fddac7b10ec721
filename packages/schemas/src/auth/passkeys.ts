// The signed-in person's own passkeys (issue 17): listed with their name, when they were
// registered and last used, renamed and removed on the security page (authWs GetPasskeys,
// RenamePasskey, DelPasskey). Not in spec 002 (it only counts them). Changing how one signs in
// (a passkey registered, renamed or removed, a wallet linked for sign-in) needs a proven sign-in
// within the last 5 minutes (`reauth_required`, then ConfirmIdentity), as the recovery words do.
import { z } from 'zod';
import type * as c from './contracts.ts';
import { passkeyMessages, passkeyNameProblem } from './passkeyName.ts';

/** A passkey's name, trimmed, under passkeyNameProblem's rule. */
export const passkeyName = z
  .string({ error: passkeyMessages.nameRequired })
  .trim()
  .superRefine((s, ctx) => {
    const problem = passkeyNameProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

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

export type PasskeyInfo = z.output<typeof c.passkeyInfo>;

/** GetPasskeys: the signed-in person's passkeys, oldest first. */
export type GetPasskeysReply = z.output<typeof c.passkeyList>;
/** RenamePasskey: the passkey as it now is. */
export type RenamePasskeyReply = PasskeyInfo;
/** DelPasskey: the passkeys left. */
export type DelPasskeyReply = GetPasskeysReply;
