// The current user as read with each access token (GetCurrentUsrInfo), kept outside React so
// that the rule below is tested without a browser. A read is recorded only while its token is
// still the session's token: a read started with a token that was renewed meanwhile (its call
// renewed, retried and answered late) must not replace the read of the renewed token, or the
// page waits for a read nobody starts (issue 27 item 4: signed-out header and a spinner).
import type { CurrentUsrInfo } from '@payd/schemas';
import type { ApiClient } from '../api/client.ts';
import type { TokenStore } from '../api/tokenStore.ts';

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
      const request = api
        .call<CurrentUsrInfo>('auth', 'GetCurrentUsrInfo', {})
        .then((reply) => reply.data ?? null);
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
