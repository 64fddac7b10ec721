// @vitest-environment happy-dom
// Switching language re-renders the page's texts in place: no reload, the same document and
// elements, the choice remembered in this browser and carried by the next API call.
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@payd/i18n';
import { createApiClient } from '../api/client.ts';
import { inTabLock } from '../api/renewalLock.ts';
import { localTokenStore } from '../api/tokenStore.ts';
import { AuthCard } from '../features/accounts/AuthCard.tsx';
import { SessionProvider } from '../shell/session/session.tsx';
import { activateLanguage, activeLanguage, initialLanguage, storedChoice } from './language.ts';
import { useT } from './useT.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const english = LANGUAGES[0];

function Page() {
  const { t } = useT();
  return (
    <AuthCard title={t('login.title')}>
      <p>{t('credits.count', { count: 2 })}</p>
    </AuthCard>
  );
}

let root: Root;
let container: HTMLElement;

async function renderPage() {
  const api = createApiClient({
    baseUrl: '',
    fetch: () => Promise.reject(new Error('no network in this test')),
    tokens: localTokenStore(),
    lock: inTabLock(),
    scope: () => ({ systemId: 3, companyId: 1, projectId: 1, cultureId: activeLanguage().cultureId }),
    clientId: 'web',
  });
  const router = createMemoryRouter([{ path: '/login', element: <Page /> }], { initialEntries: ['/login'] });
  await act(async () =>
    root.render(
      <MantineProvider>
        <SessionProvider api={api} tokens={localTokenStore()}>
          <RouterProvider router={router} />
        </SessionProvider>
      </MantineProvider>,
    ),
  );
}

async function choose(langCode: string) {
  const select = container.querySelector('select')!;
  await act(async () => {
    select.value = langCode;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
  // The catalogue chunk loads asynchronously; wait until the page shows it.
  for (let i = 0; i < 50 && activeLanguage().langCode !== langCode; i++)
    await act(() => new Promise((r) => setTimeout(r, 10)));
}

describe('the language switcher', () => {
  beforeEach(async () => {
    localStorage.clear();
    await activateLanguage(english);
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await renderPage();
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  it('shows the page in the chosen language without a reload', async () => {
    const heading = container.querySelector('h1')!;
    expect(heading.textContent).toBe('Log in to payd');
    expect(container.textContent).toContain('2 credits');
    const page = window.location.href;

    await choose('de');

    expect(heading.textContent).toBe('Bei payd anmelden');
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.textContent).toContain('2 Credits');
    expect(container.querySelector('select')!.getAttribute('aria-label')).toBe('Sprache');
    expect(document.documentElement.lang).toBe('de');
    expect(window.location.href).toBe(page);

    await choose('zh-CN');
    expect(heading.textContent).toBe('登录 payd');
  });

  it('remembers a choice made signed out, for this browser and the next sign-in', async () => {
    await choose('fr');
    expect(storedChoice()).toEqual({ lang: 'fr', unsaved: true });
    expect(initialLanguage().langCode).toBe('fr');
    expect(activeLanguage().cultureId).toBe(3);
  });
});
