// The signed-in session: tokens (shared by every tab), the current user from GetCurrentUsrInfo,
// and sign-in/out. The session state is fully reset on logout (spec 002 section 4).
import { useQuery, useQueryClient } from '@tanstack/react-query';
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
export const CURRENT_USER_KEY = ['auth', 'GetCurrentUsrInfo'] as const;

export function SessionProvider({
  api,
  tokens,
  children,
}: {
  api: ApiClient;
  tokens: TokenStore;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const tokenSet = useSyncExternalStore(tokens.subscribe, () => tokens.get()?.access_token ?? null);
  const [signingOut, setSigningOut] = useState(false);

  const userQuery = useQuery({
    queryKey: [...CURRENT_USER_KEY, tokenSet],
    enabled: Boolean(tokenSet) && !signingOut,
    retry: false,
    staleTime: 60_000,
    // Without a user the guards send the person to /login; no toast needed.
    meta: { silent: true },
    queryFn: async () => (await api.call<CurrentUsrInfo>('auth', 'GetCurrentUsrInfo', {})).data ?? null,
  });

  // Another tab signed out: forget everything this tab knew about the session.
  useEffect(() => {
    if (!tokenSet) queryClient.removeQueries({ queryKey: CURRENT_USER_KEY });
  }, [tokenSet, queryClient]);

  const signIn = useCallback(
    async (t: TokenSet) => {
      tokens.set(t);
      const info = (await api.call<CurrentUsrInfo>('auth', 'GetCurrentUsrInfo', {})).data ?? null;
      queryClient.setQueryData([...CURRENT_USER_KEY, t.access_token], info);
      return info;
    },
    [api, tokens, queryClient],
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
      queryClient.clear();
      setSigningOut(false);
    }
  }, [api, tokens, queryClient]);

  const refreshUser = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  }, [queryClient]);

  const value = useMemo<Session>(
    () => ({
      api,
      user: tokenSet ? (userQuery.data ?? null) : null,
      loading: Boolean(tokenSet) && userQuery.isPending && !signingOut,
      signIn,
      signOut,
      refreshUser,
    }),
    [api, tokenSet, userQuery.data, userQuery.isPending, signingOut, signIn, signOut, refreshUser],
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
