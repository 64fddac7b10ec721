// Where the session's tokens live: localStorage, so every tab shares one session and sees a
// renewal or logout made in another tab.
import type { TokenSet } from '@payd/schemas';

export interface TokenStore {
  get(): TokenSet | null;
  set(tokens: TokenSet | null): void;
  /** Calls back when another tab changes the tokens; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

const KEY = 'payd.tokens';

export function localTokenStore(storage: Storage = window.localStorage): TokenStore {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());
  window.addEventListener('storage', (e) => {
    if (e.key === KEY || e.key === null) notify();
  });
  return {
    get() {
      const raw = storage.getItem(KEY);
      if (!raw) return null;
      try {
        return JSON.parse(raw) as TokenSet;
      } catch {
        return null;
      }
    },
    set(tokens) {
      if (tokens) storage.setItem(KEY, JSON.stringify(tokens));
      else storage.removeItem(KEY);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A store kept in memory, for tests and for browsers without storage. */
export function memoryTokenStore(initial: TokenSet | null = null): TokenStore {
  let tokens = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => tokens,
    set(t) {
      tokens = t;
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
