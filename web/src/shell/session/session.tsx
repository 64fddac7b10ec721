// The signed-in session: tokens (shared by every tab), the current user from GetCurrentUsrInfo,
// and sign-in/out. The session state is fully reset on logout (spec 002 section 4). Without
// react-query: /login (which has this session) loads no query cache; the pages that have one
// clear it at every sign-out (onSignedOut).
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { Auth, type CurrentUsrInfo, type TokenSet } from '@payd/schemas';
import type { ApiClient } from '../../api/client.ts';
import type { TokenStore } from '../../api/tokenStore.ts';
import { markExplicitSignOut, resetGuardMemory } from './originStore.ts';
import { createUserReads, shownUser } from './userReads.ts';

export interface Session {
  api: ApiClient;
  /** The signed-in user, or null. */
  user: CurrentUsrInfo | null;
  /** True until the current user is known (only when tokens exist). */
  loading: boolean;
  signIn(tokens: TokenSet): Promise<CurrentUsrInfo | null>;
  signOut(): Promise<void>;
  refreshUser(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

/** A user read this long ago is read again when the browser comes back online. */
const USER_STALE_MS = 60_000;

const signedOutListeners = new Set<() => void>();
/** Calls `listener` at every sign-out, after the tokens are gone; returns the unsubscribe function. */
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

export function SessionProvider({
  api,
  tokens,
  children,
}: {
  api: ApiClient;
  tokens: TokenStore;
  children: ReactNode;
}) {
  const tokenSet = useSyncExternalStore(tokens.subscribe, () => tokens.get()?.access_token ?? null);
  const [signingOut, setSigningOut] = useState(false);
  const [reads] = useState(() => createUserReads(api, tokens));
  const read = useSyncExternalStore(reads.subscribe, reads.latest);
  const readUser = reads.read;

  const shown = shownUser(read, tokenSet);
  const current = shown.current;
  useEffect(() => {
    if (tokenSet && !signingOut && !current) void readUser(tokenSet).catch(() => undefined);
  }, [tokenSet, signingOut, current, readUser]);

  // Back online: a user read over a minute ago is read again.
  const readAt = current?.at;
  useEffect(() => {
    if (!tokenSet || readAt === undefined) return;
    const onOnline = () => {
      if (Date.now() - readAt > USER_STALE_MS) void readUser(tokenSet).catch(() => undefined);
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [tokenSet, readAt, readUser]);

  const signIn = useCallback(
    async (t: TokenSet) => {
      tokens.set(t);
      return readUser(t.access_token);
    },
    [tokens, readUser],
  );

  const signOut = useCallback(async () => {
    const current = tokens.get();
    setSigningOut(true);
    try {
      if (current)
        await api
          .call(
            Auth.Logout,
            { access_token: current.access_token, refresh_token: current.refresh_token },
            { auth: false },
          )
          .catch(() => undefined);
    } finally {
      resetGuardMemory();
      markExplicitSignOut();
      tokens.set(null);
      reads.clear();
      signedOutListeners.forEach((l) => l());
      setSigningOut(false);
    }
  }, [api, tokens, reads]);

  const refreshUser = useCallback(async () => {
    const token = tokens.get()?.access_token;
    if (token) await readUser(token).catch(() => undefined);
  }, [tokens, readUser]);

  const value = useMemo<Session>(
    () => ({
      api,
      user: shown.user,
      loading: shown.loading && !signingOut,
      signIn,
      signOut,
      refreshUser,
    }),
    [api, shown.user, shown.loading, signingOut, signIn, signOut, refreshUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}

export function useApi(): ApiClient {
  return useSession().api;
}
