// The current user as read with each access token (GetCurrentUsrInfo), kept outside React so
// that the rule below is tested without a browser. A read is recorded only while its token is
// still the session's token: a read started with a token that was renewed meanwhile (its call
// renewed, retried and answered late) must not replace the read of the renewed token, or the
// page waits for a read nobody starts (issue 27 item 4: signed-out header and a spinner).
import { Auth, type CurrentUsrInfo } from '@payd/schemas';
import type { ApiClient } from '../../api/client.ts';
import type { TokenStore } from '../../api/tokenStore.ts';

/** The user read with one access token: `known` once the read answered (null when it failed). */
export interface UserRead {
  token: string;
  user: CurrentUsrInfo | null;
  known: boolean;
  at: number;
}

export interface UserReads {
  /** The last recorded read (of the current token or an earlier one), or null. */
  latest(): UserRead | null;
  /** Reads the user of `token`, joining a read under way; a failed read keeps what was known. */
  read(token: string): Promise<CurrentUsrInfo | null>;
  /** Forgets every read (sign-out). */
  clear(): void;
  /** Calls back when `latest` changes; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export function createUserReads(api: ApiClient, tokens: TokenStore, now: () => number = Date.now): UserReads {
  let latest: UserRead | null = null;
  const inFlight = new Map<string, Promise<CurrentUsrInfo | null>>();
  const listeners = new Set<() => void>();

  // Tokens gone (signed out here or in another tab, or a refused renewal): nobody's user is carried
  // over to the next session (see shownUser).
  tokens.subscribe(() => {
    if (tokens.get() || !latest) return;
    latest = null;
    listeners.forEach((l) => l());
  });

  function record(token: string, user: (previous: UserRead | null) => CurrentUsrInfo | null) {
    if (tokens.get()?.access_token !== token) return;
    latest = { token, user: user(latest), known: true, at: now() };
    listeners.forEach((l) => l());
  }

  return {
    latest: () => latest,
    read(token) {
      const running = inFlight.get(token);
      if (running) return running;
      const request = api.call(Auth.GetCurrentUsrInfo, {}).then((reply) => reply.data ?? null);
      inFlight.set(token, request);
      request.then(
        (user) => record(token, () => user),
        // Without a user the guards send the person to /login; no toast needed.
        () => record(token, (previous) => (previous?.token === token ? previous.user : null)),
      );
      void request.catch(() => undefined).finally(() => inFlight.delete(token));
      return request;
    },
    clear() {
      latest = null;
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** What the session shows for the store's token: its user, and whether the page must wait. */
export interface ShownUser {
  user: CurrentUsrInfo | null;
  loading: boolean;
  /** The read of this very token, when it answered (the online re-read dates from it). */
  current: UserRead | null;
}

/**
 * The user shown for `token`: its own read once answered; while a renewed token's read runs, the
 * user read with the previous token (a renewal changes the token, not the person), so the open
 * page neither shows the signed-out header nor unmounts behind a spinner; nothing without tokens.
 */
export function shownUser(latest: UserRead | null, token: string | null): ShownUser {
  if (!token) return { user: null, loading: false, current: null };
  if (latest?.token === token) return { user: latest.user, loading: !latest.known, current: latest };
  if (latest?.known && latest.user) return { user: latest.user, loading: false, current: null };
  return { user: null, loading: true, current: null };
}
