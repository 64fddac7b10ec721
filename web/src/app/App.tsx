// Providers of the whole app: Mantine theme, toasts, config, API client, session, router. The
// react-query client comes with the first page that uses it (RootLayout, QueryClientLayer.tsx).
import { Alert, Center, MantineProvider } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { DEFAULT_SCOPE } from '@payd/schemas';
import { createApiClient } from '../api/client.ts';
import { browserRenewalLock } from '../api/renewalLock.ts';
import { localTokenStore } from '../api/tokenStore.ts';
import { CLIENT_ID } from '../features/accounts/loginFlow.ts';
import { resetGuardMemory } from '../shell/session/originStore.ts';
import { SessionProvider, useSession } from '../shell/session/session.tsx';
import {
  TOAST_MAX_WIDTH,
  TOAST_POSITION,
  TOAST_STACK_LIMIT,
  TOAST_TIMEOUT_MS,
} from '../notifications/notify.ts';
import { createAppRouter } from '../routes/router.tsx';
import { activeLanguage, i18n } from '../i18n/language.ts';
import { apiBaseOf, ConfigContext, ConfigError, type AppConfig } from '../shell/config.ts';
import { cssVariablesResolver, theme } from './theme.ts';

// The toast container (with its transitions and scroll lock) loads after the first page: /login
// must stay under its 200 kB of JavaScript. Toasts shown before it arrives wait in the store.
// The account's language is reconciled once someone is signed in: /login does without its code.
const AccountLanguage = lazy(() => import('../i18n/AccountLanguage.tsx'));
function SignedInLanguage() {
  return useSession().user ? (
    <Suspense fallback={null}>
      <AccountLanguage />
    </Suspense>
  ) : null;
}

const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

function createServices(config: AppConfig) {
  const tokens = localTokenStore();
  const router = createAppRouter();
  const api = createApiClient({
    baseUrl: apiBaseOf(config),
    fetch: (...args) => fetch(...args),
    tokens,
    lock: browserRenewalLock(),
    // Every call in the language on screen: server messages and e-mails answer in it.
    scope: () => ({ ...DEFAULT_SCOPE, cultureId: activeLanguage().cultureId }),
    clientId: CLIENT_ID,
    onSessionEnded: () => {
      resetGuardMemory();
      void router.navigate('/login', { replace: true });
    },
  });
  return { tokens, router, api };
}

export function App({ config }: { config: AppConfig }) {
  const [services] = useState(() => createServices(config));
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Suspense fallback={null}>
        <Notifications
          position={TOAST_POSITION}
          containerWidth={TOAST_MAX_WIDTH}
          limit={TOAST_STACK_LIMIT}
          autoClose={TOAST_TIMEOUT_MS}
        />
      </Suspense>
      <ConfigContext.Provider value={config}>
        <SessionProvider api={services.api} tokens={services.tokens}>
          <SignedInLanguage />
          <RouterProvider router={services.router} />
        </SessionProvider>
      </ConfigContext.Provider>
    </MantineProvider>
  );
}

/** The page when payd cannot start: in the browser's language once its catalogue has loaded, else
 * in English (the catalogue itself may be what failed). */
export function ConfigFailure({ error }: { error: Error }) {
  const translated = Boolean(i18n.locale && i18n.messages['framework.config.title']);
  const message = translated && error instanceof ConfigError ? i18n._(error.id, error.values) : error.message;
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Center mih="100vh" p="md">
        <Alert
          color="red"
          title={translated ? i18n._('framework.config.title') : 'payd cannot start'}
          maw={520}
        >
          {message}
        </Alert>
      </Center>
    </MantineProvider>
  );
}
