// The messages of the personal-details form (spec 002 sections 3 and 5), verbatim, and the rules
// both sides apply: the web form shows them, the server's KycPerson15 screen answers with the
// same text.
export const personalMessages = {
  name: 'Please enter name',
  gender: 'Please select a gender',
  nationality: 'Please select a nationality',
  residency: 'Please select a country of residency',
  countryOfBirth: 'Please select a country of birth',
  birthday: 'Please select date of birth',
  underAge: 'Age is less than 18 years old',
  occupation: 'Please select an occupation',
  industry: 'Please select an industry',
  sourceOfFunds: 'Please select a source of funds',
  sourceOfWealth: 'Please select a source of wealth',
  purpose: 'Please select a purpose',
  pep: 'Please select yes or no.',
  idIssueCountry: 'Please select an Id issuance country',
  idType: 'Please select an Id type',
  idNumber: 'Please enter ID number',
  address: 'Please enter address',
  postalCode: 'Please enter postal code',
  contactNumber: 'Please enter contact number',
  annualIncome: 'Please enter annual income.',
  issueDate: 'Please select issue date',
  expiryDate: 'Please select expiry date',
  expirySoon: 'Expiry date is less than 6 months',
  // Beyond the spec's list (issue 24): an ID is issued before it expires and not after today,
  // and income is US dollars and cents.
  issueDateFuture: 'Issue date cannot be in the future',
  issueAfterExpiry: 'Issue date must be before the expiry date',
  annualIncomeNumber: 'Please enter annual income as a number of US dollars, e.g. 85000 or 85000.50.',
  annualIncomeCents: 'Annual income has at most 2 decimal places (cents).',
  annualIncomeTooLarge: 'Annual income must be less than 10 000 000 000 000 000 USD.',
} as const;

/** Digits a stored annual income keeps before its 2 decimals (numeric(20,2) leaves room for 18). */
const INCOME_WHOLE_DIGITS = 16;

/**
 * Why an annual income (spec 002: a number, USD) is refused, or undefined. Empty is the spec's
 * 'Please enter annual income.'; a number with more than cents says so rather than asking again.
 */
export function annualIncomeProblem(value: string): string | undefined {
  const v = value.trim();
  if (v === '') return personalMessages.annualIncome;
  const m = /^(\d+)(?:\.(\d+))?$/.exec(v);
  if (!m) return personalMessages.annualIncomeNumber;
  if ((m[2] ?? '').length > 2) return personalMessages.annualIncomeCents;
  if (m[1]!.replace(/^0+(?=\d)/, '').length > INCOME_WHOLE_DIGITS)
    return personalMessages.annualIncomeTooLarge;
  return undefined;
}

/**
 * Why an ID's issue date (yyyy-mm-dd) is refused given its expiry date and today (yyyy-mm-dd,
 * UTC), or undefined: not after today, and before the expiry date. Either date missing or
 * unreadable is the required rules' concern, not this one's.
 */
export function issueDateProblem(issueDate: string, expiryDate: string, today: string): string | undefined {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  const issue = issueDate.trim().slice(0, 10);
  if (!day.test(issue)) return undefined;
  if (issue > today) return personalMessages.issueDateFuture;
  const expiry = expiryDate.trim().slice(0, 10);
  if (day.test(expiry) && issue >= expiry) return personalMessages.issueAfterExpiry;
  return undefined;
}
