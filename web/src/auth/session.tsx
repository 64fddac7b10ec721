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
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { CurrentUsrInfo, TokenSet } from '@payd/schemas';
import type { ApiClient } from '../api/client.ts';
import type { TokenStore } from '../api/tokenStore.ts';
import { markExplicitSignOut, resetGuardMemory } from './originStore.ts';

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

/** The user read with one access token: `known` once the read answered (null when it failed). */
interface UserRead {
  token: string;
  user: CurrentUsrInfo | null;
  known: boolean;
  at: number;
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
  const [read, setRead] = useState<UserRead | null>(null);
  // The read under way per access token, so sign-in and the effect below share one request.
  const inFlight = useRef(new Map<string, Promise<CurrentUsrInfo | null>>());

  /** Reads the user of `token` (joining a read under way); a failed read keeps what was known. */
  const readUser = useCallback(
    (token: string) => {
      const running = inFlight.current.get(token);
      if (running) return running;
      const request = api
        .call<CurrentUsrInfo>('auth', 'GetCurrentUsrInfo', {})
        .then((reply) => reply.data ?? null);
      inFlight.current.set(token, request);
      request.then(
        (user) => setRead({ token, user, known: true, at: Date.now() }),
        () =>
          // Without a user the guards send the person to /login; no toast needed.
          setRead((r) => ({ token, user: r?.token === token ? r.user : null, known: true, at: Date.now() })),
      );
      void request.catch(() => undefined).finally(() => inFlight.current.delete(token));
      return request;
    },
    [api],
  );

  const current = read?.token === tokenSet ? read : null;
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
            'auth',
            'Logout',
            { access_token: current.access_token, refresh_token: current.refresh_token },
            { auth: false },
          )
          .catch(() => undefined);
    } finally {
      resetGuardMemory();
      markExplicitSignOut();
      tokens.set(null);
      setRead(null);
      signedOutListeners.forEach((l) => l());
      setSigningOut(false);
    }
  }, [api, tokens]);

  const refreshUser = useCallback(async () => {
    const token = tokens.get()?.access_token;
    if (token) await readUser(token).catch(() => undefined);
  }, [tokens, readUser]);

  const value = useMemo<Session>(
    () => ({
      api,
      user: tokenSet ? (current?.user ?? null) : null,
      loading: Boolean(tokenSet) && !current?.known && !signingOut,
      signIn,
      signOut,
      refreshUser,
    }),
    [api, tokenSet, current, signingOut, signIn, signOut, refreshUser],
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
