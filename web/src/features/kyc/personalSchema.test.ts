import { describe, expect, it } from 'vitest';
import {
  addMonths,
  ageOn,
  formFromRow,
  firstErrorField,
  othersEnabled,
  personalFieldErrors,
  personalMessages,
  rowFromForm,
  validatePersonal,
  type PersonalForm,
} from './personalSchema.ts';

const today = new Date('2026-11-22T10:00:00Z');
const valid: PersonalForm = {
  name: 'Alice Liddell',
  gender: 'F',
  nationality: 'GB',
  residency: 'GB',
  countryOfBirth: 'GB',
  birthday: '1990-05-04',
  occupation: '3',
  industry: '2',
  sourceOfFunds: '1',
  othersOfFunds: '',
  sourceOfWealth: '1',
  othersOfWealth: '',
  purpose: '1',
  othersOfPurpose: '',
  annualIncome: '85000.50',
  pep: 'N',
  idType: '1',
  idNumber: 'X1234567',
  idIssueCountry: 'GB',
  issueDate: '2020-01-01',
  expiryDate: '2030-01-01',
  contactNumber: '+44 20 7946 0000',
  address: '1 Rabbit Hole Lane, Oxford',
  postalCode: 'OX1 1AA',
};

describe('personal details schema', () => {
  it('accepts a complete form', () => {
    expect(validatePersonal(valid, today)).toEqual({});
  });

  it('reports every empty field with its spec message', () => {
    const empty = Object.fromEntries(Object.keys(valid).map((k) => [k, ''])) as PersonalForm;
    const errors = validatePersonal(empty, today);
    expect(errors).toMatchObject({
      name: 'Please enter name',
      gender: 'Please select a gender',
      nationality: 'Please select a nationality',
      residency: 'Please select a country of residency',
      countryOfBirth: 'Please select a country of birth',
      birthday: 'Please select date of birth',
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
    });
    expect(errors.othersOfFunds).toBeUndefined();
  });

  it('needs an age of at least 18 on the day', () => {
    expect(validatePersonal({ ...valid, birthday: '2008-11-22' }, today).birthday).toBeUndefined();
    expect(validatePersonal({ ...valid, birthday: '2008-11-23' }, today).birthday).toBe(
      'Age is less than 18 years old',
    );
    expect(ageOn('2008-11-23', today)).toBe(17);
    expect(ageOn('2008-02-30', today)).toBeNull();
  });

  it('needs the ID to expire at least 6 months ahead', () => {
    expect(addMonths(today, 6)).toBe('2027-05-22');
    expect(validatePersonal({ ...valid, expiryDate: '2027-05-22' }, today).expiryDate).toBeUndefined();
    expect(validatePersonal({ ...valid, expiryDate: '2027-05-21' }, today).expiryDate).toBe(
      personalMessages.expirySoon,
    );
    expect(addMonths(new Date('2026-08-31T00:00:00Z'), 6)).toBe('2027-02-28');
  });

  it('says a third decimal of income is more than cents, not that the income is missing', () => {
    expect(validatePersonal({ ...valid, annualIncome: '85000.123' }, today).annualIncome).toBe(
      'Annual income has at most 2 decimal places (cents).',
    );
    expect(validatePersonal({ ...valid, annualIncome: '-5' }, today).annualIncome).toBeDefined();
    expect(validatePersonal({ ...valid, annualIncome: 'abc' }, today).annualIncome).toBeDefined();
  });

  it('refuses an ID issued in the future or on or after its expiry date', () => {
    expect(validatePersonal({ ...valid, issueDate: '2026-11-23' }, today).issueDate).toBe(
      'Issue date cannot be in the future',
    );
    expect(validatePersonal({ ...valid, issueDate: '2026-11-22' }, today).issueDate).toBeUndefined();
    expect(
      validatePersonal({ ...valid, issueDate: '2025-01-01', expiryDate: '2024-12-31' }, today).issueDate,
    ).toBe('Issue date must be before the expiry date');
  });

  it("enables the 'others' boxes only for funds 8, wealth 5 and purpose 4", () => {
    expect(othersEnabled({ ...valid, sourceOfFunds: '8' }, 'othersOfFunds')).toBe(true);
    expect(othersEnabled({ ...valid, sourceOfFunds: '5' }, 'othersOfFunds')).toBe(false);
    expect(othersEnabled({ ...valid, sourceOfWealth: '5' }, 'othersOfWealth')).toBe(true);
    expect(othersEnabled({ ...valid, sourceOfWealth: '8' }, 'othersOfWealth')).toBe(false);
    expect(othersEnabled({ ...valid, purpose: '4' }, 'othersOfPurpose')).toBe(true);
    expect(othersEnabled({ ...valid, purpose: '8' }, 'othersOfPurpose')).toBe(false);
  });

  it('maps to the KycPerson15 row, clearing disabled others boxes, and back', () => {
    const row = rowFromForm(
      { ...valid, othersOfFunds: 'lottery', othersOfPurpose: 'savings', purpose: '4' },
      { KycPersonId15: 7, RowVersion15: 3, InternalStatus15: 'P2' },
    );
    expect(row).toMatchObject({
      KycPersonId15: 7,
      RowVersion15: 3,
      Name15: 'Alice Liddell',
      DateOfBirth15: '1990-05-04',
      AnnualIncome15: '85000.50',
      PhoneNbrs15: '+44 20 7946 0000',
      OthersOfFunds15: null,
      OthersOfPurpose15: 'savings',
    });
    expect(row).not.toHaveProperty('InternalStatus15');
    expect(formFromRow(row).name).toBe('Alice Liddell');
    expect(formFromRow({}).name).toBe('');
  });
});

describe('server errors on the personal form', () => {
  it('puts each column error by its field, the first per field, and drops unknown columns', () => {
    expect(
      personalFieldErrors([
        { field: 'mst.Name15', message: 'Name is required' },
        { field: 'Name15', message: 'second' },
        { field: 'mst.PostalCode15', message: 'Postal code is too long' },
        { field: 'mst.Nothing', message: 'ignored' },
      ]),
    ).toEqual({ name: 'Name is required', postalCode: 'Postal code is too long' });
  });

  it('scrolls to the first field with an error in the form order', () => {
    expect(firstErrorField({ postalCode: 'x', gender: 'y' })).toBe('gender');
    expect(firstErrorField({})).toBeUndefined();
  });
});
