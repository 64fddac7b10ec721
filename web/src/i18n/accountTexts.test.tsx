// @vitest-environment happy-dom
// The account pages (issue 28): the English their pure rules and packages/schemas word (the
// onboarding steps, the passkey and 'confirm it's you' messages) is each a catalogue text shown in
// the active language, and a page changes its words in place when the language changes.
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { languageOfCode } from '@payd/i18n';
import { confirmIdentityMessages, passkeyMessages } from '@payd/schemas';
import { onboardingSteps, type CustomerProgress } from '../features/accounts/landing.ts';
import { TermsPage } from '../features/accounts/TermsPage.tsx';
import { Amount } from '../ui/Amount.tsx';
import { activateLanguage, englishTextId, i18n } from './language.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const kyc = (status: string) => ({ status, reason: '', liveness: 'Y', disclosures: 'Y' });

/** Every word the onboarding steps can show, over the stages a customer goes through. */
function stepTexts(): string[] {
  const progress: CustomerProgress[] = [
    { person: null, corporate: null, walletCodes: [], kycOnly: false },
    { person: kyc('P1'), corporate: null, walletCodes: [], kycOnly: false },
    { person: kyc('DE'), corporate: null, walletCodes: [], kycOnly: false },
    { person: kyc('AP'), corporate: null, walletCodes: [], kycOnly: false },
    { person: kyc('AP'), corporate: null, walletCodes: ['A'], kycOnly: false },
  ] as CustomerProgress[];
  const steps = progress.flatMap((p) =>
    [0, 1].flatMap((passkeys) => onboardingSteps(p, { passkeys, wallets: 0 })),
  );
  return [...new Set(steps.flatMap((s) => [s.title, s.text, s.cta]))];
}

describe('the account pages’ English rule texts', () => {
  it('each has its message, shown in German on a German page', async () => {
    await activateLanguage(languageOfCode('de')!);
    const texts = [
      ...stepTexts(),
      ...Object.values(passkeyMessages),
      ...Object.values(confirmIdentityMessages),
    ];
    expect(stepTexts().length).toBe(17);
    for (const text of texts) {
      const id = englishTextId(text);
      expect(id, text).toBeDefined();
      expect(i18n._(id!), text).not.toBe(text);
    }
    expect(i18n._(englishTextId(passkeyMessages.nameTooLong)!)).toBe(
      'Der Name darf höchstens 64 Zeichen lang sein',
    );
  });
});

describe('switching language on the account pages', () => {
  let root: Root;
  let container: HTMLElement;

  beforeEach(async () => {
    await activateLanguage(languageOfCode('en')!);
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    const page = (
      <>
        <TermsPage />
        <Amount value="1234.500000000000000001" testId="amount" />
      </>
    );
    const router = createMemoryRouter([{ path: '/terms', element: page }], { initialEntries: ['/terms'] });
    await act(async () =>
      root.render(
        <MantineProvider>
          <RouterProvider router={router} />
        </MantineProvider>,
      ),
    );
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  it('shows the terms, their date and an amount in the new language, in the same elements', async () => {
    const heading = container.querySelector('h1')!;
    const amount = container.querySelector('[data-testid="amount"]')!;
    expect(heading.textContent).toBe('payd terms of service');
    expect(container.textContent).toContain('Last updated November 28, 2026');
    expect(container.textContent).toContain('Your wallet and its keys. payd never holds');
    expect(amount.textContent).toBe('1,234.50000000 ETH');

    await act(() => activateLanguage(languageOfCode('de')!));

    expect(container.querySelector('h1')).toBe(heading);
    expect(heading.textContent).toBe('Allgemeine Geschäftsbedingungen von payd');
    expect(container.textContent).toContain('Zuletzt geändert am 28. November 2026');
    expect(container.textContent).toContain('Ihre Wallet und ihre Schlüssel. payd verwahrt');
    expect(container.querySelector('a[href="/Pricing"]')!.textContent).toBe('Preise');
    expect(container.textContent).not.toContain('Your wallet');
    expect(amount.textContent).toBe('1.234,50000000 ETH');
    expect(amount.getAttribute('data-full')).toBe('1,234.500000000000000001');
  });
});
