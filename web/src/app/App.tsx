// Providers of the whole app: Mantine theme, toasts, react-query, config, API client, session, router.
import { Alert, Center, MantineProvider } from '@mantine/core';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { DEFAULT_SCOPE } from '@payd/schemas';
import { createApiClient } from '../api/client.ts';
import { isApiError } from '../api/errors.ts';
import { browserRenewalLock } from '../api/renewalLock.ts';
import { localTokenStore } from '../api/tokenStore.ts';
import { CLIENT_ID } from '../auth/loginFlow.ts';
import { resetGuardMemory } from '../auth/originStore.ts';
import { SessionProvider } from '../auth/session.tsx';
import {
  notifyFailure,
  notifyReplyMessage,
  TOAST_STACK_LIMIT,
  TOAST_TIMEOUT_MS,
} from '../notifications/notify.ts';
import { createAppRouter } from '../routes/router.tsx';
import { apiBaseOf, ConfigContext, type AppConfig } from './config.ts';
import { cssVariablesResolver, theme } from './theme.ts';

// The toast container (with its transitions and scroll lock) loads after the first page: /login
// must stay under its 200 kB of JavaScript. Toasts shown before it arrives wait in the store.
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

/** Failed requests notify unless they set meta.silent (forms that show the error inline). */
declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { silent?: boolean };
    queryMeta: { silent?: boolean };
  }
}

function createServices(config: AppConfig) {
  const tokens = localTokenStore();
  const router = createAppRouter();
  const api = createApiClient({
    baseUrl: apiBaseOf(config),
    fetch: (...args) => fetch(...args),
    tokens,
    lock: browserRenewalLock(),
    scope: () => DEFAULT_SCOPE,
    clientId: CLIENT_ID,
    onSessionEnded: () => {
      resetGuardMemory();
      void router.navigate('/login', { replace: true });
    },
  });
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
  return { tokens, router, api, queryClient };
}

export function App({ config }: { config: AppConfig }) {
  const [services] = useState(() => createServices(config));
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Suspense fallback={null}>
        <Notifications position="bottom-center" limit={TOAST_STACK_LIMIT} autoClose={TOAST_TIMEOUT_MS} />
      </Suspense>
      <QueryClientProvider client={services.queryClient}>
        <ConfigContext.Provider value={config}>
          <SessionProvider api={services.api} tokens={services.tokens}>
            <RouterProvider router={services.router} />
          </SessionProvider>
        </ConfigContext.Provider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

export function ConfigFailure({ message }: { message: string }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Center mih="100vh" p="md">
        <Alert color="red" title="payd cannot start" maw={520}>
          {message}
        </Alert>
      </Center>
    </MantineProvider>
  );
}
