// `reauth_required` (issue 17): a signed-in call that needs a proven sign-in within the last 5
// minutes (the recovery words, a validator keystore). The API client passes it through with the
// server's message; the page asks the person to confirm who they are (ConfirmIdentityModal).
import { ApiErrorCode } from '@payd/schemas';

export function isReauthRequired(e: unknown): e is Error & { subType: string } {
  if (!e || typeof e !== 'object') return false;
  return (e as { subType?: unknown }).subType === ApiErrorCode.reauthRequired;
}
