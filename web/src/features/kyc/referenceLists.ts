// The KYC forms' reference lists (server/src/db/migrations 0101-0103: ref_codes) in the reader's
// language. The server answers with the codes and their English labels; a country (ISO 3166-1
// alpha-2 code) is named by Intl.DisplayNames, every other list's choice by the catalogue
// (`kycList.<category>.<code>`), and the list is sorted by the shown name as the language sorts
// ('Other'/'Others' stays last). English keeps the server's labels. The values stay the codes.
import { useCallback } from 'react';
import { i18n } from '../../i18n/language.ts';
import { useT } from '../../i18n/useT.ts';

export interface ListChoice {
  value: string;
  label: string;
}

/** A column of a KYC screen → the ref_codes category its choices come from. */
export const listCategories: Readonly<Record<string, string>> = {
  GenderCd15: 'gender',
  NationalityId15: 'country',
  CountryOfResId15: 'country',
  CountryOfBirthId15: 'country',
  IdIssueCountryId15: 'country',
  IndustryId15: 'industry',
  OccupationId15: 'occupation',
  SourceOfFundsId15: 'sourceOfFunds',
  SourceOfWealthId15: 'sourceOfWealth',
  PurposeId15: 'purpose',
  IdTypeId15: 'idType',
  EntityTypeId16: 'entityType',
  OwnershipTypeId16: 'ownershipType',
  BusinessTypeId16: 'businessType',
  CountryOfIncorpId16: 'country',
  CountryOfOpId16: 'country',
  CountryOfAddrId16: 'country',
  SourceOfFundsId16: 'sourceOfFunds',
  BusSourceOfWealthId16: 'sourceOfWealth',
  PurposeId16: 'purpose',
  RequestTypeId51: 'requestType',
};

/** The catalogue's text of `id`, or undefined when the catalogue has none. */
export type CatalogueText = (id: string) => string | undefined;

const regionNames = new Map<string, Intl.DisplayNames | null>();

function regionNamesOf(lang: string): Intl.DisplayNames | null {
  if (!regionNames.has(lang)) {
    try {
      regionNames.set(lang, new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' }));
    } catch {
      regionNames.set(lang, null);
    }
  }
  return regionNames.get(lang)!;
}

/** The name of one choice in `lang`: a country's from Intl, another's from the catalogue. */
export function choiceLabel(
  category: string | undefined,
  choice: { key: string; label: string },
  lang: string,
  text: CatalogueText,
): string {
  if (lang === 'en' || !category) return choice.label;
  if (category === 'country') {
    if (!/^[A-Z]{2}$/.test(choice.key)) return choice.label;
    return regionNamesOf(lang)?.of(choice.key) ?? choice.label;
  }
  return text(`kycList.${category}.${choice.key}`) ?? choice.label;
}

const isOther = (englishLabel: string) => /^others?$/i.test(englishLabel.trim());

/**
 * The choices of `column` (`listCategories`) from the server's list, named in `lang` and sorted by
 * that name; 'Other'/'Others' (which enables a free-text box) stays last.
 */
export function localizedChoices(
  column: string,
  list: readonly { key: string; label: string }[],
  lang: string,
  text: CatalogueText,
): ListChoice[] {
  const category = listCategories[column];
  const collator = new Intl.Collator(lang, { sensitivity: 'base' });
  return list
    .map((c) => ({ value: c.key, label: choiceLabel(category, c, lang, text), other: isOther(c.label) }))
    .sort((a, b) => Number(a.other) - Number(b.other) || collator.compare(a.label, b.label))
    .map(({ value, label }) => ({ value, label }));
}

/** The active catalogue's text of `id`, or undefined when it has none. */
export const catalogueText: CatalogueText = (id) => {
  const text = i18n._(id);
  return text === id ? undefined : text;
};

/** `localizedChoices` in the active language; re-renders pick up a language switch. */
export function useLocalizedChoices(): (
  column: string,
  list: readonly { key: string; label: string }[] | undefined,
) => ListChoice[] {
  const { lang } = useT();
  return useCallback((column, list) => localizedChoices(column, list ?? [], lang, catalogueText), [lang]);
}
