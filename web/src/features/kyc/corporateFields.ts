// The fields of the business KYC record (KycCorporate16, spec 002 section 3) as /corporate-detail
// shows them, and how a wire value reads on the page.

export interface CorporateField {
  name: string;
  label: string;
  /** dropdown: a reference-data choice (Get{name}List); yesNo: Y/N; long: multi-line text. */
  kind: 'text' | 'dropdown' | 'yesNo' | 'long';
}

export const corporateFields = [
  { name: 'Name16', label: 'Company Name', kind: 'text' },
  { name: 'IncorpNumber16', label: 'Incorporation Number', kind: 'text' },
  { name: 'EntityTypeId16', label: 'Entity Type', kind: 'dropdown' },
  { name: 'OwnershipTypeId16', label: 'Ownership Type', kind: 'dropdown' },
  { name: 'BusinessTypeId16', label: 'Business Type', kind: 'dropdown' },
  { name: 'Pep16', label: 'Politically Exposed Person', kind: 'yesNo' },
  { name: 'CountryOfIncorpId16', label: 'Country of Incorporation', kind: 'dropdown' },
  { name: 'CountryOfOpId16', label: 'Country of Operation', kind: 'dropdown' },
  { name: 'CountryOfAddrId16', label: 'Country of Address', kind: 'dropdown' },
  { name: 'SourceOfFundsId16', label: 'Source of Funds', kind: 'dropdown' },
  { name: 'BusSourceOfWealthId16', label: 'Source of Wealth', kind: 'dropdown' },
  { name: 'PurposeId16', label: 'Purpose', kind: 'dropdown' },
  { name: 'PhoneNbrs16', label: 'Contact Number', kind: 'text' },
  { name: 'Addresses16', label: 'Address', kind: 'long' },
] as const satisfies readonly CorporateField[];

/** Related persons (KycCorpCrp23 rows). */
export const relatedPersonColumns = [
  { name: 'KycPersonId23', label: 'Person' },
  { name: 'KycCorpRelationId23', label: 'Relation' },
  { name: 'RoleId23', label: 'Role' },
  { name: 'DateAppointed23', label: 'Date Appointed' },
  { name: 'DateResigned23', label: 'Date Resigned' },
  { name: 'Active23', label: 'Active' },
] as const;

export const yesNo: Record<string, string> = { Y: 'Yes', N: 'No' };

/**
 * A field's value as text: the stored value (a dropdown's key), or with `display` what a person
 * reads — the server's `{name}Text` label when there is one, Yes/No for flags, dates as 'MMMM D, YYYY'
 * in English, as the language `lang` writes a long date otherwise.
 */
export function corporateValue(
  row: Record<string, unknown>,
  name: string,
  display = false,
  lang = 'en-US',
): string {
  const raw = row[name];
  const value = raw === undefined || raw === null ? '' : String(raw);
  if (!display) return value;
  const text = row[`${name}Text`];
  if (text !== undefined && text !== null && text !== '') return String(text);
  if (value in yesNo) return yesNo[value]!;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) {
    const d = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
    return d.toLocaleDateString(lang, { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  }
  return value;
}

/**
 * The choices of a dropdown field from the server's list (`lists['Get<name>List']`); a stored value
 * the list does not hold (a retired code) is added with its stored text so it still shows.
 * `localize` names and orders the list (referenceLists.ts `localizedChoices`).
 */
export function dropdownChoices(
  row: Record<string, unknown>,
  name: string,
  lists: Record<string, { key: string; label: string }[]>,
  localize: (name: string, list: { key: string; label: string }[]) => { value: string; label: string }[] = (
    _,
    list,
  ) => list.map((c) => ({ value: c.key, label: c.label })),
): { value: string; label: string }[] {
  const value = corporateValue(row, name);
  const choices = localize(name, lists[`Get${name}List`] ?? []);
  if (value && !choices.some((c) => c.value === value))
    choices.push({ value, label: String(row[`${name}Text`] ?? value) });
  return choices;
}
