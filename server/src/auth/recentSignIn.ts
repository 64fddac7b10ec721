// The one notion of a "recent sign-in" (issue 15, issue 17): the session's last PROVEN sign-in is
// the later of its start (a session is only ever started by a proven sign-in: password, passkey or
// wallet signature; refreshing tokens never starts one) and its last ConfirmIdentity (password or
// passkey while signed in, `sessions.proven_at`). The recovery words (DisplayMnemonic) and the
// validator keystores (GetKeystore) need it within RECENT_SIGN_IN_MS; an older one is answered 403
// with `reauth_required`, which the web client passes through (it never renews a token for it)
// so the page can ask the person to confirm who they are.
import { eq, sql } from 'drizzle-orm';
import { ApiErrorCode, confirmIdentityMessages, RECENT_SIGN_IN_MS } from '@payd/schemas';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { sessions } from '../db/schema.ts';
import { ApiError } from '../wire/errors.ts';

export { RECENT_SIGN_IN_MS };

/** The window in force: RECENT_SIGN_IN_MS, or the dev stack's shorter one (config.recentSignInMs). */
let windowMs = RECENT_SIGN_IN_MS;

/** Set once by buildApp from the configuration. */
export function setRecentSignInWindow(ms: number): void {
  windowMs = ms;
}

/** 403 `reauth_required`: signed in, but the proven sign-in is too old for this call. */
export function reauthRequired(message: string = confirmIdentityMessages.required): ApiError {
  return new ApiError(403, ApiErrorCode.reauthRequired, message);
}

/** When the session was last proven (its start or its last ConfirmIdentity); null: no session. */
export async function lastProvenSignIn(db: Db, sessionId: string): Promise<Date | null> {
  const [row] = await db
    .select({
      at: sql<Date>`greatest(${sessions.createdAt}, ${sessions.provenAt})`.mapWith(sessions.createdAt),
    })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row?.at ?? null;
}

/** Throws reauthRequired unless the session's last proven sign-in is within the window. */
export async function requireRecentSignIn(
  db: Db,
  clock: Clock,
  sessionId: string,
  message?: string,
): Promise<void> {
  const at = await lastProvenSignIn(db, sessionId);
  if (!at || clock.now().getTime() - at.getTime() > windowMs) throw reauthRequired(message);
}

/** Records a proof of identity made now for the session (ConfirmIdentity). */
export async function markProvenSignIn(db: Db, clock: Clock, sessionId: string): Promise<Date> {
  const now = clock.now();
  await db.execute(
    sql`UPDATE sessions SET proven_at = ${now.toISOString()}::timestamptz WHERE id = ${sessionId}`,
  );
  return now;
}
