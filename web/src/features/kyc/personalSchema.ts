// The personal-details form of spec 002 (sections 3 and 5): its fields, their messages, the age and
// ID-expiry rules, the 'others' boxes, and the mapping to and from the KycPerson15 wire row.
import { annualIncomeProblem, issueDateProblem, personalMessages } from '@payd/schemas';

/** The form's messages, shared with the server (packages/schemas). */
export { personalMessages };

/** Form field → KycPerson15 column. */
export const personalColumns = {
  name: 'Name15',
  gender: 'GenderCd15',
  nationality: 'NationalityId15',
  residency: 'CountryOfResId15',
  countryOfBirth: 'CountryOfBirthId15',
  birthday: 'DateOfBirth15',
  occupation: 'OccupationId15',
  industry: 'IndustryId15',
  sourceOfFunds: 'SourceOfFundsId15',
  othersOfFunds: 'OthersOfFunds15',
  sourceOfWealth: 'SourceOfWealthId15',
  othersOfWealth: 'OthersOfWealth15',
  purpose: 'PurposeId15',
  othersOfPurpose: 'OthersOfPurpose15',
  annualIncome: 'AnnualIncome15',
  pep: 'Pep15',
  idType: 'IdTypeId15',
  idNumber: 'IdNumber15',
  idIssueCountry: 'IdIssueCountryId15',
  issueDate: 'IdIssueDate15',
  expiryDate: 'IdExpiryDate15',
  contactNumber: 'PhoneNbrs15',
  address: 'Addresses15',
  postalCode: 'PostalCode15',
} as const;

export type PersonalField = keyof typeof personalColumns;
export type PersonalForm = Record<PersonalField, string>;

/** The dropdown value that enables each 'others' box. */
export const othersEnabledBy = {
  othersOfFunds: { field: 'sourceOfFunds', value: '8' },
  othersOfWealth: { field: 'sourceOfWealth', value: '5' },
  othersOfPurpose: { field: 'purpose', value: '4' },
} as const satisfies Record<string, { field: PersonalField; value: string }>;

export function othersEnabled(form: PersonalForm, box: keyof typeof othersEnabledBy): boolean {
  const rule = othersEnabledBy[box];
  return form[rule.field] === rule.value;
}

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDay(s: string): { y: number; m: number; d: number } | null {
  const m = isoDate.exec(s);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return { y, m: mo, d };
}

/** Whole years between a yyyy-mm-dd birthday and `today` (UTC calendar days). */
export function ageOn(birthday: string, today: Date): number | null {
  const b = parseDay(birthday);
  if (!b) return null;
  const ty = today.getUTCFullYear();
  const tm = today.getUTCMonth() + 1;
  const td = today.getUTCDate();
  return ty - b.y - (tm < b.m || (tm === b.m && td < b.d) ? 1 : 0);
}

/** yyyy-mm-dd of `today` plus `months` calendar months (clamped to the month's last day). */
export function addMonths(today: Date, months: number): string {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const d = new Date(Date.UTC(y, m, Math.min(today.getUTCDate(), last)));
  return d.toISOString().slice(0, 10);
}

type Rule = (value: string) => string | undefined;

/** The value, trimmed, must not be empty; then each of `more` in turn. The first message wins. */
const required =
  (message: string, ...more: Rule[]): Rule =>
  (value) => {
    const v = value.trim();
    if (v.length === 0) return message;
    for (const rule of more) {
      const problem = rule(v);
      if (problem) return problem;
    }
    return undefined;
  };
const aDay =
  (message: string): Rule =>
  (v) =>
    parseDay(v) === null ? message : undefined;

/** Each checked field's rule; `today` fixes the age and expiry rules (tests pass a date). Plain
 * functions, not zod: the page's only rules, and zod would be a tenth of its JavaScript. */
function personalRules(today: Date, form: PersonalForm): Partial<Record<PersonalField, Rule>> {
  const sixMonths = addMonths(today, 6);
  const day = today.toISOString().slice(0, 10);
  return {
    name: required(personalMessages.name),
    gender: required(personalMessages.gender),
    nationality: required(personalMessages.nationality),
    residency: required(personalMessages.residency),
    countryOfBirth: required(personalMessages.countryOfBirth),
    birthday: required(personalMessages.birthday, aDay(personalMessages.birthday), (v) =>
      (ageOn(v, today) ?? 0) >= 18 ? undefined : personalMessages.underAge,
    ),
    occupation: required(personalMessages.occupation),
    industry: required(personalMessages.industry),
    sourceOfFunds: required(personalMessages.sourceOfFunds),
    sourceOfWealth: required(personalMessages.sourceOfWealth),
    purpose: required(personalMessages.purpose),
    annualIncome: annualIncomeProblem,
    pep: (v) => (v === 'Y' || v === 'N' ? undefined : personalMessages.pep),
    idType: required(personalMessages.idType),
    idNumber: required(personalMessages.idNumber),
    idIssueCountry: required(personalMessages.idIssueCountry),
    issueDate: required(personalMessages.issueDate, aDay(personalMessages.issueDate), (v) =>
      issueDateProblem(v, form.expiryDate, day),
    ),
    expiryDate: required(personalMessages.expiryDate, aDay(personalMessages.expiryDate), (v) =>
      v >= sixMonths ? undefined : personalMessages.expirySoon,
    ),
    contactNumber: required(personalMessages.contactNumber),
    address: required(personalMessages.address),
    postalCode: required(personalMessages.postalCode),
  };
}

/** Field → its message, for showing next to the fields. */
export function validatePersonal(form: PersonalForm, today: Date): Partial<Record<PersonalField, string>> {
  const out: Partial<Record<PersonalField, string>> = {};
  for (const [f, rule] of Object.entries(personalRules(today, form)) as [PersonalField, Rule][]) {
    const problem = rule(form[f]);
    if (problem) out[f] = problem;
  }
  return out;
}

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

export function formFromRow(row: Record<string, unknown>): PersonalForm {
  const out = {} as PersonalForm;
  for (const [f, col] of Object.entries(personalColumns)) out[f as PersonalField] = str(row[col]);
  return out;
}

/** The row sent to SaveData: key and version of the stored row plus the form's columns ('others'
 * boxes that are not enabled are cleared). */
export function rowFromForm(form: PersonalForm, stored: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {
    KycPersonId15: stored.KycPersonId15 ?? '',
    RowVersion15: stored.RowVersion15 ?? null,
  };
  for (const [f, col] of Object.entries(personalColumns)) {
    const v = form[f as PersonalField].trim();
    row[col] = v === '' ? null : v;
  }
  for (const box of Object.keys(othersEnabledBy) as (keyof typeof othersEnabledBy)[])
    if (!othersEnabled(form, box)) row[personalColumns[box]] = null;
  return row;
}

/** Server validation errors ('mst.Name15') keyed by the form field they belong to (the first per field). */
export function personalFieldErrors(
  validation: { field: string; message: string }[],
): Partial<Record<PersonalField, string>> {
  const byColumn = new Map(
    Object.entries(personalColumns).map(([f, c]) => [c as string, f as PersonalField]),
  );
  const out: Partial<Record<PersonalField, string>> = {};
  for (const v of validation) {
    const f = byColumn.get(v.field.replace(/^mst\./, ''));
    if (f && !out[f]) out[f] = v.message;
  }
  return out;
}

/** The first field with an error in the form's order, to scroll to. */
export function firstErrorField(errors: Partial<Record<PersonalField, string>>): PersonalField | undefined {
  return (Object.keys(personalColumns) as PersonalField[]).find((f) => errors[f]);
}
