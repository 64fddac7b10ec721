// @vitest-environment happy-dom
// The manage screen's validator table and the exit confirmation follow a language switch in place:
// the same elements re-render in German, without a reload.
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { languageOfCode } from '@payd/i18n';
import { activateLanguage } from '../../i18n/language.ts';
import { ManageValidatorTable } from './ManageValidatorTable.tsx';
import WithdrawConfirmModal from './WithdrawConfirmModal.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const NOW = Date.parse('2026-11-28T12:00:00Z');
const row = {
  PubKey5: `0x${'ab'.repeat(48)}`,
  ValidatorStatusCd5: '3',
  ValidatorStatusCd5Text: 'Active',
  WithdrawalKind5: '0x02',
  ActivationUtc5: new Date(NOW - (3 * 24 + 5) * 3_600_000).toISOString(),
  CreatedOnUtc5: '2026-11-20T08:30:00.000Z',
  ValidatorIndex5: null,
};

let root: Root;
let container: HTMLElement;

beforeEach(async () => {
  await activateLanguage(languageOfCode('en')!);
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  document.body.innerHTML = '';
  await activateLanguage(languageOfCode('en')!);
});

const switchTo = (code: string) => act(async () => activateLanguage(languageOfCode(code)!));

describe('switching language on the manage screens', () => {
  it('re-renders the validator table in German in the same elements', async () => {
    await act(async () =>
      root.render(
        <MantineProvider>
          <ManageValidatorTable rows={[row]} chainId={88} beaconUrl={null} now={NOW} linkText="" />
        </MantineProvider>,
      ),
    );
    const table = container.querySelector('[data-testid="manage-table"]')!;
    const cells = () => [...table.querySelectorAll('th, td')].map((c) => c.textContent);
    expect(cells()).toEqual([
      'Status',
      'Kind',
      'Address',
      'Created On',
      'Validator Index',
      'Uptime',
      'Explorer',
      'Active',
      '0x02',
      '0xabab…abab',
      '2026-11-20 08:30 UTC',
      'N/A',
      '3 days, 5 hours',
      '-',
    ]);
    await switchTo('de');
    expect(container.querySelector('[data-testid="manage-table"]')).toBe(table);
    const german = cells();
    expect(german.slice(0, 7)).toEqual([
      'Status',
      'Art',
      'Adresse',
      'Erstellt am',
      'Validator-Index',
      'Laufzeit',
      'Explorer',
    ]);
    expect(german.slice(10)).toEqual(['20. Nov. 2026, 08:30 UTC', 'k. A.', '3 Tage, 5 Stunden', '-']);
  });

  it('words the withdrawal confirmation in the chosen language and number', async () => {
    const render = (count: number) =>
      act(async () =>
        root.render(
          <MantineProvider>
            <WithdrawConfirmModal opened count={count} reason="" onCancel={() => {}} onConfirm={() => {}} />
          </MantineProvider>,
        ),
      );
    await render(2);
    const text = () => document.querySelector('[data-testid="withdraw-confirm-text"]')?.textContent;
    expect(text()).toMatch(/^You are withdrawing 2 validators \(64 ETH\)\. Their exits are signed/);
    await switchTo('fr');
    expect(text()).toMatch(/^Vous retirez 2 validateurs \(64 ETH\)\. Leurs sorties sont signées/);
    await render(1);
    expect(text()).toMatch(/^Vous retirez 1 validateur \(32 ETH\)\. Sa sortie est signée/);
  });
});
