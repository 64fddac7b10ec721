// @vitest-environment happy-dom
// The alert settings list every kind of @payd/schemas (a kind added there, as validator_slashed and
// request_confirmed were, gets its row without a change here), each with its e-mail and in-app box
// checked as the saved preferences say.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@payd/i18n';
import { ALERT_KIND_LABELS, ALERT_KINDS, DEFAULT_ALERT_PREFERENCES } from '@payd/schemas';
import { createApiClient } from '../../api/client.ts';
import { inTabLock } from '../../api/renewalLock.ts';
import { localTokenStore } from '../../api/tokenStore.ts';
import { SessionProvider } from '../../shell/session/session.tsx';
import { activateLanguage } from '../../i18n/language.ts';
import { AlertsPage } from './AlertsPage.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const json = (d: unknown) =>
  new Response(JSON.stringify({ d }), { status: 200, headers: { 'content-type': 'application/json' } });

/** The server's answers: the customer turned slashing e-mails off, and has no alert yet. */
const replies: Record<string, unknown> = {
  GetAlertPreferences: {
    Preferences: {
      ...DEFAULT_ALERT_PREFERENCES,
      channels: { validator_slashed: { email: false, inApp: true } },
    },
  },
  GetAlerts: { Alerts: [], Unread: 0 },
  GetUnreadAlertCount: { Unread: 0 },
};

let root: Root;
let container: HTMLElement;

async function renderPage() {
  const api = createApiClient({
    baseUrl: '',
    fetch: (async (url: string) => {
      const method = url.split('/').at(-1) ?? '';
      return json({ status: 'success', data: replies[method] });
    }) as typeof fetch,
    tokens: localTokenStore(),
    lock: inTabLock(),
    scope: () => ({ systemId: 3, companyId: 1, projectId: 1, cultureId: 1 }),
    clientId: 'web',
  });
  const router = createMemoryRouter([{ path: '/alerts', element: <AlertsPage /> }], {
    initialEntries: ['/alerts'],
  });
  await act(async () =>
    root.render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <SessionProvider api={api} tokens={localTokenStore()}>
            <RouterProvider router={router} />
          </SessionProvider>
        </QueryClientProvider>
      </MantineProvider>,
    ),
  );
  for (let i = 0; i < 50 && !container.querySelector('table[aria-label="Alert channels"]'); i++)
    await act(() => new Promise((r) => setTimeout(r, 10)));
}

const box = (label: string) => container.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);

describe('the alert settings', () => {
  beforeEach(async () => {
    localStorage.clear();
    await activateLanguage(LANGUAGES.find((l) => l.langCode === 'en')!);
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await renderPage();
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  it('list every alert kind with its two channels, as the saved preferences have them', () => {
    const rows = [...container.querySelectorAll('table[aria-label="Alert channels"] tbody tr')];
    expect(rows.map((r) => r.querySelector('td')?.textContent)).toEqual(
      ALERT_KINDS.map((k) => ALERT_KIND_LABELS[k]),
    );
    expect(rows.map((r) => r.querySelector('td')?.textContent)).toContain('Validator slashed');
    expect(rows.map((r) => r.querySelector('td')?.textContent)).toContain(
      'Deposit, top-up or request confirmed by the beacon chain',
    );
    expect(rows.map((r) => r.querySelector('td')?.textContent)).toContain(
      'Deposit or request ignored by the beacon chain',
    );
    expect(box('Validator slashed by e-mail')?.checked).toBe(false);
    expect(box('Validator slashed in the app')?.checked).toBe(true);
    expect(box('Deposit, top-up or request confirmed by the beacon chain by e-mail')?.checked).toBe(true);
    expect(box('Deposit or request ignored by the beacon chain in the app')?.checked).toBe(true);
  });
});
