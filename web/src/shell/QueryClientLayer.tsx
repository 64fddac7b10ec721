// The react-query client of every page but /login, loaded with the first such page (RootLayout):
// /login needs no query cache, and TanStack Query is 11 kB of its JavaScript. One client for the
// life of the tab, so the cache outlives a visit to /login; cleared at every sign-out.
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../api/errors.ts';
import { onSignedOut } from './session/session.tsx';
import { notifyFailure, notifyReplyMessage } from '../notifications/notify.ts';

/** Failed requests notify unless they set meta.silent (forms that show the error inline). */
declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { silent?: boolean };
    queryMeta: { silent?: boolean };
  }
}

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
  queryCache: new QueryCache({
    // Only payd API calls: wallet and chain queries (wagmi) show their state where they are used.
    onError: (error, query) => {
      if (!query.meta?.silent && isApiError(error)) notifyFailure(error);
    },
  }),
  mutationCache: new MutationCache({
    // wagmi's own mutations (keyed: connect, switchChain...) show their errors in the wallet UI.
    onError: (error, _v, _c, mutation) => {
      if (!mutation.meta?.silent && (isApiError(error) || !mutation.options.mutationKey))
        notifyFailure(error);
    },
    onSuccess: (data, _v, _c, mutation) => {
      if (
        !mutation.meta?.silent &&
        !mutation.options.mutationKey &&
        data &&
        typeof data === 'object' &&
        'message' in data
      )
        notifyReplyMessage(data as { message?: string });
    },
  }),
});
onSignedOut(() => queryClient.clear());

export default function QueryClientLayer({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
