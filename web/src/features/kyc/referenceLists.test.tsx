// @vitest-environment happy-dom
// The personal details form's lists in the reader's language: countries named by Intl from their
// ISO code, occupations and the other lists from the catalogue, sorted as the language sorts, the
// values still the server's codes; switching language renames them in place.
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { languageOfCode } from '@payd/i18n';
import { activateLanguage } from '../../i18n/language.ts';
import { PersonalFields } from './PersonalFields.tsx';
import { formFromRow } from './personalSchema.ts';
import { catalogueText, localizedChoices } from './referenceLists.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// happy-dom has no FontFaceSet; the address box's autosize listens to it.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() });

// As the server lists them (ref_codes, English labels, sorted by the English name).
const countries = [
  { key: 'AT', label: 'Austria' },
  { key: 'DE', label: 'Germany' },
  { key: 'SG', label: 'Singapore' },
  { key: 'GB', label: 'United Kingdom' },
  { key: 'US', label: 'United States' },
];
const occupations = [
  { key: '1', label: 'Accountant' },
  { key: '17', label: 'Software developer' },
  { key: '18', label: 'Student' },
  { key: '21', label: 'Other' },
];
const lookups = {
  NationalityId15: countries,
  CountryOfResId15: countries,
  CountryOfBirthId15: countries,
  IdIssueCountryId15: countries,
  OccupationId15: occupations,
  SourceOfFundsId15: [
    { key: '1', label: 'Salary or employment income' },
    { key: '8', label: 'Others' },
  ],
};

const de = languageOfCode('de')!;
const en = languageOfCode('en')!;

describe('localizedChoices', () => {
  it('names countries in German by their ISO code and sorts them as German does', async () => {
    await activateLanguage(de);
    expect(localizedChoices('NationalityId15', countries, 'de', catalogueText)).toEqual([
      { value: 'DE', label: 'Deutschland' },
      { value: 'AT', label: 'Österreich' },
      { value: 'SG', label: 'Singapur' },
      { value: 'US', label: 'Vereinigte Staaten' },
      { value: 'GB', label: 'Vereinigtes Königreich' },
    ]);
  });

  it('names occupations from the German catalogue, Other last, values the codes', async () => {
    await activateLanguage(de);
    expect(localizedChoices('OccupationId15', occupations, 'de', catalogueText)).toEqual([
      { value: '1', label: 'Buchhalter/in' },
      { value: '17', label: 'Softwareentwickler/in' },
      { value: '18', label: 'Student/in' },
      { value: '21', label: 'Sonstiges' },
    ]);
  });

  it('keeps the English names of the reference data in English', async () => {
    await activateLanguage(en);
    expect(localizedChoices('CountryOfResId15', countries, 'en', catalogueText).map((c) => c.label)).toEqual(
      countries.map((c) => c.label),
    );
    expect(
      localizedChoices('CountryOfResId15', [{ key: 'CI', label: "Côte d'Ivoire" }], 'en', catalogueText),
    ).toEqual([{ value: 'CI', label: "Côte d'Ivoire" }]);
  });

  it('shows a code the catalogue does not know with the server’s label', async () => {
    await activateLanguage(de);
    expect(
      localizedChoices('OccupationId15', [{ key: '99', label: 'Astronaut' }], 'de', catalogueText),
    ).toEqual([{ value: '99', label: 'Astronaut' }]);
  });
});

let root: Root;
let container: HTMLElement;

beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  document.body.innerHTML = '';
  await activateLanguage(en);
});

async function renderForm(chosen: Record<string, string | null>) {
  await act(async () =>
    root.render(
      <MantineProvider>
        <PersonalFields
          form={formFromRow({})}
          errors={{}}
          locked={false}
          set={(f) => (v) => (chosen[f] = v)}
          lookups={lookups}
        />
      </MantineProvider>,
    ),
  );
}

/** The options the select `id` lists once opened. */
async function optionsOf(id: string): Promise<string[]> {
  const input = document.getElementById(id) as HTMLInputElement;
  await act(async () => {
    input.click();
  });
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
  const options = [...(listbox ?? document).querySelectorAll('[role="option"]')].map(
    (o) => o.textContent ?? '',
  );
  await act(async () => {
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  });
  return options;
}

describe('the personal details form', () => {
  it('lists countries and occupations in German, and in English after a switch without a reload', async () => {
    await activateLanguage(de);
    const chosen: Record<string, string | null> = {};
    await renderForm(chosen);
    const nationalities = await optionsOf('kyc-nationality');
    expect(nationalities).toContain('Deutschland');
    expect(nationalities).toContain('Vereinigte Staaten');
    expect(nationalities.indexOf('Deutschland')).toBeLessThan(nationalities.indexOf('Österreich'));
    expect(await optionsOf('kyc-occupation')).toEqual([
      'Buchhalter/in',
      'Softwareentwickler/in',
      'Student/in',
      'Sonstiges',
    ]);
    const input = document.getElementById('kyc-nationality');
    await act(async () => activateLanguage(en));
    expect(document.getElementById('kyc-nationality')).toBe(input);
    expect(await optionsOf('kyc-nationality')).toContain('Germany');
    expect(await optionsOf('kyc-occupation')).toContain('Software developer');
  }, 20_000); // a whole form of Mantine selects renders slowly on a busy machine
});
